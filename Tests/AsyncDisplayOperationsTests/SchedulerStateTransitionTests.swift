import Testing

@testable import AsyncDisplayOperations

/// Transitions whose order the manager's threads decide, driven on the state machine directly.
@Suite("Scheduler state")
struct SchedulerStateTests {
    /// A state holding `step`, started; returns its start request.
    private func started(
        _ step: OperationStep<Void>, in state: inout SchedulerState, manager: OperationManager
    ) throws -> StartRequest {
        var actions = SchedulerActions()
        try state.submit(
            SubmissionBatch([step.erasedStep]), to: .new(OperationRun(manager: manager), .keepGoing), now: .zero,
            &actions)
        return try #require(actions.starts.first)
    }

    @Test("A body task recorded after its attempt timed out is cancelled at once")
    func bodyAttachedAfterTimeout() throws {
        let manager = OperationManager(name: "regression.attach", maximumConcurrency: 1)
        var state = SchedulerState(limit: 1, defaultEstimate: .milliseconds(1))
        let step = OperationStep("step", timeout: .seconds(1)) { _ in }
        let start = try started(step, in: &state, manager: manager)
        var actions = SchedulerActions()
        state.timeoutFired(start.slot, step.id, attempt: start.attempt, now: .seconds(1), &actions)
        let body = Task<Void, Never> {}
        let cancelAtOnce = state.attach(body: body, to: start.slot, step.id, attempt: start.attempt)
        #expect(cancelAtOnce)
    }

    @Test("A body task recorded while its attempt runs is kept, and cancelled only if the operation was")
    func bodyAttachedWhileRunning() throws {
        let manager = OperationManager(name: "regression.attach.running", maximumConcurrency: 1)
        var state = SchedulerState(limit: 1, defaultEstimate: .milliseconds(1))
        let step = OperationStep("step") { _ in }
        let start = try started(step, in: &state, manager: manager)
        let body = Task<Void, Never> {}
        let cancelAtOnce = state.attach(body: body, to: start.slot, step.id, attempt: start.attempt)
        #expect(!cancelAtOnce)
        var actions = SchedulerActions()
        state.cancel(step.id, now: .zero, &actions)
        #expect(actions.cancellations.count == 1)
    }

    @Test("The retry of a timed-out category holder waits for the abandoned body as well as its backoff")
    func retryWaitsForAbandonedBody() throws {
        let manager = OperationManager(name: "regression.retry", maximumConcurrency: 2)
        var state = SchedulerState(limit: 2, defaultEstimate: .milliseconds(1))
        let step = OperationStep(
            "step", exclusivity: [ExclusivityCategory("c")], timeout: .seconds(1),
            retry: RetryPolicy(maximumAttempts: 2, initialBackoff: .seconds(1))
        ) { _ in }
        let start = try started(step, in: &state, manager: manager)
        var actions = SchedulerActions()
        state.timeoutFired(start.slot, step.id, attempt: 1, now: .seconds(1), &actions)
        #expect(actions.timers.count == 1)
        actions = SchedulerActions()
        state.backoffElapsed(start.slot, step.id, attempt: 1, now: .seconds(2), &actions)
        #expect(actions.starts.isEmpty)
        actions = SchedulerActions()
        _ = state.bodyReturned(
            start.slot, step.id, attempt: 1, began: .zero, .success(()), keepsOutput: false, now: .seconds(3),
            mayContinue: false,
            &actions)
        #expect(actions.starts.map(\.attempt) == [2])
    }
}
