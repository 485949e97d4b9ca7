import AsyncDisplay
import AsyncDisplayLocks

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A serial executor that runs nothing until the test says so.
///
/// Put an actor (a layer, say) on it, and its jobs queue up here; the test runs them one at a time
/// with `runNext()` or all with `runUntilIdle()`, on the test's own thread, and can stop between
/// any two to change the world (request a newer display, cancel a task) and land exactly on a
/// cancellation point. `waitForJobs()` suspends until work arrives from another actor, with no
/// sleeping. End a test by checking `pendingJobCount == 0`.
///
/// ```swift
/// let executor = ManualExecutor()
/// let layer = AsyncLayer(executor: executor)
/// let display = Task { await layer.display() }
/// await executor.waitForJobs()
/// executor.runNext()       // the display starts: generation advanced, state snapshotted
/// ```
///
/// Concurrency: the queue and the waiters are behind a mutex; continuations are resumed after it
/// is released. Jobs run on whichever thread calls `runNext()`, one at a time: callers on other
/// threads wait their turn, and calling it from inside a job stops the process (a serial
/// executor never runs a job inside another).
public final class ManualExecutor: SerialExecutor, @unchecked Sendable {
    // Safe: all mutable state lives in `state`, behind its mutex; `running` is a mutex itself.
    private struct State: Sendable {
        var jobs: [UnownedJob] = []
        var head = 0
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        /// `drive(_:)` loops waiting for a job or for their operation to return.
        var driveWaiters: [CheckedContinuation<Void, Never>] = []
        /// Drives (see `drive(_:)`) whose operation has returned.
        var finishedDrives: Set<Int> = []
        var nextDriveID = 0
        /// The thread running a job now, for isolation checks.
        var runningThread: ThreadID?

        var pendingCount: Int { jobs.count - head }
    }

    private let state = LockedState(State())
    /// Held while a job runs, so that jobs run one at a time whoever calls `runNext()`.
    private let running = RawMutex()

    public init() {}

    public func enqueue(_ job: consuming ExecutorJob) {
        let unownedJob = UnownedJob(job)
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.jobs.append(unownedJob)
            let pending = state.pendingCount
            let ready = state.waiters.filter { $0.count <= pending }.map(\.continuation)
            state.waiters.removeAll { $0.count <= pending }
            defer { state.driveWaiters.removeAll() }
            return ready + state.driveWaiters
        }
        for continuation in ready { continuation.resume() }
    }

    /// Jobs enqueued and not yet run.
    public var pendingJobCount: Int {
        state.withLock { $0.pendingCount }
    }

    /// Runs the oldest job on the calling thread; false if there was none.
    @discardableResult
    public func runNext() -> Bool {
        precondition(
            isIsolatingCurrentContext() != true,
            "ManualExecutor.runNext() called from inside one of its jobs: a serial executor runs one job at a time")
        running.lock()
        defer { running.unlock() }
        let job = state.withLock { state -> UnownedJob? in
            guard state.head < state.jobs.count else { return nil }
            defer {
                state.head += 1
                if state.head == state.jobs.count {
                    state.jobs.removeAll(keepingCapacity: true)
                    state.head = 0
                }
            }
            state.runningThread = ThreadID.current
            return state.jobs[state.head]
        }
        guard let job else { return false }
        job.runSynchronously(on: asUnownedSerialExecutor())
        state.withLock { $0.runningThread = nil }
        return true
    }

    /// Runs jobs until none is left, including those enqueued meanwhile; returns how many ran.
    @discardableResult
    public func runUntilIdle() -> Int {
        var count = 0
        while runNext() { count += 1 }
        return count
    }

    /// Suspends until at least `count` jobs are pending.
    public func waitForJobs(_ count: Int = 1) async {
        await withCheckedContinuation { continuation in
            let isReady = state.withLock { state -> Bool in
                if state.pendingCount >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if isReady { continuation.resume() }
        }
    }

    /// Runs `operation` to completion, running this executor's jobs as they arrive; returns its
    /// value. For code that awaits actors on this executor, such as configuring a layer:
    /// `await executor.drive { await layer.setBounds(size) }`.
    public func drive<Value: Sendable>(_ operation: @escaping @Sendable () async -> Value) async -> Value {
        let id = state.withLock { state in
            defer { state.nextDriveID += 1 }
            return state.nextDriveID
        }
        let task = Task {
            let value = await operation()
            let waiters = state.withLock { state in
                state.finishedDrives.insert(id)
                defer { state.driveWaiters.removeAll() }
                return state.driveWaiters
            }
            for waiter in waiters { waiter.resume() }
            return value
        }
        while true {
            runUntilIdle()
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.finishedDrives.contains(id) || state.pendingCount > 0 { return true }
                    state.driveWaiters.append(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
            if state.withLock({ $0.finishedDrives.contains(id) }) { break }
        }
        state.withLock { _ = $0.finishedDrives.remove(id) }
        return await task.value
    }

    public func isIsolatingCurrentContext() -> Bool? {
        state.withLock { state in
            state.runningThread == ThreadID.current
        }
    }

    public func checkIsolated() {
        precondition(isIsolatingCurrentContext() == true, "Expected to run a job of this ManualExecutor")
    }
}

/// A thread's identity, comparable and `Sendable` on every platform (`pthread_t` is a pointer on
/// Darwin).
private struct ThreadID: Hashable, Sendable {
    private let value: UInt

    /// The calling thread's.
    static var current: ThreadID {
        #if canImport(Glibc)
        ThreadID(value: UInt(pthread_self()))
        #else
        ThreadID(value: UInt(bitPattern: pthread_self()))
        #endif
    }
}
