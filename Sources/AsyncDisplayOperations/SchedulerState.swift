/// The manager's bookkeeping as a pure state machine: operations, their edges and phases,
/// the ready queue, exclusivity, runs and subscribers.
///
/// Transitions are methods named for events (`submit`, `bodyReturned`, `timeoutFired`,
/// `cancel`…); each records in `SchedulerActions` what to do after the lock is released. Nothing
/// here blocks, sleeps, starts tasks or resumes continuations.
///
/// Invariants:
/// - an operation ends only after every one of its dependencies ended (cancelled ones too);
/// - `running` counts nodes in `.running` and never exceeds `limit` after a transition, except
///   when the limit was lowered while they ran;
/// - a node is retired (its slot reused) only once it ended, its run ended, and every dependent
///   ended, so live references by slot always point at the node they were made for.
struct SchedulerState: Sendable {
    /// Where an operation is in its life.
    enum Phase: Sendable, Equatable {
        /// Dependencies have not all ended.
        case waiting
        /// Waiting for manager-scoped exclusivity categories.
        case claiming
        /// Waiting for process-wide exclusivity categories.
        case claimingProcess
        /// In the ready queue, waiting for a free slot.
        case ready
        case running
        /// Waiting before its next attempt.
        case backoff
        case finished
    }

    /// The worst way a dependency ended, so far.
    enum Upstream: Sendable { case clean, cancelled, failed }

    /// A reference to a dependency that may have been retired since: valid while the slot
    /// still holds the same identity.
    struct NodeRef: Sendable {
        let slot: Int
        let id: OperationID
    }

    /// What transitions read and write while walking edges: kept small, apart from the rest of
    /// an operation's record, so a walk over dependents touches one short entry per operation.
    ///
    /// What a dependency's end, queueing and starting touch comes first, so that it tends to lie
    /// in one cache line.
    struct Node: Sendable {
        var remaining = 0
        var criticalPath: Int64 = 0
        var sequence: Int
        var phase = Phase.waiting
        var upstream = Upstream.clean
        var isCancelled = false
        var isLive = true
        var priority: OperationPriority
        var rule: DependencyRule
        /// Whether the step names exclusivity categories of either scope.
        var claimsCategories: Bool
        /// Whether the step's body runs on the manager's pool (and so may be handed to a worker).
        var runsOnPool: Bool
        /// Whether a dependency belongs to another run (and so may be retired before this run ends).
        var dependsOutsideRun = false
        /// Whether it has dependencies beyond its step's own (added by a body whose dependents wait).
        var hasAddedDependencies = false
        /// The place of the step's name in `recordedDurations`, where a success records its
        /// duration; -1 for none.
        var recordIndex: Int32
        var attempt = 0
        var id: OperationID
        var run: Int
        /// The run's place in `runProgress`.
        var runPlace: Int32
        /// Dependents of other runs that have not ended, plus one while a timed-out body keeps the
        /// node's categories (see `NodeDetails.abandonedAttempt`). Those of its own run need no
        /// count: they have all ended by the time the run has, which a node waits for before retiring.
        var unfinishedDependents = 0
        var estimate: Int64 = 0
    }

    /// The rest of an operation's record: its step, edges, result, times and tasks, read once or
    /// twice in its life rather than on every walk.
    ///
    /// The fields starting and ending an attempt touch come first (up to its dependents), so that
    /// they lie in few cache lines.
    struct NodeDetails: Sendable {
        var step: ErasedOperationStep
        var bodyTask: Task<Void, Never>?
        var timerTask: Task<Void, Never>?
        var startedAt: Duration?
        var finishedAt: Duration?
        var outcome: OperationOutcome?
        var waiters: [UnsafeContinuation<NodeResult?, Never>] = []
        /// Slices of lists the node's batch shares (so a batch allocates two lists, not two per
        /// node); an edge added later copies the node's slice into a list of its own.
        var dependents: ArraySlice<Int> = []
        var output: (any Sendable)?
        var error: (any Error)?
        var readyAt: Duration?
        var dependencies: ArraySlice<NodeRef> = []
        var enqueuedAt: Duration
        var holdsManagerCategories = false
        var holdsProcessCategories = false
        /// The timed-out attempt whose body has not returned yet: the node keeps its categories
        /// (and its slot) until it does, so members of a category never overlap.
        var abandonedAttempt: Int?
        /// Whether the backoff before the next attempt is over and that attempt waits only for the
        /// abandoned body.
        var retryWaitsForBody = false
    }

    struct Run: Sendable {
        let object: OperationRun
        let policy: FailurePolicy
        let startedAt: Duration
        var slots: [Int] = []
        /// The steps of each batch of the run, in the order of `slots`: a report reads them from
        /// here, which spares it a reference count per step.
        var batches: [[ErasedOperationStep]] = []
        var waiters: [UnsafeContinuation<OperationReport, Never>] = []
        /// Its place in `runProgress`.
        let place: Int
    }

    /// What every operation's end reads and writes about its run, in a list by place rather than
    /// in `runs`, so that it is found without hashing the run's number.
    struct RunProgress: Sendable {
        /// The run's number; 0 once the place is free (run numbers start at 1).
        var number: Int
        var unfinished = 0
        let isFailFast: Bool
    }

    var nodes: [Node] = []
    /// The rest of each node's record, by the same slot.
    var details: [NodeDetails] = []
    var freeSlots: [Int] = []
    var slotByID = SlotTable()
    var ready = ReadyQueue()
    var exclusivity = ExclusivityTable<Int>()
    var runs: [Int: Run] = [:]
    /// Each live run's progress, by the place its `Run` and operations name; places of ended runs
    /// are reused.
    var runProgress: [RunProgress] = []
    var freeRunPlaces: [Int] = []
    var nextSequence = 0
    /// Nodes whose end was decided and whose consequences are still to be carried out.
    var finishing: [Int] = []

