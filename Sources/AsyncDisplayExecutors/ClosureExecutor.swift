/// A serial executor that can also run a plain closure as one of its jobs, in order with the jobs
/// of the actors on it, and isolated to it (so those actors may be `assumeIsolated` inside).
///
/// Work handed over this way needs no task: no task to allocate, and nothing to resume on the
/// caller's executor when the work is done. Layers on such an executor draw their coalesced
/// displays this way. `ThreadExecutor` conforms; plugged-in executors may conform too.
public protocol ClosureExecutor: SerialExecutor {
    /// Runs `work` after everything already enqueued, isolated to this executor.
    func execute(_ work: @escaping @Sendable () -> Void)
}
