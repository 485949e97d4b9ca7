import Synchronization

/// A `TaskExecutor` that spreads nonisolated work over a pool's threads.
///
/// Get it from `ExecutorPool.taskExecutor` and use it with `withTaskExecutorPreference(_:)`,
/// `Task(executorPreference:)` or `group.addTask(executorPreference:)`. It is a separate object
/// from the serial executors on purpose: a type that is both a serial and a task executor makes
/// every hop pay an extra enqueue. Actors with their own executor keep running there.
///
/// Each job goes to the least loaded of the pool's threads, round-robin among equals, preferring
/// threads not shutting down. Work that still prefers the pool after it has shut down runs on the
/// global concurrent executor instead: late, but neither dropped nor a crash.
///
/// Concurrency: the executor list is immutable and the position is atomic; jobs are handed to
/// thread executors, which run them with this executor's identity.
public final class PoolTaskExecutor: TaskExecutor, Sendable {
    private let executors: [ThreadExecutor]
    private let position = Atomic<Int>(0)

    init(executors: [ThreadExecutor]) {
        precondition(!executors.isEmpty, "a task executor needs threads")
        self.executors = executors
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let index = leastLoadedIndex(
            count: executors.count, from: position.nextIndex(modulo: executors.count)
        ) { index in
            executors[index].isShuttingDown.load(ordering: .relaxed) ? .max : executors[index].statistics.queueDepth
        }
        let unownedJob = UnownedJob(job)
        if !executors[index].enqueue(unownedJob, asPartOf: self) {
            globalConcurrentExecutor.enqueue(ExecutorJob(unownedJob))
        }
    }
}
