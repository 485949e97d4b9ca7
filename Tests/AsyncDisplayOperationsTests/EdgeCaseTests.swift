import AsyncDisplayExecutors
import AsyncDisplayOperations
import AsyncDisplayTesting
import Testing

/// The event descriptions of `setup`'s manager from `events` on, up to the end of a marker step
/// submitted now (events arrive in order, so every earlier one is in).
func events(_ events: AsyncStream<OperationEvent>, before setup: ManualSetup) async throws -> [String] {
    let marker = OperationStep("marker") { _ in }
    let run = try setup.manager.submit([marker])
    _ = await setup.finish(run)
    var seen: [String] = []
    for await event in events {
        if event.operation == marker.id, case .finished = event.kind { break }
        if event.operation != marker.id { seen.append(event.description) }
    }
    return seen
}

/// A category holder whose first attempt fails and whose retry waits 10 s, and a second
/// contender for the same category.
func backoffContenders(
    _ category: ExclusivityCategory, _ log: Log
) -> (holder: OperationStep<Void>, waiter: OperationStep<Void>) {
    let holder = OperationStep(
        "holder", exclusivity: [category], retry: RetryPolicy(maximumAttempts: 2, initialBackoff: .seconds(10))
    ) { _ in
        log.append("holder")
        throw TestFailure(name: "holder")
    }
    return (holder, loggedStep("waiter", log, exclusivity: [category]))
}

@Suite("Cancelled category contenders")
struct CancelledContenderTests {
    @Test(
        "run.cancel() while a category holder waits out a backoff: the cancelled waiter never starts, ends once",
        .timeLimit(.minutes(1)), arguments: [ExclusivityCategory.Scope.manager, .process])
    func cancelDuringHolderBackoff(scope: ExclusivityCategory.Scope) async throws {
        let setup = ManualSetup(limit: 4, name: "regression.backoff.\(scope)")
        let stream = setup.manager.events()
        let log = Log()
        let category = ExclusivityCategory("regression.backoff.\(scope)", scope: scope)
        let (holder, waiter) = backoffContenders(category, log)
        let run = try setup.manager.submit([holder, waiter])
        setup.runAll()
        #expect(setup.manager.status(of: holder) == .pending([.retryBackoff(nextAttempt: 2)]))
        run.cancel()
        setup.runAll()
        let report = await run.finished()
        #expect(log.all == ["holder"])
        #expect(report.outcome(of: holder) == .cancelled)
        #expect(report.outcome(of: waiter) == .cancelled)
        #expect(setup.manager.runningCount == 0)
        let seen = try await events(stream, before: setup)
        #expect(seen.filter { $0.hasPrefix("waiter") } == ["waiter enqueued", "waiter ready", "waiter cancelled"])
        // The category is free again.
        let next = loggedStep("next", log, exclusivity: [category])
        _ = await setup.finish(try setup.manager.submit([next]))
        #expect(log.all == ["holder", "next"])
    }

    @Test(
        "Fail-fast while a category holder waits out a backoff: the cancelled waiter never starts, ends once",
        .timeLimit(.minutes(1)))
    func failFastDuringHolderBackoff() async throws {
        let setup = ManualSetup(limit: 4)
        let stream = setup.manager.events()
        let log = Log()
        let gate = AsyncGate()
        let (holder, waiter) = backoffContenders(ExclusivityCategory("c"), log)
        let failing = OperationStep("failing") { _ in
            await gate.pass()
            throw TestFailure(name: "failing")
        }
        let run = try setup.manager.submit([holder, waiter, failing], failurePolicy: .failFast)
        setup.runAll()
        await gate.waitForArrivals()
        gate.open()
        let report = await setup.finish(run)
        setup.runAll()
        #expect(log.all == ["holder"])
        #expect(report.outcome(of: waiter) == .cancelled)
        #expect(setup.manager.runningCount == 0)
        let seen = try await events(stream, before: setup)
        #expect(seen.filter { $0.hasPrefix("waiter") } == ["waiter enqueued", "waiter ready", "waiter cancelled"])
    }

