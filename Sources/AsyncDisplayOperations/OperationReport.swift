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
    public var entries: [Entry] { source.contents.entries }
    /// The operations that decided when the run ended: from the one that ended last, back
    /// through the dependency that ended last at each step, first to last.
    public var criticalPath: [OperationID] { source.contents.criticalPath }

    /// What the entries are made from, the first time they are asked for.
    private let source: ReportSource

    init(_ source: ReportSource) { self.source = source }

    /// The position of an operation's entry in `entries`.
    func position(of id: OperationID) -> Int? { source.contents.index.position(of: id) }

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
