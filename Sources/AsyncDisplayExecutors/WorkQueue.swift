import AsyncDisplayLocks
import Synchronization

/// One unit of work in a thread executor's queue.
enum WorkItem: @unchecked Sendable {
    // Safe: each item is handed over exactly once, from the enqueueing thread to the executor's
    // thread, through the queue's release/acquire publication; closures are @Sendable.
    case job(UnownedJob)
    /// A job to run under a pool's task executor; unretained, as the runtime holds task executors
    /// (their owner keeps them alive), and one word instead of `UnownedTaskExecutor`'s two.
    case taskJob(UnownedJob, Unmanaged<PoolTaskExecutor>)
    case closure(@Sendable () -> Void)
}

/// A queue of work items with many producers and one consumer, that allocates nothing per item.
///
/// A ring of `capacity` slots, each with a sequence number (D. Vyukov's bounded queue): a producer
/// claims a position with one compare-and-swap on `tail`, writes the item, and publishes it by
/// storing the slot's sequence; the consumer reads published slots in order and hands each back to
/// producers one lap later. When the ring is full, items go to an overflow array under a mutex,
/// and keep going there until the consumer has taken it, so an item never overtakes one that was
/// enqueued before it.
///
/// Measured against two other designs on the enqueue benchmark: an array swapped out under a
/// mutex (producer and consumer fought over the lock: 100–250 ns per item) and a linked stack of
/// allocated nodes (glibc's malloc, allocating on one thread and freeing on another: over 200 ns).
///
/// Concurrency: `tail` is shared by producers; `head` belongs to the consumer; a slot's item is
/// written only by the producer that claimed it, before the releasing store of its sequence, and
/// read only by the consumer after the acquiring load that sees it. `overflow` is guarded by
/// `mutex`. Closing sets a bit in `tail`, so no producer can claim a slot after it.
struct WorkQueue: ~Copyable {
    /// Slots in the ring; a power of two.
    static let capacity = 1_024
    private static let closedBit = 1 << 62

    /// The ring: per slot, a sequence (`position` when free for the producer of that position,
    /// `position + 1` once its item is published) followed by the item, in one cell (32 bytes) so
    /// a handover moves one cache line. The two are addressed through separate typed pointers, so
    /// writing an item never touches the memory of the atomic beside it.
    private let cells: UnsafeMutableRawPointer
    private static let sequenceOffset = 0
    private static let itemOffset = MemoryLayout<Atomic<Int>>.stride
    private static let cellStride =
        (itemOffset + MemoryLayout<WorkItem?>.size + MemoryLayout<Atomic<Int>>.alignment - 1)
        & ~(MemoryLayout<Atomic<Int>>.alignment - 1)
    /// The next position to claim, plus `closedBit` once closed. Written by producers.
    private let tail = PaddedAtomicInt(0)
    /// The next position to take. Written by the consumer only (atomic just for its padding).
    private let head = PaddedAtomicInt(0)
    /// Whether items wait in `overflow`; set under `mutex` by producers, cleared by the consumer.
    private let isOverflowing = Atomic<Bool>(false)
    /// Items ever pushed to `overflow`; written under `mutex`.
    private let overflowPushedCount = Atomic<Int>(0)
    private let mutex = RawMutex()
    // Safe: only touched with `mutex` held.
    private let overflow: UnsafeMutablePointer<(items: [WorkItem], isClosed: Bool)>

    init() {
        cells = .allocate(byteCount: Self.capacity * Self.cellStride, alignment: 64)
        for position in 0..<Self.capacity {
            (cells + position * Self.cellStride + Self.sequenceOffset)
                .bindMemory(to: Atomic<Int>.self, capacity: 1).initialize(to: Atomic(position))
            (cells + position * Self.cellStride + Self.itemOffset)
                .bindMemory(to: WorkItem?.self, capacity: 1).initialize(to: nil)
        }
        overflow = .allocate(capacity: 1)
        overflow.initialize(to: ([], false))
    }

    deinit {
        for slot in 0..<Self.capacity {
            sequenceCell(slot).deinitialize(count: 1)
            itemCell(slot).deinitialize(count: 1)
        }
        cells.deallocate()
        overflow.deinitialize(count: 1)
        overflow.deallocate()
    }

    /// Adds `item`; false if the queue is closed (the item is then not added).
    ///
    /// The claim is a sequentially consistent read-modify-write of `tail`, so that a consumer that
    /// announced it is parking and then found `tail` unmoved is seen parking by this producer, which
    /// checks after publishing. On x86 that costs nothing over a relaxed claim; publication itself
    /// is a plain releasing store.
    func push(_ item: WorkItem) -> Bool {
        guard !isOverflowing.load(ordering: .acquiring) else { return pushToOverflow(item) }
        var position = tail.atomic.pointee.load(ordering: .relaxed)
        while true {
            if position & Self.closedBit != 0 { return false }
            let slot = position & (Self.capacity - 1)
            let sequence = sequenceCell(slot).pointee.load(ordering: .acquiring)
            if sequence == position {
                let (claimed, current) = tail.atomic.pointee.weakCompareExchange(
                    expected: position, desired: position &+ 1, ordering: .sequentiallyConsistent)
                if claimed {
                    itemCell(slot).pointee = item
                    sequenceCell(slot).pointee.store(position &+ 1, ordering: .releasing)
                    return true
                }
                position = current
            } else if sequence < position {
                return pushToOverflow(item)  // full: the slot still holds last lap's item
            } else {
                position = tail.atomic.pointee.load(ordering: .relaxed)  // another producer claimed it
            }
        }
    }