    /// The latest time a transition was given (see `time(from:)`).
    var latestTime = Duration.zero

    var running = 0
    var limit: Int
    /// The critical-path weight of a step with no estimate and no recorded duration.
    let defaultEstimate: Int64

    /// Durations of the last successful run of steps, by name.
    var recordedDurations = DurationTable()

    var subscribers: [Int: AsyncStream<OperationEvent>.Continuation] = [:]
    var nextSubscriber = 0
    /// Events not yet handed to subscribers, oldest first.
    var outbox: [OperationEvent] = []

    init(limit: Int, defaultEstimate: Duration) {
        self.limit = max(1, limit)
        self.defaultEstimate = max(1, defaultEstimate.nanoseconds)
    }

    /// `reading`, or the latest time a transition was given if that is later: the clock is read
    /// before the lock is taken, so readings may reach it out of order.
    mutating func time(from reading: Duration) -> Duration {
        latestTime = max(latestTime, reading)
        return latestTime
    }

    // MARK: Lookup

    /// The live slot of `id`, if the manager still knows it.
    func slot(of id: OperationID) -> Int? { slotByID[id] }

    /// The slot of `reference` if it still holds the node it was made for.
    func liveSlot(_ reference: NodeRef) -> Int? {
        reference.slot < nodes.count && nodes[reference.slot].isLive && nodes[reference.slot].id == reference.id
            ? reference.slot : nil
    }

    /// Whether a transition about attempt `attempt` of `id` at `slot` still applies.
    func isCurrent(_ slot: Int, _ id: OperationID, attempt: Int? = nil) -> Bool {
        guard slot < nodes.count, nodes[slot].isLive, nodes[slot].id == id else { return false }
        return attempt.map { nodes[slot].attempt == $0 } ?? true
    }

    // MARK: Slots

    /// A slot for a new node: a retired one if any.
    mutating func allocateSlot(for node: Node, _ record: consuming NodeDetails) -> Int {
        if let slot = freeSlots.popLast() {
            nodes[slot] = node
            details[slot] = record
            return slot
        }
        nodes.append(node)
        details.append(record)
        return nodes.count - 1
    }

    /// Frees the node's slot if nothing can refer to it any more.
    mutating func retireIfDone(_ slot: Int) {
        guard isRetirable(slot) else { return }
        slotByID[nodes[slot].id] = nil
        retire(slot)
    }

    /// Frees the slots of an ended run's operations that nothing can refer to any more.
    ///
    /// When that is every live node (a run ending with nothing else going on), the tables start
    /// afresh instead: the identity table is emptied at once, the ready queue holds only stale
    /// entries and is dropped, and the records go to `actions`, to be freed outside the lock.
    mutating func retireEnded(_ slots: [Int], _ actions: inout SchedulerActions) {
        var retiring: [Int] = []
        retiring.reserveCapacity(slots.count)
        // Their run has ended (and is gone from `runs`), so it need not be looked up for each.
        for slot in slots
        where nodes[slot].isLive && nodes[slot].phase == .finished && nodes[slot].unfinishedDependents == 0 {
            retiring.append(slot)
        }
        if retiring.count == slotByID.count {
            // Emptying writes every bucket: worth it only when the run held a good share of them.
            if 8 * retiring.count >= slotByID.bucketCount {
                slotByID.removeAll()
            } else {
                for slot in retiring { slotByID[nodes[slot].id] = nil }
            }
            ready.removeAll()
            nodes.removeAll(keepingCapacity: true)
            freeSlots.removeAll(keepingCapacity: true)
            swap(&details, &actions.released)
            return
        }
        for slot in retiring { slotByID[nodes[slot].id] = nil }
        for slot in retiring { retire(slot) }
    }

    private func isRetirable(_ slot: Int) -> Bool {
        nodes[slot].isLive && nodes[slot].phase == .finished && nodes[slot].unfinishedDependents == 0
            && runs.index(forKey: nodes[slot].run) == nil
    }

    /// Frees a node's slot; its identity is already out of `slotByID`.
    private mutating func retire(_ slot: Int) {
        nodes[slot].isLive = false
        details[slot].output = nil
        details[slot].error = nil
        details[slot].dependencies = []
        details[slot].dependents = []
        details[slot].waiters = []
        freeSlots.append(slot)
    }

    // MARK: Events

    mutating func emit(_ kind: OperationEvent.Kind, _ slot: Int, at time: Duration, _ actions: inout SchedulerActions) {
        guard !subscribers.isEmpty else { return }
        outbox.append(OperationEvent(operation: nodes[slot].id, name: details[slot].step.name, kind: kind, time: time))
        actions.hasEvents = true
    }

    /// Hands over the queued events and the subscribers to give them to.
    mutating func takeEvents() -> ([OperationEvent], [AsyncStream<OperationEvent>.Continuation]) {
        defer { outbox.removeAll(keepingCapacity: true) }
        return (outbox, Array(subscribers.values))
    }

    mutating func subscribe(_ continuation: AsyncStream<OperationEvent>.Continuation) -> Int {
        defer { nextSubscriber += 1 }
        subscribers[nextSubscriber] = continuation
        return nextSubscriber
    }

    mutating func unsubscribe(_ key: Int) {
        subscribers[key] = nil
        if subscribers.isEmpty { outbox.removeAll() }
    }
}

extension Duration {
    /// The duration in whole nanoseconds, saturating at the bounds of Int64.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        guard seconds < Int64.max / 1_000_000_000, seconds > Int64.min / 1_000_000_000 else {
            return seconds > 0 ? .max : .min
        }
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