    @Test(
        "A run whose cancelled contender was granted a category does not end while another operation runs",
        .timeLimit(.minutes(1)))
    func runDoesNotEndEarly() async throws {
        let setup = ManualSetup(limit: 2)
        let blockerGate = AsyncGate()
        let stubbornGate = AsyncGate()
        let log = Log()
        let category = ExclusivityCategory("c")
        let blocker = OperationStep("blocker") { _ in await blockerGate.pass() }
        let stubborn = OperationStep("stubborn") { _ in
            await stubbornGate.pass()  // ignores cancellation
            log.append("stubborn")
        }
        let holder = loggedStep("holder", log, exclusivity: [category])
        let waiter = loggedStep("waiter", log, exclusivity: [category])
        let first = try setup.manager.submit([blocker])
        let second = try setup.manager.submit([stubborn, holder, waiter])
        setup.runAll()
        await blockerGate.waitForArrivals()
        await stubbornGate.waitForArrivals()
        second.cancel()
        blockerGate.open()
        _ = await setup.finish(first)
        setup.runAll()
        #expect(!second.isFinished)
        #expect(log.all.isEmpty)
        #expect(setup.manager.status(of: stubborn) == .running(attempt: 1))
        stubbornGate.open()
        let report = await setup.finish(second)
        #expect(log.all == ["stubborn"])
        #expect(report.outcome(of: waiter) == .cancelled)
        #expect(report.outcome(of: stubborn) == .cancelled)
    }
}

@Suite("Process-wide claims")
struct ProcessClaimTests {
    @Test("The same step submitted to two managers claims a process-wide category twice, each released in turn")
    func sameStepTwoManagers() async throws {
        let first = ManualSetup(limit: 1, name: "regression.same.first")
        let second = ManualSetup(limit: 1, name: "regression.same.second")
        let third = ManualSetup(limit: 1, name: "regression.same.third")
        let category = ExclusivityCategory("regression.same", scope: .process)
        let step = OperationStep("shared", exclusivity: [category]) { _ in }
        let runA = try first.manager.submit([step])
        let runB = try second.manager.submit([step])
        #expect(first.manager.status(of: step) == .running(attempt: 1))
        first.runAll()
        #expect(runA.isFinished)
        // Awaiting a run that cannot end would hang: check first that it can.
        try #require(second.manager.status(of: step) == .running(attempt: 1))
        second.runAll()
        #expect(runB.isFinished)
        let other = OperationStep("other", exclusivity: [category]) { _ in }
        let runC = try third.manager.submit([other])
        try #require(third.manager.status(of: other) == .running(attempt: 1))
        third.runAll()
        #expect(await runC.finished().outcome(of: other) == .succeeded)
    }
}

@Suite("Runs")
struct RunTests {
    @Test("An empty graph's run ends at once with an empty report")
    func emptyRun() async throws {
        let setup = ManualSetup()
        let run = try setup.manager.submit([])
        // Awaiting a run that cannot end would hang: check first that it did.
        try #require(run.isFinished)
        let report = await run.finished()
        #expect(report.entries.isEmpty)
        #expect(report.criticalPath.isEmpty)
    }
}

@Suite("Adding to a cancelled run")
struct CancelledAddTests {
    /// Runs `adder`, which adds a logged step once let through its gate, cancelling the run with
    /// `cancel` while it waits there; returns the report and what ran.
    private func addAfterCancel(
        failurePolicy: FailurePolicy, cancel: (OperationRun) -> Void, alongside: [OperationStep<Void>] = []
    ) async throws -> (OperationReport, OperationStep<Void>, [String]) {
        let setup = ManualSetup(limit: 2)
        let gate = AsyncGate()
        let log = Log()
        let added = loggedStep("added", log)
        let adder = OperationStep("adder") { context in
            await gate.pass()
            try context.add([added])
        }
        let run = try setup.manager.submit([adder] + alongside, failurePolicy: failurePolicy)
        setup.runAll()
        await gate.waitForArrivals()
        cancel(run)
        gate.open()
        let report = await setup.finish(run)
        return (report, added, log.all)
    }

    @Test("After run.cancel(), steps added by a still-running body end cancelled without running")
    func addAfterRunCancel() async throws {
        let (report, added, ran) = try await addAfterCancel(failurePolicy: .keepGoing) { $0.cancel() }
        #expect(ran.isEmpty)
        #expect(report.outcome(of: added) == .cancelled)
    }

    @Test("After fail-fast, steps added by a still-running body end cancelled without running")
    func addAfterFailFast() async throws {
        let failing = OperationStep("failing") { _ in throw TestFailure(name: "failing") }
        let (report, added, ran) = try await addAfterCancel(
            failurePolicy: .failFast, cancel: { _ in }, alongside: [failing])
        #expect(ran.isEmpty)
        #expect(report.outcome(of: added) == .cancelled)
        #expect(report.outcome(of: failing) == .failed)
    }
}

