import AsyncDisplayExecutors
import AsyncDisplayLocks

/// Starting bodies and timers, and hearing back from them.
extension OperationManager {
    /// Starts an attempt's body where its isolation says.
    ///
    /// Bodies bound to a serial executor are started with `Task.immediate`, which enqueues them on
    /// their executor before this returns: bodies started one after another reach the executor in
    /// that order, which keeps runs on a manual executor deterministic. Each body reports its end
    /// from its own executor, before its task ends.
    ///
    /// A pool operation on a pool of threads starts a worker isolated to the least loaded thread
    /// rather than a task preferring the pool's task executor: a task with an executor preference
    /// takes a lock inside the runtime on every executor switch, and a body's end costs two. The
    /// worker is a plain task, not an immediate one, which would carry such a record even with no
    /// preference given; it reaches its thread through one hop, once for the many operations it
    /// may run.
    func launch(_ start: StartRequest) {
        let attempt = Attempt(start, manager: self)
        let task: Task<Void, Never>
        switch start.step.isolation {
        case .mainActor:
            task = Task { @MainActor in await attempt.run() }
        case .pool:
            if pool.taskExecutor != nil {
                let runner = BodyRunner(executor: pool.leastLoaded())
                task = Task { await runner.runAsWorker(attempt) }
            } else {
                task = Self.runImmediately(attempt, on: pool.next())
            }
        case .executor(let executor):
            task = Self.runImmediately(attempt, on: executor)
        }
        if state.withLock({ $0.attach(body: task, to: start.slot, start.step.id, attempt: start.attempt) }) {
            task.cancel()
        }
    }

    private static func runImmediately(_ attempt: Attempt, on executor: any SerialExecutor) -> Task<Void, Never> {
        let runner = BodyRunner(executor: executor)
        return Task.immediate { await runner.run(attempt) }
    }

    /// Starts the timeout timer of an attempt whose body begins now.
    func startTimeout(_ timeout: Duration, began: Duration, for context: OperationContext) {
        let clock = clock
        let timer = Task { [weak self] in
            do { try await clock.sleepUntil(began + timeout) } catch { return }
            self?.transition { state, now, actions in
                state.timeoutFired(context.slot, context.operationID, attempt: context.attempt, now: now, &actions)
            }
        }
        if state.withLock({ $0.attach(timer: timer, to: context.slot, context.operationID, attempt: context.attempt) })
        {
            timer.cancel()
        }
    }

    /// Runs a body, catching what it throws; a body whose task was cancelled before it began
    /// does not run at all.
    static func capture(
        _ body: any ErasedBody, _ context: OperationContext
    ) async -> Result<any Sendable, any Error> {
        if Task.isCancelled { return .failure(CancellationError()) }
        do {
            return .success(try await body(context))
        } catch {
            return .failure(error)
        }
    }

    /// An attempt's body, begun at `began`, ended; returns a pool operation for the caller, a pool
    /// worker (`mayContinue`), to run next on its own task, and the time it was started.
    func bodyReturned(
        _ context: OperationContext, began: Duration, _ result: Result<any Sendable, any Error>, keepsOutput: Bool,
        mayContinue: Bool
    ) -> (next: Handoff, now: Duration)? {
        var actions = SchedulerActions()
        // Read before taking the lock: the clock may be the caller's code.
        let now = clock.now()
        let next = state.withLock { state -> (Handoff, Duration)? in
            let now = state.time(from: now)
            return state.bodyReturned(
                context.slot, context.operationID, attempt: context.attempt, began: began, result,
                keepsOutput: keepsOutput, now: now, mayContinue: mayContinue, &actions
            ).map { ($0, now) }
        }
        if !actions.isEmpty { perform(actions) }
        return next
    }

    /// Starts a timer task for a backoff (timeouts start with their body).
    func startTimer(_ request: TimerRequest) {
        let clock = clock
        let task = Task { [weak self] in
            do { try await clock.sleepUntil(request.deadline) } catch { return }
            self?.transition { state, now, actions in
                state.backoffElapsed(request.slot, request.id, attempt: request.attempt, now: now, &actions)
            }
        }
        let stale = state.withLock { $0.attach(backoff: task, to: request.slot, request.id, attempt: request.attempt) }
        stale?.cancel()
    }
}

/// One attempt of a body, ready to run wherever its task is.
struct Attempt: Sendable {
    /// The step whose body runs: a reference, so making an attempt copies no existential.
    private(set) var step: ErasedOperationStep
    private(set) var context: OperationContext
    private(set) var timeout: Duration?

    init(_ start: StartRequest, manager: OperationManager) {
        step = start.step
        context = OperationContext(
            manager: manager, run: start.run, operationID: start.step.id, name: start.step.name,
            attempt: start.attempt, slot: start.slot)
        timeout = start.step.timeout.map { max(.zero, $0) }
    }

    /// Becomes the attempt `next` starts, keeping the manager and, unless `next` names another,
    /// the run: a worker moving on copies no reference the other workers share.
    mutating func advance(to next: Handoff) {
        // Safe: the operation is running and has not been reported ended (see `Handoff.step`).
        step = next.step.takeUnretainedValue()
        if let run = next.run { context.run = run }
        context.operationID = step.id
        context.name = step.name
        context.attempt = next.attempt
        context.slot = next.slot
        timeout = step.timeout.map { max(.zero, $0) }
    }

    /// Runs the body on the caller's executor, arming the timeout as it begins, and reports its
    /// end from there.
    nonisolated(nonsending) func run() async {
        _ = await runOnce(began: context.manager.clock.now(), mayContinue: false)
    }

    /// Runs the body, then, while the manager hands it more, further pool operations on the same
    /// task: no task to create and no other thread to wake per operation.
    ///
    /// An operation handed over begins at the time the manager started it, which spares a reading
    /// of the clock per operation.
    nonisolated(nonsending) func runAsWorker() async {
        var attempt = self
        var began = context.manager.clock.now()
        while let (next, now) = await attempt.runOnce(began: began, mayContinue: true) {
            attempt.advance(to: next)
            began = now
        }
    }

    @inline(__always)
    private nonisolated(nonsending) func runOnce(
        began: Duration, mayContinue: Bool
    ) async -> (next: Handoff, now: Duration)? {
        let manager = context.manager
        if let timeout { manager.startTimeout(timeout, began: began, for: context) }
        let result = await OperationManager.capture(step.body, context)
        return manager.bodyReturned(
            context, began: began, result, keepsOutput: step.body.keepsOutput, mayContinue: mayContinue)
    }
}

/// An actor on a chosen serial executor, so that a body runs isolated to that executor.
private actor BodyRunner {
    /// Kept so that `executorReference` stays valid.
    private let executor: any SerialExecutor
    /// Read on every switch to this actor (after each body's end): made once, not per read.
    private let executorReference: UnownedSerialExecutor

    init(executor: any SerialExecutor) {
        self.executor = executor
        executorReference = executor.asUnownedSerialExecutor()
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor { executorReference }

    /// Runs the attempt here.
    func run(_ attempt: Attempt) async { await attempt.run() }

    /// Runs the attempt here, then the pool operations the manager hands over after it.
    func runAsWorker(_ attempt: Attempt) async { await attempt.runAsWorker() }
}
