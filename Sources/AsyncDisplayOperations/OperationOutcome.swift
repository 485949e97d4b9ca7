/// How an operation ended.
public enum OperationOutcome: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The body returned a value.
    case succeeded
    /// The body threw `OperationSkipped`: the work was already done (say, the user was already
    /// logged in). Dependents treat it as success, but there is no output.
    case skipped
    /// The body threw an error on its last attempt.
    case failed
    /// A dependency failed or timed out, so the operation never ran.
    case upstreamFailed
    /// The operation, an ancestor or its run was cancelled, or its body threw `CancellationError`.
    case cancelled
    /// The body ran past its timeout on its last attempt; its late result was discarded.
    case timedOut

    /// Whether dependents that need their dependencies to succeed may run after it.
    public var satisfiesDependents: Bool { self == .succeeded || self == .skipped }

    /// Whether the operation or one of its ancestors went wrong (rather than being cancelled).
    var isFailure: Bool { self == .failed || self == .upstreamFailed || self == .timedOut }

    public var description: String { rawValue }
}

/// Thrown by an operation's body to end as `skipped`: what it would do is already done.
///
/// ```swift
/// let login = OperationStep("login") { _ in
///     if await session.isLoggedIn { throw OperationSkipped("already logged in") }
///     try await session.logIn()
/// }
/// ```
public struct OperationSkipped: Error, Sendable, Hashable {
    /// Why the work was not needed, for logs and reports.
    public let reason: String

    public init(_ reason: String = "already satisfied") { self.reason = reason }
}

/// Why waiting for an operation's output gave none.
public struct OperationFailure: Error, Sendable, CustomStringConvertible {
    /// The operation's name.
    public let operation: String
    /// How it ended; nil when it is not an operation of the run asked.
    public let outcome: OperationOutcome?
    /// What its body threw, when it failed.
    public let error: (any Error)?

    public init(operation: String, outcome: OperationOutcome?, error: (any Error)? = nil) {
        self.operation = operation
        self.outcome = outcome
        self.error = error
    }

    public var description: String {
        guard let outcome else { return "\(operation) is not an operation of this run" }
        if let error { return "\(operation) \(outcome): \(error)" }
        return "\(operation) \(outcome)"
    }
}
