import AsyncDisplayExecutors
import AsyncDisplayLocks

/// Starting bodies and timers, and hearing back from them.
extension OperationManager {
    /// Starts an attempt's body where its isolation says, and its timeout timer if it has one.
    ///
    /// Bodies bound to a serial executor are started with `Task.immediate`, which enqueues them on
    /// their executor before this returns: bodies started one after another reach the executor in
    /// that order, which keeps runs on a manual executor deterministic. Each body reports its end
    /// from its own executor, before its task ends.
    func launch(_ start: StartRequest) {
        let context = OperationContext(
            manager: self, run: start.run, operationID: start.step.id, name: start.step.name,
            attempt: start.attempt, slot: start.slot)
        let body = start.step.body
        let task: Task<Void, Never>
        switch start.step.isolation {
        case .mainActor:
            task = Task { @MainActor in
                let result = await Self.capture(body, context)
                self.bodyReturned(context, result)
            }
        case .pool:
            if let taskExecutor = pool.taskExecutor {
                task = Task(executorPreference: taskExecutor) {
                    let result = await Self.capture(body, context)
                    self.bodyReturned(context, result)
                }
            } else {
                task = Self.runImmediately(body, context, on: pool.next())
            }
        case .executor(let executor):
            task = Self.runImmediately(body, context, on: executor)
        }
        var timer: Task<Void, Never>?
        if let deadline = start.deadline {
            let clock = clock
            timer = Task { [weak self] in
                do { try await clock.sleepUntil(deadline) } catch { return }
                self?.transition { state, now, actions in
                    state.timeoutFired(context.slot, context.operationID, attempt: context.attempt, now: now, &actions)
                }
            }
        }
        let stale = state.withLock {
            $0.attach(body: task, timer: timer, to: start.slot, start.step.id, attempt: start.attempt)
        }
        for task in stale { task.cancel() }
    }

    private static func runImmediately(
        _ body: nonisolated(nonsending) @escaping @Sendable (OperationContext) async throws -> any Sendable,
        _ context: OperationContext,
        on executor: any SerialExecutor
    ) -> Task<Void, Never> {
        let runner = BodyRunner(executor: executor)
        return Task.immediate { await runner.run(body, context) }
    }

    /// Runs a body, catching what it throws; a body whose task was cancelled before it began
    /// does not run at all.
    static func capture(
        _ body: nonisolated(nonsending) @Sendable (OperationContext) async throws -> any Sendable,
        _ context: OperationContext
    ) async -> Result<any Sendable, any Error> {
        if Task.isCancelled { return .failure(CancellationError()) }
        do {
            return .success(try await body(context))
        } catch {
            return .failure(error)
        }
    }

    /// An attempt's body ended.
    func bodyReturned(_ context: OperationContext, _ result: Result<any Sendable, any Error>) {
        transition { state, now, actions in
            state.bodyReturned(context.slot, context.operationID, attempt: context.attempt, result, now: now, &actions)
        }
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

/// An actor on a chosen serial executor, so that a body runs isolated to that executor.
private actor BodyRunner {
    private let executor: any SerialExecutor

    init(executor: any SerialExecutor) { self.executor = executor }

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Runs the body here and reports its end from here.
    func run(
        _ body: nonisolated(nonsending) @Sendable (OperationContext) async throws -> any Sendable,
        _ context: OperationContext
    ) async {
        let result = await OperationManager.capture(body, context)
        context.manager.bodyReturned(context, result)
    }
}
