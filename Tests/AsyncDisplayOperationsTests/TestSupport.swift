import AsyncDisplayExecutors
import AsyncDisplayLocks
import AsyncDisplayOperations
import AsyncDisplayTesting

/// A manager whose pool is one manual executor: bodies run only when the test runs its jobs.
struct ManualSetup {
    let executor = ManualExecutor()
    let clock = ManualClock()
    let manager: OperationManager

    init(limit: Int = 1, name: String = "test") {
        // Safe to force: one executor is a valid pool.
        let pool = try! ExecutorPool(name: name, executors: [executor])
        manager = OperationManager(name: name, pool: pool, maximumConcurrency: limit, clock: clock)
    }

    /// Runs the manual executor's jobs as they arrive until the run ends; returns its report.
    ///
    /// Needed once a body has suspended: a resumed task reaches the executor through a hop that
    /// is not synchronous with the resume.
    func finish(_ run: OperationRun) async -> OperationReport {
        await executor.drive { await run.finished() }
    }

    /// Runs every job, including those that jobs enqueue; returns how many ran.
    @discardableResult
    func runAll() -> Int { executor.runUntilIdle() }
}

/// An ordered record of what bodies did, shared across threads.
final class Log: Sendable {
    private let entries = LockedState<[String]>([])

    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

/// A body that records its name.
func recording(_ log: Log, _ name: String) -> @Sendable (OperationContext) async throws -> Void {
    { _ in log.append(name) }
}

/// A step that records its name when it runs.
func loggedStep(
    _ name: String, _ log: Log, dependsOn dependencies: [any OperationReference] = [],
    priority: OperationPriority = .normal, exclusivity: [ExclusivityCategory] = [],
    rule: DependencyRule = .allSucceeded
) -> OperationStep<Void> {
    OperationStep(
        name, dependsOn: dependencies, priority: priority, exclusivity: exclusivity, dependencyRule: rule,
        body: recording(log, name))
}

/// A gate a body waits at until the test opens it; suspends, never blocks.
final class AsyncGate: Sendable {
    private struct State: Sendable {
        var isOpen = false
        var waiters: [UnsafeContinuation<Void, Never>] = []
        var arrivals = 0
        var arrivalWaiters: [(Int, UnsafeContinuation<Void, Never>)] = []
    }

    private let state = LockedState(State())

    /// Suspends until the gate is open.
    func pass() async {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            let (isOpen, arrived) = state.withLock { state -> (Bool, [UnsafeContinuation<Void, Never>]) in
                state.arrivals += 1
                let count = state.arrivals
                let arrived = state.arrivalWaiters.filter { $0.0 <= count }.map(\.1)
                state.arrivalWaiters.removeAll { $0.0 <= count }
                if state.isOpen { return (true, arrived) }
                state.waiters.append(continuation)
                return (false, arrived)
            }
            for waiter in arrived { waiter.resume() }
            if isOpen { continuation.resume() }
        }
    }

    /// Suspends until `count` bodies have reached the gate.
    func waitForArrivals(_ count: Int = 1) async {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            let isReady = state.withLock { state -> Bool in
                if state.arrivals >= count { return true }
                state.arrivalWaiters.append((count, continuation))
                return false
            }
            if isReady { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// An error bodies throw to fail.
struct TestFailure: Error, Equatable {
    let name: String
}

/// Counts bodies running at once, remembering the most.
final class ConcurrencyCounter: Sendable {
    private let counts = LockedState((current: 0, most: 0))

    func enter() {
        counts.withLock { counts in
            counts.current += 1
            counts.most = max(counts.most, counts.current)
        }
    }

    func leave() { counts.withLock { $0.current -= 1 } }
    var most: Int { counts.withLock { $0.most } }
}
