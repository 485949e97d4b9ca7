/// Where an operation's body runs.
public enum OperationIsolation: Sendable {
    /// On its manager's executor pool (the default): never on the main actor.
    case pool
    /// On the given serial executor, one body at a time with whatever else runs there.
    case executor(any SerialExecutor)
    /// On the main actor, for work that touches the user interface.
    case mainActor
}

/// How urgent an operation is among those ready to start; higher starts first.
///
/// Priority orders ready work, it does not express ordering: use dependencies for that.
public enum OperationPriority: Int, Sendable, Hashable, Comparable, CaseIterable {
    case veryLow = -8
    case low = -4
    case normal = 0
    case high = 4
    case veryHigh = 8

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// When an operation may run, given how its dependencies ended.
public enum DependencyRule: Sendable, Hashable {
    /// After every dependency succeeded or was skipped (the default). If one failed or timed
    /// out the operation ends `upstreamFailed`; if one was cancelled, `cancelled`.
    case allSucceeded
    /// After every dependency ended, however it ended: Foundation's rule, for clean-up steps.
    /// Cancelling an ancestor, the run (`OperationRun.cancel()`) or a fail-fast failure does not
    /// cancel such an operation; it still waits for its dependencies to end. Cancelling the
    /// operation itself does.
    case allFinished
}

/// What a run does when one of its operations fails or times out.
public enum FailurePolicy: Sendable, Hashable {
    /// Independent branches continue; only dependents of the failure are held back (the default).
    case keepGoing
    /// The first failure cancels every operation of the run that has not ended, as
    /// `OperationRun.cancel()` does: clean-up steps (`.allFinished`) are spared and still run.
    /// Dependents of a failure end `upstreamFailed`, the other cancelled operations `cancelled`.
    case failFast
}

/// How often a failing body is tried again, and how long to wait in between.
///
/// A failed or timed-out attempt is retried while attempts remain; dependents wait for the
/// final attempt. Cancellation and skips are never retried. The wait before attempt `n + 1` is
/// `initialBackoff × multiplier^(n − 1)`, at most `maximumBackoff`.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included (at least 1).
    public var maximumAttempts: Int
    /// The wait before the second attempt.
    public var initialBackoff: Duration
    /// The factor each further wait grows by (1 for a constant wait).
    public var multiplier: Double
    /// The longest wait.
    public var maximumBackoff: Duration

    /// One attempt, no retry.
    public static let never = RetryPolicy(maximumAttempts: 1)

    /// A policy of `maximumAttempts` attempts; counts below 1 mean 1, a multiplier below 1 (or
    /// not a number) means 1, negative durations mean zero.
    public init(
        maximumAttempts: Int,
        initialBackoff: Duration = .zero,
        multiplier: Double = 2,
        maximumBackoff: Duration = .seconds(60)
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.initialBackoff = max(.zero, initialBackoff)
        self.multiplier = multiplier >= 1 ? multiplier : 1
        self.maximumBackoff = max(.zero, maximumBackoff)
    }

    /// The wait after failed attempt `attempt` (1 for the first).
    public func backoff(afterAttempt attempt: Int) -> Duration {
        var wait = initialBackoff
        var step = 1
        while step < attempt && wait < maximumBackoff {
            // A product past the maximum may not fit a Duration (an infinite multiplier, say).
            guard wait <= maximumBackoff / multiplier else { return maximumBackoff }
            wait = wait * multiplier
            step += 1
        }
        return min(wait, maximumBackoff)
    }
}

/// A name for work that must never overlap: operations sharing a category run one at a time,
/// in the order they became ready (one alert on screen at a time).
///
/// A category is claimed once an operation's dependencies are done and released when it ends,
/// so it can never deadlock against dependencies. Its scope is its manager, or the whole
/// process for operations of every manager.
public struct ExclusivityCategory: Sendable, Hashable, CustomStringConvertible {
    /// Where a category's exclusion holds.
    public enum Scope: Sendable, Hashable {
        /// Among the operations of one manager.
        case manager
        /// Among the operations of every manager in the process.
        case process
    }

    public let name: String
    public let scope: Scope

    public init(_ name: String, scope: Scope = .manager) {
        self.name = name
        self.scope = scope
    }

    public var description: String { scope == .process ? "\(name) (process)" : name }
}
