import AsyncDisplayExecutors
import AsyncDisplayLocks
import Synchronization

/// Runs operations once their dependencies allow, as many at once as its limit allows, on its
/// executor pool or the main actor.
///
/// Hand it steps and stop caring when or on which thread each runs:
///
/// ```swift
/// let manager = OperationManager(maximumConcurrency: 4)
/// let run = try manager.submit([crashReporting, cache, config, homeScreen])
/// let report = await run.finished()
/// print(report.criticalPathNames)
/// ```
///
/// A step runs only after its dependencies succeeded (see `DependencyRule`); cycles are refused
/// at submission with the path named; cancelling an operation cancels its descendants at once;
/// exclusivity categories keep a kind of work one at a time; ready work starts by priority, then
/// longest remaining critical path, then submission order.
///
/// Concurrency: the bookkeeping is a `SchedulerState` behind one mutex. Each transition is a
/// short, non-blocking step under the lock; tasks are started and cancelled, continuations
/// resumed and events delivered only after the lock is released. No thread ever blocks to
/// wait for an operation.
public final class OperationManager: Sendable {
    /// The manager's name, for diagnostics.
    public let name: String
    /// Where bodies with `.pool` isolation run.
    public let pool: ExecutorPool
    let clock: OperationClock
    let state: LockedState<SchedulerState>
    /// Serialises event delivery, so subscribers see events in the order they were queued.
    private let emission = LockedState(())
    private let runCounter = Atomic<Int>(0)

    /// The manager steps go to unless their kind says otherwise: on the shared user-initiated
    /// pool, as many at once as it has executors.
    public static let shared = OperationManager(name: "shared")

    /// Makes a manager.
    ///
    /// - Parameters:
    ///   - pool: where bodies with `.pool` isolation run; by default the shared user-initiated pool.
    ///   - maximumConcurrency: how many operations may run at once; by default the pool's size.
    ///     Values below 1 mean 1.
    ///   - clock: the clock for timeouts, backoffs and reports (tests pass a manual one).
    ///   - defaultEstimate: the critical-path weight of a step with no estimate and no recorded
    ///     duration.
    public init(
        name: String = "operations",
        pool: ExecutorPool = .shared(.userInitiated),
        maximumConcurrency: Int? = nil,
        clock: some Clock<Duration> = ContinuousClock(),
        defaultEstimate: Duration = .milliseconds(1)
    ) {
        self.name = name
        self.pool = pool
        self.clock = OperationClock(clock)
        state = LockedState(
            SchedulerState(limit: maximumConcurrency ?? pool.count, defaultEstimate: defaultEstimate))
    }

    /// How many operations may run at once; changing it starts waiting work at once or lets
    /// running work finish. Values below 1 mean 1.
    public var maximumConcurrency: Int {
        get { state.withLock { $0.limit } }
        set {
            transition { state, now, actions in
                state.limit = max(1, newValue)
                state.fillSlots(now: now, &actions)
            }
        }
    }

    /// Operations whose body is running now.
    public var runningCount: Int { state.withLock { $0.running } }

    /// A number for a new run.
    func nextRunNumber() -> Int { runCounter.add(1, ordering: .relaxed).newValue }

    // MARK: Submitting

    /// Submits a graph of steps as one run and starts what is ready.
    ///
    /// A step may depend on steps of the same graph and on operations of this manager that are
    /// not retired yet (an operation is retired once its run ended and everything depending on
    /// it ended).
    ///
    /// - Throws: `OperationError.cycle` naming the cycle, `.unknownDependency` or
    ///   `.duplicateOperation`. Nothing of the graph runs then.
    @discardableResult
    public func submit(
        _ steps: [any AnyOperationStep], failurePolicy: FailurePolicy = .keepGoing
    ) throws(OperationError) -> OperationRun {
        let run = OperationRun(manager: self)
        try add(steps.erasedSteps) { .new(run, failurePolicy) }
        return run
    }