@Suite("Stale attempts")
struct StaleAttemptTests {
    @Test(
        "A timed-out attempt's late body can neither add operations nor read outputs while the retry waits",
        .timeLimit(.minutes(1)))
    func staleAttemptRefused() async throws {
        let setup = ManualSetup(limit: 2)
        let stream = setup.manager.events()
        let gate = AsyncGate()
        let log = Log()
        let dependency = OperationStep("dependency") { _ in 7 }
        let step = OperationStep(
            "step", dependsOn: [dependency], timeout: .seconds(1),
            retry: RetryPolicy(maximumAttempts: 2, initialBackoff: .seconds(100))
        ) { context in
            guard context.attempt == 1 else { return }
            await gate.pass()  // ignores cancellation
            do { try context.add([loggedStep("added", log)]) } catch { log.append("add: \(error)") }
            do { _ = try context.output(of: dependency) } catch { log.append("output: \(error)") }
        }
        let run = try setup.manager.submit([dependency, step])
        setup.runAll()
        await gate.waitForArrivals()
        await setup.clock.waitForSleepers()
        setup.clock.advance(by: .seconds(1))
        for await event in stream where event.description == "step attempt 1 timedOut, retrying" { break }
        gate.open()
        await setup.executor.waitForJobs()
        setup.runAll()
        let ended = OperationError.operationEnded("step").description
        #expect(log.all == ["add: " + ended, "output: " + ended])
        await setup.clock.waitForSleepers()
        setup.clock.advance(by: .seconds(100))
        let report = await setup.finish(run)
        #expect(report.outcome(of: step) == .succeeded)
        #expect(report.entries.count == 2)
    }
}

@Suite("Status")
struct StatusTests {
    @Test("A process-wide contender's queuedAhead counts those ahead of it, not itself")
    func processQueuedAhead() async throws {
        let first = ManualSetup(limit: 1, name: "regression.ahead.first")
        let second = ManualSetup(limit: 2, name: "regression.ahead.second")
        let category = ExclusivityCategory("regression.ahead", scope: .process)
        let holder = OperationStep("holder", exclusivity: [category]) { _ in }
        let next = OperationStep("next", exclusivity: [category]) { _ in }
        let last = OperationStep("last", exclusivity: [category]) { _ in }
        let runA = try first.manager.submit([holder])
        let runB = try second.manager.submit([next, last])
        #expect(
            second.manager.status(of: next)
                == .pending([.exclusivity(category: "regression.ahead", holder: "holder", queuedAhead: 0)]))
        #expect(
            second.manager.status(of: last)
                == .pending([.exclusivity(category: "regression.ahead", holder: "holder", queuedAhead: 1)]))
        first.runAll()
        second.runAll()
        #expect(runA.isFinished && runB.isFinished)
    }
}

@Suite("Clean-up steps and fail-fast outcomes")
struct CleanUpTests {
    @Test("run.cancel() spares a clean-up step: it runs once its dependency ended")
    func runCancelSparesCleanUp() async throws {
        let setup = ManualSetup(limit: 2)
        let gate = AsyncGate()
        let log = Log()
        let slow = OperationStep("slow") { _ in await gate.pass() }
        let cleanUp = loggedStep("clean-up", log, dependsOn: [slow], rule: .allFinished)
        let other = loggedStep("other", log, dependsOn: [slow])
        let run = try setup.manager.submit([slow, cleanUp, other])
        setup.runAll()
        await gate.waitForArrivals()
        run.cancel()
        #expect(setup.manager.status(of: cleanUp) == .pending([.dependencies(["slow"])]))
        gate.open()
        let report = await setup.finish(run)
        #expect(log.all == ["clean-up"])
        #expect(report.outcome(of: slow) == .cancelled)
        #expect(report.outcome(of: other) == .cancelled)
        #expect(report.outcome(of: cleanUp) == .succeeded)
    }

    @Test("Fail-fast spares a clean-up step, even one ready to start; cancelling it by itself still cancels it")
    func failFastSparesCleanUp() async throws {
        let setup = ManualSetup(limit: 1)
        let log = Log()
        let failing = OperationStep("failing") { _ in throw TestFailure(name: "failing") }
        let cleanUp = loggedStep("clean-up", log, dependsOn: [failing], rule: .allFinished)
        let unrelated = loggedStep("unrelated", log)
        let cancelled = loggedStep("cancelled clean-up", log, rule: .allFinished)
        let run = try setup.manager.submit([failing, cleanUp, unrelated, cancelled], failurePolicy: .failFast)
        setup.manager.cancel(cancelled)
        setup.runAll()
        let report = await run.finished()
        #expect(log.all == ["clean-up"])
        #expect(report.outcome(of: cleanUp) == .succeeded)
        #expect(report.outcome(of: unrelated) == .cancelled)
        #expect(report.outcome(of: cancelled) == .cancelled)
    }

