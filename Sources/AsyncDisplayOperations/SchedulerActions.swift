/// What a body's end, a dependency's output or a report looks like when handed to a waiter.
struct NodeResult: Sendable {
    let outcome: OperationOutcome
    /// Nil for a `Void` output, which is not kept (see `ErasedBody.keepsOutput`).
    let output: (any Sendable)?
    let error: (any Error)?

    /// The output as `Output`: the one kept, or `()` for a success whose output was not; nil if
    /// there is none of that type.
    func output<Output>(as type: Output.Type) -> Output? {
        if let output { return output as? Output }
        return outcome == .succeeded ? () as? Output : nil
    }
}

/// A body to start, as decided under the lock.
struct StartRequest: Sendable {
    let slot: Int
    let step: ErasedOperationStep
    let attempt: Int
    let run: OperationRun
}

/// A pool operation started for the worker that just ran another, to run next on its task, as
/// decided under the lock.
///
/// It holds no reference counts taken under the lock: the worker takes them once the lock is
/// released, so that the cache misses of a cold step object fall outside the lock.
struct Handoff: Sendable {
    let slot: Int
    /// Unretained. Safe to take until the worker reports the operation's end: a running operation
    /// ends only when its body returns or on a timeout its attempt arms, both through this worker,
    /// and until then its slot, which holds the step, is not retired.
    let step: Unmanaged<ErasedOperationStep>
    let attempt: Int
    /// The operation's run; nil when it is the run of the worker's last operation, which the
    /// worker keeps: no reference count, per operation, on an object every worker shares.
    let run: OperationRun?
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
        var released: [SchedulerState.NodeDetails] = []
    }

    var starts: [StartRequest] = []
    /// The run of the operation the calling pool worker just ran, when the first pool operation
    /// started goes to `handoff` instead of `starts`, for the worker to run on its own task.
    var workerRun: Int?
    /// The pool operation for the calling worker; taken before the lock is released.
    var handoff: Handoff?
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

    /// Records of retired operations, to be freed once the lock is released (and the run's
    /// waiters resumed), not while other transitions wait for it.
    var released: [SchedulerState.NodeDetails] {
        get { occasional?.released ?? [] }
        _modify { yield &made.released }
    }

    var isEmpty: Bool { starts.isEmpty && !hasEvents && !hasOccasional }

    /// Whether any list other than `starts` may hold something.
    var hasOccasional: Bool { occasional != nil }
}
