import AsyncDisplayLocks

/// What a run's report is made of: each operation's record as the run ended, turned into the
/// report's entries and critical path the first time they are asked for.
///
/// A run's end takes these records under the manager's lock; naming the entries, listing their
/// dependencies and walking the critical path wait until someone reads the report, which many
/// callers never do.
///
/// Concurrency: the records are immutable once made; `form` changes from records to entries once,
/// under its own lock, so concurrent readers build the entries once and all see the same.
final class ReportSource: Sendable {
    /// One operation as its run ended, but for its step, its error and any dependencies added
    /// later; times on the manager's clock.
    ///
    /// Nothing in it needs releasing, so a run's records go with one deallocation.
    struct Record: Sendable {
        let outcome: OperationOutcome
        let attempts: Int
        let enqueued: Duration
        let ready: Duration?
        let started: Duration?
        let finished: Duration
    }

    /// A report's contents, once made.
    struct Contents: Sendable {
        let entries: [OperationReport.Entry]
        let criticalPath: [OperationID]
        let index: IdentityIndex
    }

    /// What the contents are made from.
    struct Recorded: Sendable {
        /// The records, in submission order.
        let records: [Record]
        /// The records' errors, in the same order; empty when none threw.
        let errors: [(any Error)?]
        /// The records' dependencies to report, in the same order, nil where they are the step's
        /// own; empty when all are.
        let dependencies: [[OperationID]?]
        /// The steps of the records, batch after batch, in the same order.
        let batches: [[ErasedOperationStep]]
        /// When the run started.
        let origin: Duration
    }

    private enum Form: Sendable {
        case recorded(Recorded)
        case made(Contents)
    }

    private let form: LockedState<Form>

    init(_ recorded: Recorded) {
        form = LockedState(.recorded(recorded))
    }

    /// The entries, critical path and index, made on first use.
    var contents: Contents {
        form.withLock { form in
            switch form {
            case .made(let contents):
                return contents
            case .recorded(let recorded):
                let contents = Self.contents(of: recorded)
                form = .made(contents)
                return contents
            }
        }
    }

    /// Makes the entries, their index and the critical path.
    ///
    /// Complexity: O(n + e) for n operations and e reported dependencies.
    private static func contents(of recorded: Recorded) -> Contents {
        let records = recorded.records
        let origin = recorded.origin
        var entries: [OperationReport.Entry] = []
        entries.reserveCapacity(records.count)
        // The first operation to end last.
        var last: Int?
        for (step, record) in zip(recorded.batches.joined(), records) {
            let position = entries.count
            if last.map({ records[$0].finished < record.finished }) ?? true { last = position }
            let dependencies = recorded.dependencies.isEmpty ? nil : recorded.dependencies[position]
            entries.append(
                OperationReport.Entry(
                    id: step.id, name: step.name, outcome: record.outcome, attempts: record.attempts,
                    isMainActor: step.isolation.isMainActor, dependencies: dependencies ?? step.dependencies,
                    enqueued: record.enqueued - origin, ready: record.ready.map { $0 - origin },
                    started: record.started.map { $0 - origin }, finished: record.finished - origin,
                    error: recorded.errors.isEmpty ? nil : recorded.errors[position]))
        }
        let index = IdentityIndex(count: entries.count) { entries[$0].id }
        // Back from the last to end, through the dependency of the run that ended last (the
        // first of them on a tie).
        var path: [OperationID] = []
        var current = last
        while let position = current {
            path.append(entries[position].id)
            current = nil
            for dependency in entries[position].dependencies {
                guard let other = index.position(of: dependency),
                    current.map({ records[$0].finished < records[other].finished }) ?? true
                else { continue }
                current = other
            }
        }
        return Contents(entries: entries, criticalPath: path.reversed(), index: index)
    }
}

extension SchedulerState {
    /// The report of a run whose operations have all ended, and their outputs in its order (empty
    /// when none was kept).
    ///
    /// Errors, outputs and added dependencies are rare: the records leave them out, and the lists
    /// that hold them are made only when some operation has one.
    func makeReport(_ run: Run) -> (OperationReport, outputs: [(any Sendable)?]) {
        var records: [ReportSource.Record] = []
        records.reserveCapacity(run.slots.count)
        var hasErrors = false
        var hasOutputs = false
        var hasDependencies = false
        for slot in run.slots {
            records.append(
                ReportSource.Record(
                    outcome: details[slot].outcome ?? .cancelled, attempts: nodes[slot].attempt,
                    enqueued: details[slot].enqueuedAt, ready: details[slot].readyAt, started: details[slot].startedAt,
                    finished: details[slot].finishedAt ?? run.startedAt))
            hasErrors = hasErrors || details[slot].error != nil
            hasOutputs = hasOutputs || details[slot].output != nil
            hasDependencies = hasDependencies || nodes[slot].hasAddedDependencies || nodes[slot].dependsOutsideRun
        }
        let recorded = ReportSource.Recorded(
            records: records, errors: hasErrors ? run.slots.map { details[$0].error } : [],
            dependencies: hasDependencies ? run.slots.map { reportedDependencies(of: $0) } : [],
            batches: run.batches, origin: run.startedAt)
        return (OperationReport(ReportSource(recorded)), hasOutputs ? run.slots.map { details[$0].output } : [])
    }

    /// The identities of the live dependencies of `slot`; nil when they are the step's own (the
    /// usual case), so reporting them allocates nothing.
    private func reportedDependencies(of slot: Int) -> [OperationID]? {
        // The usual case, known from the node alone: every edge is a declared one, in this run.
        if !nodes[slot].hasAddedDependencies && !nodes[slot].dependsOutsideRun { return nil }
        let references = details[slot].dependencies
        // Edges are added for the declared dependencies first, in order; more only come from
        // batches added later whose dependents wait, so equal counts mean the same list. A run
        // reports before its operations retire, so only dependencies of other runs may be gone.
        if references.count == details[slot].step.dependencies.count,
            !nodes[slot].dependsOutsideRun || references.allSatisfy({ liveSlot($0) != nil })
        {
            return nil
        }
        var dependencies: [OperationID] = []
        dependencies.reserveCapacity(references.count)
        for reference in references where liveSlot(reference) != nil { dependencies.append(reference.id) }
        return dependencies
    }
}
