import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A fixed set of serial executors that work is spread over: the Swift-concurrency form of
/// YYDispatchQueuePool.
///
/// A pool owns exactly its executors: load never makes it create more threads, so blocking
/// work can't make the process spawn a thread per queue. Hand executors to actors with
/// `next()` (round-robin) or `leastLoaded()`; run nonisolated tasks on the pool's threads
/// through `taskExecutor`.
///
/// ```swift
/// actor Renderer {
///     nonisolated let executor = ExecutorPool.shared(.userInitiated).next()
///     nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
/// }
/// ```
///
/// Concurrency: the executor list is immutable; the round-robin position is an atomic counter.
public final class ExecutorPool: Sendable {
    /// The counts a pool accepts.
    public static let allowedCounts = 1...32

    /// The pool's name; its own threads are called `<name>.<index>`.
    public let name: String
    /// The pool's executors, in round-robin order.
    public let executors: [any SerialExecutor]
    /// The pool's executors that report their load, by index into `executors`.
    private let reporting: [(index: Int, executor: any ExecutorStatisticsReporting)]
    /// The executors the pool created and therefore shuts down.
    private let ownedExecutors: [ThreadExecutor]
    /// Whether `shutdown()` is a no-op (the shared pools live for the process).
    private let isShared: Bool
    private let position: Atomic<Int>

    /// A view of the pool for `withTaskExecutorPreference` and `Task(executorPreference:)`,
    /// spreading nonisolated work over the pool's thread executors (those it made, and any
    /// `ThreadExecutor` plugged in); nil when it holds none.
    public let taskExecutor: PoolTaskExecutor?

    /// Makes a pool of `count` new thread executors named `<name>.0`, `<name>.1`, ….
    ///
    /// - Throws: `ExecutorPoolError.countOutOfRange` when `count` is outside 1...32.
    public convenience init(
        name: String,
        count: Int = ExecutorPool.defaultCount,
        qos: QualityOfService = .default
    ) throws(ExecutorPoolError) {
        guard Self.allowedCounts.contains(count) else { throw .countOutOfRange(count) }
        let executors = (0..<count).map {
            ThreadExecutor(name: "\(name).\($0)", qualityOfService: qos)
        }
        self.init(name: name, executors: executors, owned: executors, isShared: false, position: 0)
    }

    /// Makes a pool over executors you provide (plug in your own); the pool never shuts them down.
    ///
    /// - Throws: `ExecutorPoolError.noExecutors` for an empty list.
    public convenience init(name: String, executors: [any SerialExecutor]) throws(ExecutorPoolError) {
        guard !executors.isEmpty else { throw .noExecutors }
        self.init(name: name, executors: executors, owned: [], isShared: false, position: 0)
    }

    /// Makes a pool whose round-robin counter starts at `position` (tests start it near `Int.max`).
    package init(
        name: String,
        executors: [any SerialExecutor],
        owned: [ThreadExecutor],
        isShared: Bool,
        position: Int
    ) {
        precondition(!executors.isEmpty, "an executor pool needs executors")
        self.name = name
        self.executors = executors
        self.ownedExecutors = owned
        self.isShared = isShared
        self.position = Atomic(position)
        reporting = executors.enumerated().compactMap { index, executor in
            (executor as? any ExecutorStatisticsReporting).map { (index, $0) }
        }
        let threadExecutors = executors.compactMap { $0 as? ThreadExecutor }
        taskExecutor = threadExecutors.isEmpty ? nil : PoolTaskExecutor(executors: threadExecutors)
    }

    /// The default executor count: the active processor count, clamped to 1...32.
    public static var defaultCount: Int {
        min(max(ProcessInfo.processInfo.activeProcessorCount, allowedCounts.lowerBound), allowedCounts.upperBound)
    }

    /// The number of executors.
    public var count: Int { executors.count }

    /// The next executor in round-robin order.
    ///
    /// The index stays in range when the counter wraps around.
    public func next() -> any SerialExecutor {
        executors[position.nextIndex(modulo: executors.count)]
    }

    /// The executor with the fewest unfinished jobs, among those that report their load;
    /// ties go round-robin. Pools with no reporting executor behave like `next()`.
    ///
    /// Complexity: O(n) in the executor count.
    public func leastLoaded() -> any SerialExecutor {
        guard !reporting.isEmpty else { return next() }
        let best = leastLoadedIndex(count: reporting.count, from: position.nextIndex(modulo: reporting.count)) {
            reporting[$0].executor.statistics.queueDepth
        }
        return executors[reporting[best].index]
    }

    /// Statistics of each executor that reports them, in pool order (nil for those that don't).
    public var statistics: [ExecutorStatistics?] {
        executors.map { ($0 as? any ExecutorStatisticsReporting)?.statistics }
    }

    /// Shuts down every executor the pool created, running what they already hold and joining
    /// their threads. Plugged-in executors are left alone. A no-op on the shared pools, which
    /// live for the process.
    ///
    /// Actors on the pool's executors must be done with them by then (queueing on a shut-down
    /// executor stops the process); tasks that still prefer `taskExecutor` move to the global
    /// concurrent executor.
    public func shutdown() async {
        guard !isShared else { return }
        for executor in ownedExecutors {
            await executor.shutdown()
        }
    }

    /// Runs `body` with a new pool and shuts the pool down when `body` ends, however it ends.
    public static func withPool<Result: Sendable, Failure: Error>(
        name: String,
        count: Int = ExecutorPool.defaultCount,
        qos: QualityOfService = .default,
        _ body: (ExecutorPool) async throws(Failure) -> Result
    ) async throws -> Result {
        let pool = try ExecutorPool(name: name, count: count, qos: qos)
        do {
            let result = try await body(pool)
            await pool.shutdown()
            return result
        } catch {
            await pool.shutdown()
            throw error
        }
    }
}
