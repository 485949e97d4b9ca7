/// What a body's end, a dependency's output or a report looks like when handed to a waiter.
struct NodeResult: Sendable {
    let outcome: OperationOutcome
    let output: (any Sendable)?
    let error: (any Error)?
}

/// A body to start, as decided under the lock.
struct StartRequest: Sendable {
    let slot: Int
    let step: ErasedOperationStep
    let attempt: Int
    let run: OperationRun
    /// How long the attempt may run, counted from when its body starts.
    let timeout: Duration?
}

/// A timer to start: a timeout or the wait before a retry.
struct TimerRequest: Sendable {
    enum Kind: Sendable { case timeout, backoff }
    let kind: Kind
    let slot: Int
    let id: OperationID
    let attempt: Int
    let deadline: Duration
}

/// A request to the process-wide exclusivity registry.
struct ProcessClaimRequest: Sendable {
    let slot: Int
    let id: OperationID
    let categories: [String]
}

/// What a transition of `SchedulerState` asks its caller to do once the lock is released.
///
/// Continuations are resumed, tasks started and cancelled only here, never under the lock.
struct SchedulerActions: Sendable {
    var starts: [StartRequest] = []
    /// Whether the first pool operation started goes to `handoff` instead of `starts`: the
    /// caller is a pool worker that will run it on its own task.
    var wantsHandoff = false
    /// The pool operation for the calling worker; taken before the lock is released.
    var handoff: StartRequest?
    var timers: [TimerRequest] = []
    var cancellations: [Task<Void, Never>] = []
    var results: [(UnsafeContinuation<NodeResult?, Never>, NodeResult)] = []
    var reports: [(UnsafeContinuation<OperationReport, Never>, OperationReport)] = []
    var processRequests: [ProcessClaimRequest] = []
    /// Claims to give back or withdraw: released if held, taken out of the queues otherwise.
    var processWithdrawals: [ProcessClaimRequest] = []
    /// Whether events were queued for subscribers.
    var hasEvents = false

    var isEmpty: Bool {
        starts.isEmpty && timers.isEmpty && cancellations.isEmpty && results.isEmpty && reports.isEmpty
            && processRequests.isEmpty && processWithdrawals.isEmpty && !hasEvents
    }
}
