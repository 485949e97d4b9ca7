import CAsyncDisplaySpin
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ThreadExecutor {
    /// Queues one item and wakes the thread if it is parked.
    ///
    /// Complexity: O(1): a compare-and-swap, a store and a load; no allocation.
    @inline(__always)
    func append(_ item: WorkItem) {
        precondition(
            !isShuttingDown.load(ordering: .relaxed),
            "ThreadExecutor '\(name)': job enqueued after shutdown()")
        guard queue.push(item) else {
            preconditionFailure("ThreadExecutor '\(name)': job enqueued after shutdown()")
        }
        if isParked.load(ordering: .sequentiallyConsistent)
            && isParked.exchange(false, ordering: .sequentiallyConsistent)
        {
            // Signalled under the mutex: the thread re-checks `isParked` under it before waiting.
            mutex.withLock { mutex.signal() }
        }
    }

    /// The body of the executor's thread: take everything queued, run it, repeat; exit once shut
    /// down and drained.
    func runThread() {
        OSThread.setCurrentName(name)
        OSThread.lowerCurrentPriority(to: qualityOfService)
        mutex.withLock { hasStarted = true }
        mutex.broadcast()

        let serialIdentity = asUnownedSerialExecutor()
        var batch: [WorkItem] = []
        batch.reserveCapacity(64)
        while true {
            queue.takeAll(into: &batch)
            if batch.isEmpty {
                if isShuttingDown.load(ordering: .sequentiallyConsistent) {
                    if queue.close() { break } else { continue }
                }
                if !spinForWork() { park() }
                continue
            }
            if batch.count > maximumQueueLength.load(ordering: .relaxed) {
                maximumQueueLength.store(batch.count, ordering: .relaxed)
            }
            var finished = jobsRun.atomic.pointee.load(ordering: .relaxed)
            for item in batch {
                switch item {
                case .job(let job): job.runSynchronously(on: serialIdentity)
                case .taskJob(let job, let taskExecutor):
                    job.runSynchronously(on: taskExecutor.takeUnretainedValue().asUnownedTaskExecutor())
                case .closure(let work): work()
                }
                finished &+= 1
                jobsRun.atomic.pointee.store(finished, ordering: .releasing)
            }
            batch.removeAll(keepingCapacity: true)
        }

        let waiter = mutex.withLock {
            defer { exitWaiter = nil }
            return exitWaiter
        }
        waiter?.resume(returning: true)
    }

    /// Sleeps until a producer or `shutdown()` wakes the thread.
    private func park() {
        isParked.store(true, ordering: .sequentiallyConsistent)
        // Checked after announcing: a producer that pushed before this point is seen here, and
        // one that pushes after it sees `isParked` and wakes the thread.
        if queue.isEmpty && !isShuttingDown.load(ordering: .sequentiallyConsistent) {
            mutex.withLock {
                while isParked.load(ordering: .sequentiallyConsistent)
                    && !isShuttingDown.load(ordering: .sequentiallyConsistent)
                {
                    mutex.wait()
                }
            }
        }
        isParked.store(false, ordering: .relaxed)
    }

    /// Polls for new work for up to `spinNanoseconds`; true if some arrived.
    ///
    /// Each round polls a few times with the CPU's spin-wait hint, then reads the clock; every
    /// `roundsBetweenYields` rounds it yields the CPU, so that a peer the scheduler put on the same
    /// core (a thread woken by this one usually lands there) can run instead of waiting for the
    /// spin to end.
    private func spinForWork() -> Bool {
        guard spinNanoseconds > 0 else { return false }
        let deadline = monotonicNanoseconds() &+ spinNanoseconds
        var round = 0
        while true {
            for _ in 0..<8 {
                if !queue.isEmpty { return true }
                asyncdisplay_cpu_relax()
            }
            if monotonicNanoseconds() >= deadline { return false }
            round &+= 1
            if round % Self.roundsBetweenYields == 0 { sched_yield() }
        }
    }

    /// About 2 µs of polling between yields.
    private static var roundsBetweenYields: Int { 1 }
}

/// Nanoseconds on the monotonic clock (a vDSO call, about 20 ns on Linux).
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}
