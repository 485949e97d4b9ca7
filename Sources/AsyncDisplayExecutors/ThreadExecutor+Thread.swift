import AsyncDisplayLocks
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
    /// The queue is the only gate: while a shutdown drains it (a job that resumes work on this
    /// executor, say), items are still taken and run; once it has closed, queueing stops the
    /// process.
    ///
    /// Complexity: O(1): a compare-and-swap, a store and a load; no allocation.
    @inline(__always)
    func append(_ item: WorkItem) {
        guard tryAppend(item) else {
            preconditionFailure("ThreadExecutor '\(name)': job enqueued after shutdown() finished draining")
        }
    }

    /// Queues one item and wakes the thread if it is parked; false, queueing nothing, once the
    /// queue has closed (see `append(_:)`).
    @inline(__always)
    func tryAppend(_ item: WorkItem) -> Bool {
        guard queue.push(item) else { return false }
        if isParked.load(ordering: .sequentiallyConsistent)
            && isParked.exchange(false, ordering: .sequentiallyConsistent)
        {
            // Signalled under the mutex: the thread re-checks `isParked` under it before waiting.
            mutex.withLock { mutex.signal() }
        }
        return true
    }

    /// The body of the executor's thread: take everything queued, run it, repeat; exit once shut
    /// down and drained.
    func runThread() {
        OSThread.setCurrentName(name)
        OSThread.lowerCurrentPriority(to: qualityOfService)
        mutex.withLock { hasStarted = true }
        mutex.broadcast()

        let serialIdentity = asUnownedSerialExecutor()
        var finished = 0
        let recordWaiting = { (waiting: Int) in
            if waiting > self.maximumQueueLength.load(ordering: .relaxed) {
                self.maximumQueueLength.store(waiting, ordering: .relaxed)
            }
        }
        while true {
            recordWaiting(queue.waitingCount)
            let ran = queue.drain(
                { item in
                    switch item {
                    case .job(let job): job.runSynchronously(on: serialIdentity)
                    case .taskJob(let job, let taskExecutor):
                        job.runSynchronously(on: taskExecutor.takeUnretainedValue().asUnownedTaskExecutor())
                    case .closure(let work): work()
                    }
                    finished &+= 1
                    jobsRun.atomic.pointee.store(finished, ordering: .releasing)
                }, sample: recordWaiting)
            guard ran == 0 else { continue }
            if !queue.isEmpty {
                // A producer has claimed a slot but not published it yet: let it run.
                sched_yield()
                continue
            }
            if isShuttingDown.load(ordering: .sequentiallyConsistent) {
                if queue.close() { break } else { continue }
            }
            if !spinForWork() { park() }
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
    /// Each round first yields the CPU, so that a peer the scheduler put on this core (a thread
    /// woken by this one usually lands there) runs at once instead of after the spin; then it
    /// polls a few times with the CPU's spin-wait hint and reads the clock. Alone on its core,
    /// a yield returns at once.
    private func spinForWork() -> Bool {
        guard spinNanoseconds > 0 else { return false }
        let deadline = monotonicNanoseconds() &+ spinNanoseconds
        while true {
            sched_yield()
            for _ in 0..<8 {
                if !queue.isEmpty { return true }
                asyncdisplay_cpu_relax()
            }
            if monotonicNanoseconds() >= deadline { return false }
        }
    }
}

/// Nanoseconds on the monotonic clock (a vDSO call, about 20 ns on Linux).
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}