    /// Hands every published item to `run`, oldest first, freeing each slot before running its
    /// item (so `run` may push more, which this pass runs too); then the overflow. Returns how
    /// many items ran. Calls `sample` with the number still waiting after the first item and
    /// every 16th after it. Consumer only.
    ///
    /// Complexity: O(n) in the items run.
    @inline(__always)
    func drain(_ run: (WorkItem) -> Void, sample: (Int) -> Void) -> Int {
        var position = head.atomic.pointee.load(ordering: .relaxed)
        let start = position
        while true {
            let slot = position & (Self.capacity - 1)
            guard sequenceCell(slot).pointee.load(ordering: .acquiring) == position &+ 1 else { break }
            let item = itemCell(slot).pointee.take()!
            sequenceCell(slot).pointee.store(position &+ Self.capacity, ordering: .releasing)
            position &+= 1
            head.atomic.pointee.store(position, ordering: .relaxed)
            run(item)
            if (position &- start) & 15 == 1 { sample(waitingCount) }
        }
        var count = position &- start
        // The overflow holds only items newer than every claimed slot, so it runs once the ring
        // is empty up to the tail (a slot still being published, or newer ring items, come first).
        let claimed = tail.atomic.pointee.load(ordering: .acquiring) & ~Self.closedBit
        if isOverflowing.load(ordering: .acquiring) && claimed == position {
            let overflowed = mutex.withLock {
                defer {
                    overflow.pointee.items.removeAll(keepingCapacity: true)
                    isOverflowing.store(false, ordering: .releasing)
                }
                return overflow.pointee.items
            }
            for item in overflowed { run(item) }
            count += overflowed.count
        }
        return count
    }

    /// Items claimed or published and not yet taken, in the ring and the overflow (a snapshot).
    /// Consumer only.
    var waitingCount: Int {
        let claimed = tail.atomic.pointee.load(ordering: .relaxed) & ~Self.closedBit
        let overflowed = isOverflowing.load(ordering: .relaxed) ? mutex.withLock { overflow.pointee.items.count } : 0
        return claimed &- head.atomic.pointee.load(ordering: .relaxed) + overflowed
    }

    /// Whether nothing is waiting to be taken, counting items claimed but not yet published
    /// (their producer is a few instructions from publishing). Consumer only; sequentially
    /// consistent (see `push`).
    var isEmpty: Bool {
        let claimed = tail.atomic.pointee.load(ordering: .sequentiallyConsistent) & ~Self.closedBit
        return claimed == head.atomic.pointee.load(ordering: .relaxed)
            && !isOverflowing.load(ordering: .sequentiallyConsistent)
    }

    /// Items pushed so far (a snapshot, for statistics).
    var pushedCount: Int {
        (tail.atomic.pointee.load(ordering: .acquiring) & ~Self.closedBit)
            + overflowPushedCount.load(ordering: .acquiring)
    }

    /// Closes the queue so every later push fails; false while items are still waiting or being
    /// published (take them and call again). Consumer only.
    func close() -> Bool {
        let claimed =
            tail.atomic.pointee.bitwiseOr(Self.closedBit, ordering: .sequentiallyConsistent).newValue & ~Self.closedBit
        guard head.atomic.pointee.load(ordering: .relaxed) == claimed else { return false }
        return mutex.withLock {
            overflow.pointee.isClosed = true
            return overflow.pointee.items.isEmpty
        }
    }

    @inline(__always)
    private func sequenceCell(_ slot: Int) -> UnsafeMutablePointer<Atomic<Int>> {
        (cells + slot * Self.cellStride + Self.sequenceOffset).assumingMemoryBound(to: Atomic<Int>.self)
    }

    @inline(__always)
    private func itemCell(_ slot: Int) -> UnsafeMutablePointer<WorkItem?> {
        (cells + slot * Self.cellStride + Self.itemOffset).assumingMemoryBound(to: WorkItem?.self)
    }

    private func pushToOverflow(_ item: WorkItem) -> Bool {
        mutex.withLock {
            guard !overflow.pointee.isClosed else { return false }
            overflow.pointee.items.append(item)
            overflowPushedCount.store(overflowPushedCount.load(ordering: .relaxed) + 1, ordering: .releasing)
            isOverflowing.store(true, ordering: .sequentiallyConsistent)
            return true
        }
    }
}
