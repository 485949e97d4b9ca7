/// What happened in a run: each operation's wait and run time, and the critical path.
///
/// Times are measured on the manager's clock from the start of the run (its submission).
public struct OperationReport: Sendable {
    /// One operation of the run.
    public struct Entry: Sendable, Identifiable {
        public let id: OperationID
        public let name: String
        public let outcome: OperationOutcome
        /// Attempts started (0 if it never ran).
        public let attempts: Int
        /// Whether it ran on the main actor.
        public let isMainActor: Bool
        /// Its dependencies within the run.
        public let dependencies: [OperationID]
        public let enqueued: Duration
        /// When its dependencies had all ended as its rule needs (nil if it ended without that).
        public let ready: Duration?
        /// When its first attempt started (nil if it never ran).
        public let started: Duration?
        public let finished: Duration
        /// What its body threw, if it failed, skipped or was cancelled by throwing.
        public let error: (any Error)?

        /// From submission to the start of its first attempt (to its end if it never ran).
        public var waitTime: Duration { (started ?? finished) - enqueued }
        /// From the start of its first attempt to its end (zero if it never ran).
        public var runTime: Duration { started.map { finished - $0 } ?? .zero }
    }

    /// The run's operations, in submission order.
    public let entries: [Entry]
    /// The operations that decided when the run ended: from the one that ended last, back
    /// through the dependency that ended last at each step, first to last.
    public let criticalPath: [OperationID]

    private let index: IdentityIndex

    init(entries: [Entry], criticalPath: [OperationID]) {
        self.entries = entries
        self.criticalPath = criticalPath
        index = IdentityIndex(count: entries.count) { entries[$0].id }
    }

    /// The position of an operation's entry in `entries`.
    func position(of id: OperationID) -> Int? { index.position(of: id) }

    /// From the submission to the end of the last operation.
    public var duration: Duration { entries.map(\.finished).max() ?? .zero }

    /// The sum of every operation's run time.
    public var totalRunTime: Duration { entries.reduce(.zero) { $0 + $1.runTime } }

    /// The names along the critical path.
    public var criticalPathNames: [String] { criticalPath.compactMap { entry(for: $0)?.name } }

    /// The run time summed along the critical path: what the run would take with unlimited
    /// slots and no waiting.
    public var criticalPathRunTime: Duration {
        criticalPath.reduce(.zero) { $0 + (entry(for: $1)?.runTime ?? .zero) }
    }

    /// The entry of an operation of the run.
    public func entry(for operation: some OperationReference) -> Entry? {
        position(of: operation.operationID).map { entries[$0] }
    }

    /// How an operation of the run ended.
    public func outcome(of operation: some OperationReference) -> OperationOutcome? {
        entry(for: operation)?.outcome
    }

    /// How many operations ended with `outcome`.
    public func count(_ outcome: OperationOutcome) -> Int {
        entries.reduce(0) { $0 + ($1.outcome == outcome ? 1 : 0) }
    }
}

extension SchedulerState {
    /// The report of a run whose operations have all ended.
    func makeReport(_ run: Run) -> OperationReport {
        var entries: [OperationReport.Entry] = []
        entries.reserveCapacity(run.slots.count)
        let origin = run.startedAt
        var last: Int?
        for slot in run.slots {
            let finished = details[slot].finishedAt ?? origin
            if last.map({ details[$0].finishedAt ?? origin < finished }) ?? true { last = slot }
            let dependencies = reportedDependencies(of: slot)
            entries.append(
                OperationReport.Entry(
                    id: nodes[slot].id, name: details[slot].step.name, outcome: details[slot].outcome ?? .cancelled,
                    attempts: nodes[slot].attempt, isMainActor: details[slot].step.isolation.isMainActor,
                    dependencies: dependencies, enqueued: details[slot].enqueuedAt - origin,
                    ready: details[slot].readyAt.map { $0 - origin },
                    started: details[slot].startedAt.map { $0 - origin },
                    finished: finished - origin, error: details[slot].error))
        }
        var path: [OperationID] = []
        var current = last
        while let slot = current {
            path.append(nodes[slot].id)
            current = nil
            var latest = Duration.zero
            for reference in details[slot].dependencies {
                guard let dependency = liveSlot(reference), nodes[dependency].run == nodes[slot].run,
                    let finished = details[dependency].finishedAt, current == nil || finished > latest
                else { continue }
                current = dependency
                latest = finished
            }
        }
        return OperationReport(entries: entries, criticalPath: path.reversed())
    }

    /// The identities of the live dependencies of `slot`; the step's own list when that is all of
    /// them (the usual case), so reporting them allocates nothing.
    private func reportedDependencies(of slot: Int) -> [OperationID] {
        let declared = details[slot].step.dependencies
        // The usual case, known from the node alone: every edge is a declared one, in this run.
        if !nodes[slot].hasAddedDependencies && !nodes[slot].dependsOutsideRun { return declared }
        let references = details[slot].dependencies
        // Edges are added for the declared dependencies first, in order; more only come from
        // batches added later whose dependents wait, so equal counts mean the same list. A run
        // reports before its operations retire, so only dependencies of other runs may be gone.
        if references.count == declared.count,
            !nodes[slot].dependsOutsideRun || references.allSatisfy({ liveSlot($0) != nil })
        {
            return declared
        }
        var dependencies: [OperationID] = []
        dependencies.reserveCapacity(references.count)
        for reference in references where liveSlot(reference) != nil { dependencies.append(reference.id) }
        return dependencies
    }
}

extension OperationIsolation {
    var isMainActor: Bool {
        if case .mainActor = self { return true }
        return false
    }

    var isPool: Bool {
        if case .pool = self { return true }
        return false
    }
}
