import Synchronization

/// One unit of work in a thread executor's queue.
enum WorkItem: @unchecked Sendable {
    // Safe: each item is handed over exactly once, from the enqueueing thread to the executor's
    // thread, under the queue's mutex; closures are @Sendable.
    case job(UnownedJob)
    case taskJob(UnownedJob, UnownedTaskExecutor)
    case closure(@Sendable () -> Void)
}

/// A queue of work items with many producers and one consumer.
///
/// Producers append to an array under a pthread mutex, a critical section of a few nanoseconds;
/// the consumer swaps the whole array out under the same mutex, so it locks once per batch and
/// no item is allocated or copied twice. Once the consumer closes it, appends fail.
///
/// A lock-free linked stack was measured against this on the enqueue benchmark: allocating a node
/// per item on one thread and freeing it on another spent more in glibc's malloc than this spends
/// on the mutex (about 210 ns per item against 100).
///
/// Concurrency: `items` and `isClosed` are guarded by `mutex`; `hasItems` is an atomic hint
/// that can be polled without the lock.
struct WorkQueue: ~Copyable {
    private let mutex = RawMutex()
    // Safe: only touched with `mutex` held; the pointer itself never changes.
    private let items = UnsafeMutablePointer<[WorkItem]>.allocate(capacity: 1)
    private let isClosed = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
    /// Whether items were appended since the consumer last took the queue. Set sequentially
    /// consistently after an append (and only when clear, so a stream of appends doesn't keep
    /// taking the cache line from a spinning consumer); a consumer that announced it is parking
    /// and then reads false here is seen parking by the producer.
    private let hasItems = Atomic<Bool>(false)

    init() {
        items.initialize(to: [])
        items.pointee.reserveCapacity(64)
        isClosed.initialize(to: false)
    }

    deinit {
        items.deinitialize(count: 1)
        items.deallocate()
        isClosed.deinitialize(count: 1)
        isClosed.deallocate()
        mutex.deallocate()
    }

    /// Whether no item is waiting (an atomic snapshot, cheap enough to spin on).
    var isEmpty: Bool {
        !hasItems.load(ordering: .sequentiallyConsistent)
    }

    /// Adds `item`; false if the queue is closed (the item is then not added).
    func push(_ item: WorkItem) -> Bool {
        mutex.lock()
        guard !isClosed.pointee else {
            mutex.unlock()
            return false
        }
        items.pointee.append(item)
        mutex.unlock()
        if !hasItems.load(ordering: .sequentiallyConsistent) {
            hasItems.store(true, ordering: .sequentiallyConsistent)
        }
        return true
    }

    /// Moves every waiting item into `batch` (which must be empty), oldest first. Consumer only.
    func takeAll(into batch: inout [WorkItem]) {
        guard hasItems.load(ordering: .relaxed) else { return }
        mutex.lock()
        hasItems.store(false, ordering: .relaxed)
        swap(&items.pointee, &batch)
        mutex.unlock()
    }

    /// Closes an empty queue so every later push fails; false if items are waiting. Consumer only.
    func close() -> Bool {
        mutex.withLock {
            guard items.pointee.isEmpty else { return false }
            isClosed.pointee = true
            return true
        }
    }
}
