/// Counters of one executor's work, read without stopping it.
public struct ExecutorStatistics: Sendable, Hashable {
    /// Jobs handed to the executor since it started.
    public var jobsEnqueued: Int
    /// Jobs that finished running.
    public var jobsRun: Int
    /// Jobs enqueued and not yet finished, the running one included.
    public var queueDepth: Int
    /// The most jobs seen waiting at once (sampled as the executor works through its queue).
    public var maximumQueueDepth: Int

    public init(jobsEnqueued: Int, jobsRun: Int, queueDepth: Int, maximumQueueDepth: Int) {
        self.jobsEnqueued = jobsEnqueued
        self.jobsRun = jobsRun
        self.queueDepth = queueDepth
        self.maximumQueueDepth = maximumQueueDepth
    }
}

/// A serial executor that reports its load, so a pool can pick the least loaded one.
///
/// `ThreadExecutor` conforms. Plugged-in executors may conform too; in a pool, those that
/// don't are never chosen by `leastLoaded()` while a reporting one exists.
public protocol ExecutorStatisticsReporting: SerialExecutor {
    /// The executor's counters now. Called often: keep it to a few atomic loads.
    var statistics: ExecutorStatistics { get }
}