    @Test("Under fail-fast a dependent of the failure ends upstreamFailed even when fail-fast reached it first")
    func failFastDependentUpstreamFailed() async throws {
        let setup = ManualSetup(limit: 2)
        let gate = AsyncGate()
        let log = Log()
        let failing = OperationStep("failing") { _ in throw TestFailure(name: "failing") }
        let slow = OperationStep("slow") { _ in await gate.pass() }
        let dependent = loggedStep("dependent", log, dependsOn: [failing, slow])
        let grandchild = loggedStep("grandchild", log, dependsOn: [dependent])
        let unrelated = loggedStep("unrelated", log)
        let run = try setup.manager.submit([slow, failing, dependent, grandchild, unrelated], failurePolicy: .failFast)
        setup.runAll()
        await gate.waitForArrivals()
        gate.open()
        let report = await setup.finish(run)
        #expect(log.all.isEmpty)
        #expect(report.outcome(of: failing) == .failed)
        #expect(report.outcome(of: slow) == .cancelled)
        #expect(report.outcome(of: dependent) == .upstreamFailed)
        #expect(report.outcome(of: grandchild) == .upstreamFailed)
        #expect(report.outcome(of: unrelated) == .cancelled)
    }
}

@Suite("Timeouts and categories")
struct TimeoutCategoryTests {
    @Test(
        "A timed-out operation ends at once and frees its dependents, but keeps its category until its body returns",
        .timeLimit(.minutes(1)), arguments: [ExclusivityCategory.Scope.manager, .process])
    func categoryHeldUntilBodyReturns(scope: ExclusivityCategory.Scope) async throws {
        let setup = ManualSetup(limit: 3, name: "regression.timeout.\(scope)")
        let stream = setup.manager.events()
        let gate = AsyncGate()
        let log = Log()
        let category = ExclusivityCategory("regression.timeout.\(scope)", scope: scope)
        let stuck = OperationStep("stuck", exclusivity: [category], timeout: .seconds(1)) { _ in
            await gate.pass()  // ignores cancellation
            log.append("stuck returned")
        }
        let dependent = loggedStep("dependent", log, dependsOn: [stuck], rule: .allFinished)
        let next = loggedStep("next", log, exclusivity: [category])
        let run = try setup.manager.submit([stuck, dependent, next])
        setup.runAll()
        await gate.waitForArrivals()
        await setup.clock.waitForSleepers()
        setup.clock.advance(by: .seconds(1))
        for await event in stream where event.description == "stuck timedOut" { break }
        setup.runAll()
        #expect(log.all == ["dependent"])
        #expect(setup.manager.status(of: stuck) == .finished(.timedOut))
        #expect(
            setup.manager.status(of: next)
                == .pending([.exclusivity(category: category.name, holder: "stuck", queuedAhead: 0)]))
        gate.open()
        let report = await setup.finish(run)
        #expect(log.all == ["dependent", "stuck returned", "next"])
        #expect(report.outcome(of: stuck) == .timedOut)
        #expect(report.outcome(of: next) == .succeeded)
    }
}

@Suite("Retry policy")
struct RetryPolicyTests {
    @Test("A huge or infinite backoff multiplier reaches the longest wait instead of overflowing")
    func hugeMultiplier() {
        for multiplier in [Double.infinity, 1e300, .greatestFiniteMagnitude] {
            let policy = RetryPolicy(
                maximumAttempts: 4, initialBackoff: .seconds(1), multiplier: multiplier, maximumBackoff: .seconds(60))
            #expect(policy.backoff(afterAttempt: 1) == .seconds(1))
            #expect(policy.backoff(afterAttempt: 2) == .seconds(60))
            #expect(policy.backoff(afterAttempt: 3) == .seconds(60))
        }
        let doubling = RetryPolicy(maximumAttempts: 10, initialBackoff: .seconds(1), maximumBackoff: .seconds(10))
        #expect(
            (1...6).map { doubling.backoff(afterAttempt: $0) } == [1, 2, 4, 8, 10, 10].map { Duration.seconds($0) })
    }
}
