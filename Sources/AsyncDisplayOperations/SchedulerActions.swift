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
    /// The node's sequence number, unique in its manager: with the manager, the claim's key (one
    /// step may be submitted to several managers, or again once retired).
    let sequence: Int
    let categories: [String]
}

/// What a transition of `SchedulerState` asks its caller to do once the lock is released.
///
/// Continuations are resumed, tasks started and cancelled only here, never under the lock.
///
/// Most transitions only start operations, so the other lists live out of line, made on first
/// use: a set of actions with nothing but starts is made and dropped without touching them.
struct SchedulerActions: Sendable {
    /// The lists that most transitions leave empty.
    private struct Occasional: Sendable {
        var timers: [TimerRequest] = []
        var cancellations: [Task<Void, Never>] = []
        var results: [(UnsafeContinuation<NodeResult?, Never>, NodeResult)] = []
        var reports: [(UnsafeContinuation<OperationReport, Never>, OperationReport)] = []
        var processRequests: [ProcessClaimRequest] = []
        var processWithdrawals: [ProcessClaimRequest] = []
    }

    var starts: [StartRequest] = []
    /// Whether the first pool operation started goes to `handoff` instead of `starts`: the
    /// caller is a pool worker that will run it on its own task.
    var wantsHandoff = false
    /// The pool operation for the calling worker; taken before the lock is released.
    var handoff: StartRequest?
    /// Whether events were queued for subscribers.
    var hasEvents = false
    private var occasional: Occasional?

    /// The occasional lists, made on first change.
    private var made: Occasional {
        get { occasional ?? Occasional() }
        _modify {
            if occasional == nil { occasional = Occasional() }
            // Safe to force: made just above if it was missing.
            yield &occasional!
        }
    }

    var timers: [TimerRequest] {
        get { occasional?.timers ?? [] }
        _modify { yield &made.timers }
    }
    var cancellations: [Task<Void, Never>] {
        get { occasional?.cancellations ?? [] }
        _modify { yield &made.cancellations }
    }
    var results: [(UnsafeContinuation<NodeResult?, Never>, NodeResult)] {
        get { occasional?.results ?? [] }
        _modify { yield &made.results }
    }
    var reports: [(UnsafeContinuation<OperationReport, Never>, OperationReport)] {
        get { occasional?.reports ?? [] }
        _modify { yield &made.reports }
    }
    var processRequests: [ProcessClaimRequest] {
        get { occasional?.processRequests ?? [] }
        _modify { yield &made.processRequests }
    }
    /// Claims to give back or withdraw: released if held, taken out of the queues otherwise.
    var processWithdrawals: [ProcessClaimRequest] {
        get { occasional?.processWithdrawals ?? [] }
        _modify { yield &made.processWithdrawals }
    }

    var isEmpty: Bool { starts.isEmpty && !hasEvents && !hasOccasional }

    /// Whether any list other than `starts` may hold something.
    var hasOccasional: Bool { occasional != nil }
}