    /// Submits one step as a run of its own; returns a handle to await its output.
    ///
    /// - Throws: `OperationError.unknownDependency` or `.duplicateOperation`.
    @discardableResult
    public func submit<Output>(_ step: OperationStep<Output>) throws(OperationError) -> OperationHandle<Output> {
        let run = try submit([step])
        return OperationHandle(id: step.id, name: step.name, run: run)
    }

    /// Checks a batch and adds it to the state.
    func add(
        _ steps: [ErasedOperationStep], to target: () -> SchedulerState.RunTarget
    ) throws(OperationError) {
        let batch = try SubmissionBatch(steps)
        let target = target()
        var actions = SchedulerActions()
        // Read before taking the lock: the clock may be the caller's code.
        let now = clock.now()
        try state.withLock { state throws(OperationError) in
            let now = state.time(from: now)
            try state.submit(batch, to: target, now: now, &actions)
        }
        perform(actions)
    }

    // MARK: Controlling

    /// Cancels an operation and every descendant that needs it to succeed, at once; a no-op for
    /// operations that ended or that the manager does not know.
    public func cancel(_ operation: some OperationReference) {
        let id = operation.operationID
        transition { state, now, actions in state.cancel(id, now: now, &actions) }
    }

    /// What an operation is doing; for a pending one, why it is not running.
    public func status(of operation: some OperationReference) -> OperationStatus {
        // Read before taking the lock: the reference may be the caller's code.
        let id = operation.operationID
        return state.withLock { state in
            state.status(of: id) {
                ProcessExclusivity.shared.holder(of: $0, aheadOf: $1, in: self)
            }
        }
    }

    /// A stream of this manager's events from now on, in the order they happen.
    ///
    /// The stream buffers without limit; stop iterating (or drop it) to unsubscribe.
    public func events() -> AsyncStream<OperationEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: OperationEvent.self)
        let key = state.withLock { $0.subscribe(continuation) }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { $0.unsubscribe(key) }
        }
        return stream
    }

    // MARK: Transitions

    /// Runs a transition under the lock with the current time, then performs its actions.
    func transition(_ body: (inout SchedulerState, Duration, inout SchedulerActions) -> Void) {
        var actions = SchedulerActions()
        // Read before taking the lock: the clock may be the caller's code.
        let now = clock.now()
        state.withLock { state in
            let now = state.time(from: now)
            body(&state, now, &actions)
        }
        if !actions.isEmpty { perform(actions) }
    }

    /// Called by the process-wide registry when it granted an operation its categories.
    func processCategoriesGranted(slot: Int, id: OperationID, sequence: Int) {
        transition { state, now, actions in
            state.processCategoriesGranted(slot, id, sequence: sequence, now: now, &actions)
        }
    }

    /// Carries out what a transition decided, outside the lock.
    func perform(_ actions: SchedulerActions) {
        if actions.hasEvents { deliverEvents() }
        if actions.hasOccasional { performOccasional(actions) }
        for start in actions.starts { launch(start) }
    }

    /// Carries out the actions other than events and starts: cancellations, resumptions,
    /// process-wide claims and timers, in that order.
    private func performOccasional(_ actions: SchedulerActions) {
        for task in actions.cancellations { task.cancel() }
        for (waiter, result) in actions.results { waiter.resume(returning: result) }
        for (waiter, report) in actions.reports { waiter.resume(returning: report) }
        for request in actions.processWithdrawals { ProcessExclusivity.shared.withdraw(request, from: self) }
        for request in actions.processRequests {
            let name = state.withLock { $0.name(of: request.id) } ?? ""
            if ProcessExclusivity.shared.request(request, name: name, from: self) {
                processCategoriesGranted(slot: request.slot, id: request.id, sequence: request.sequence)
            }
        }
        for timer in actions.timers { startTimer(timer) }
    }

    /// Hands queued events to subscribers, in order.
    private func deliverEvents() {
        emission.withLock { _ in
            let (events, subscribers) = state.withLock { $0.takeEvents() }
            for event in events {
                for subscriber in subscribers { subscriber.yield(event) }
            }
        }
    }
}
