import AsyncDisplayLocks
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A serial executor that runs its jobs, in order, on one dedicated and named OS thread.
///
/// Actors choose it through `unownedExecutor`; everything they do then runs on this thread,
/// one job at a time. Plain closures can be run there too with `execute(_:)`.
///
/// The thread spins for a short, bounded while when its queue empties (a hop from another
/// executor then costs about a microsecond instead of a thread wake-up of 2–20 µs), then parks
/// on a condition variable. An executor lives until `shutdown()`; its thread keeps it alive until then.
///
/// An executor made directly (not through a pool's `withPool`) must be shut down: its thread keeps
/// it alive until `shutdown()`.
///
/// Concurrency: producers on any thread claim a slot of a lock-free ring (`WorkQueue`, a Vyukov
/// bounded queue; a mutex guards only its overflow) and publish into it; the executor's thread
/// takes items one slot at a time and runs them outside any lock. `mutex` is only for parking,
/// start-up and shutdown; counters read by `statistics` are atomics.
public final class ThreadExecutor: ClosureExecutor, ExecutorStatisticsReporting, @unchecked Sendable {
    // Safe to share: every mutable field below is atomic or guarded by `mutex`, as noted.

    /// The executor's name; the thread's kernel name is its shortened form.
    public let name: String
    /// The priority class of the thread.
    public let qualityOfService: QualityOfService
    /// How long the idle thread polls for work before parking.
    public let spinDuration: Duration
    let spinNanoseconds: UInt64

    let queue = WorkQueue()
    /// Set by the thread before it parks; cleared by whoever wakes it.
    let isParked = Atomic<Bool>(false)
    /// Set once by `shutdown()`, under `mutex`, after `exitWaiter` is stored.
    let isShuttingDown = Atomic<Bool>(false)
    /// Padded: the thread stores it after every job, while producers work on the fields nearby.
    let jobsRun = PaddedAtomicInt(0)  // written by the executor's thread only
    let maximumQueueLength = Atomic<Int>(0)  // written by the executor's thread only

    let mutex = RawMutex()
    var hasStarted = false  // guarded by mutex
    /// The first `shutdown()` caller, resumed with true by the thread as it exits, then joins it.
    var exitWaiter: CheckedContinuation<Bool, Never>?  // guarded by mutex
    var isJoined = false  // guarded by mutex
    /// Later `shutdown()` callers, resumed with false once the thread is joined.
    var joinWaiters: [CheckedContinuation<Bool, Never>] = []  // guarded by mutex

    /// The executor's thread. Written in init only: every job reaches the thread through the
    /// queue after init returned, so every read happens after the write.
    private(set) var thread: pthread_t
    /// Set once the thread has been joined: its `pthread_t` may then name a new thread.
    private let hasExited = Atomic<Bool>(false)

    /// The default spin before parking: 20 µs, measured as the shortest that keeps a ping-pong
    /// between two pool executors from parking on this 2-core kind of machine (at 10 µs it
    /// parked often: 4–6 µs per call against 2 µs).
    public static let defaultSpinDuration = Duration.microseconds(20)

    /// Starts an executor and its thread, and returns once the thread is running.
    ///
    /// - Parameters:
    ///   - name: the executor's name, also given to the thread (see `kernelThreadName`).
    ///   - qualityOfService: lowers the thread's priority to this level where the OS allows.
    ///   - spinDuration: how long the idle thread polls for work before it parks; zero parks at
    ///     once, and more than a second counts as a second.
    public init(
        name: String,
        qualityOfService: QualityOfService = .default,
        spinDuration: Duration = ThreadExecutor.defaultSpinDuration
    ) {
        self.name = name
        self.qualityOfService = qualityOfService
        self.spinDuration = min(max(.zero, spinDuration), .seconds(1))
        let (seconds, attoseconds) = self.spinDuration.components
        spinNanoseconds = UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
        thread = pthread_self()  // replaced below, before `self` escapes to any other thread
        thread = OSThread.start { [self] in runThread() }
        mutex.withLock {
            while !hasStarted { mutex.wait() }
        }
    }

    /// The name the kernel shows for this executor's thread (Linux keeps 15 bytes).
    public var kernelThreadName: String { OSThread.kernelName(for: name) }

    // MARK: Running work

    public func enqueue(_ job: consuming ExecutorJob) {
        append(.job(UnownedJob(job)))
    }

    /// Runs `work` on this executor's thread, after everything already enqueued.
    ///
    /// The closure runs isolated to this executor: actors using it may be
    /// `assumeIsolated` inside. Don't block in it for long: every actor on this
    /// executor waits meanwhile.
    public func execute(_ work: @escaping @Sendable () -> Void) {
        append(.closure(work))
    }

    /// Runs a task job on this executor's thread under a task executor's identity; false,
    /// queueing nothing, once this executor has shut down.
    func enqueue(_ job: UnownedJob, asPartOf taskExecutor: PoolTaskExecutor) -> Bool {
        tryAppend(.taskJob(job, .passUnretained(taskExecutor)))
    }

    // MARK: Isolation

    public func isIsolatingCurrentContext() -> Bool? {
        !hasExited.load(ordering: .acquiring) && OSThread.isCurrent(thread)
    }

    public func checkIsolated() {
        precondition(
            isIsolatingCurrentContext() == true,
            "Expected to run on ThreadExecutor '\(name)', but running on another thread")
    }

    // MARK: Statistics

    public var statistics: ExecutorStatistics {
        let run = jobsRun.atomic.pointee.load(ordering: .acquiring)
        let enqueued = queue.pushedCount
        return ExecutorStatistics(
            jobsEnqueued: enqueued,
            jobsRun: run,
            queueDepth: max(0, enqueued - run),
            maximumQueueDepth: maximumQueueLength.load(ordering: .relaxed))
    }

    // MARK: Shutdown

    /// Runs everything already enqueued, stops accepting work, and joins the thread.
    ///
    /// Work queued while the queue drains (a job resuming work on this executor, say) still runs;
    /// the queue closes once it is empty. Enqueueing after that is a programmer error and stops
    /// the process with a message naming the executor: no job is ever dropped silently. Calling
    /// it again waits for the same end. Calling it from the executor's own thread is a
    /// programmer error (it would wait for itself).
    public func shutdown() async {
        precondition(
            !OSThread.isCurrent(thread),
            "ThreadExecutor '\(name)': shutdown() called from its own thread would wait for itself")
        let isJoiner = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            enum Role { case joiner, follower, done }
            let role = mutex.withLock { () -> Role in
                if isJoined { return .done }
                if isShuttingDown.load(ordering: .relaxed) {
                    joinWaiters.append(continuation)
                    return .follower
                }
                exitWaiter = continuation
                isShuttingDown.store(true, ordering: .sequentiallyConsistent)
                if isParked.exchange(false, ordering: .sequentiallyConsistent) { mutex.signal() }
                return .joiner
            }
            if role == .done { continuation.resume(returning: false) }
        }
        guard isJoiner else { return }
        OSThread.join(thread)
        hasExited.store(true, ordering: .releasing)
        let followers = mutex.withLock { () -> [CheckedContinuation<Bool, Never>] in
            isJoined = true
            defer { joinWaiters = [] }
            return joinWaiters
        }
        for follower in followers { follower.resume(returning: false) }
    }
}
