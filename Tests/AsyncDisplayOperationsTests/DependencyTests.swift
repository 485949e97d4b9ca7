import AsyncDisplayOperations
import AsyncDisplayTesting
import Testing

@Suite("Dependencies")
struct DependencyTests {
    @Test("A step is a value: copies name the same operation and keep its configuration")
    func stepsAreValues() {
        let login = OperationStep("login") { _ in "token" }
        var favorite = OperationStep(
            "favorite", dependsOn: [login], isolation: .mainActor, priority: .high,
            exclusivity: [ExclusivityCategory("alert", scope: .process)], timeout: .seconds(2),
            retry: RetryPolicy(maximumAttempts: 3), dependencyRule: .allFinished
        ) { _ in 42 }
        let copy = favorite
        favorite.priority = .low
        #expect(copy.id == favorite.id)
        #expect(copy.priority == .high && favorite.priority == .low)
        #expect(copy.dependencies == [login.id])
        #expect(copy.timeout == .seconds(2) && copy.retry.maximumAttempts == 3)
        #expect(copy.exclusivity == [ExclusivityCategory("alert", scope: .process)])
        #expect(copy.dependencyRule == .allFinished)
        #expect(OperationStep("other") { _ in }.id != login.id)
    }

    @Test("An operation runs only after every dependency succeeded")
    func runsAfterDependencies() async throws {
        let setup = ManualSetup(limit: 4)
        let log = Log()
        let a = loggedStep("a", log)
        let b = loggedStep("b", log, dependsOn: [a])
        let c = loggedStep("c", log, dependsOn: [a, b])
        let run = try setup.manager.submit([c, b, a])
        setup.runAll()
        let report = await run.finished()
        #expect(log.all == ["a", "b", "c"])
        #expect(report.entries.map(\.outcome) == [.succeeded, .succeeded, .succeeded])
        #expect(setup.executor.pendingJobCount == 0)
    }

    @Test("A failed dependency ends its dependents as upstreamFailed without running them")
    func failurePropagates() async throws {
        let setup = ManualSetup(limit: 2)
        let log = Log()
        let a = OperationStep("a") { _ in throw TestFailure(name: "a") }
        let b = loggedStep("b", log, dependsOn: [a])
        let c = loggedStep("c", log, dependsOn: [b])
        let run = try setup.manager.submit([a, b, c])
        setup.runAll()
        let report = await run.finished()
        #expect(log.all.isEmpty)
        #expect(report.outcome(of: a) == .failed)
        #expect(report.outcome(of: b) == .upstreamFailed)
        #expect(report.outcome(of: c) == .upstreamFailed)
        #expect(report.entry(for: a)?.error as? TestFailure == TestFailure(name: "a"))
    }

    @Test("A cancelled dependency ends its dependents cancelled (Foundation would run them)")
    func cancellationPropagates() async throws {
        let setup = ManualSetup(limit: 2)
        let log = Log()
        let a = OperationStep("a") { _ in throw CancellationError() }
        let b = loggedStep("b", log, dependsOn: [a])
        let run = try setup.manager.submit([a, b])
        setup.runAll()
        let report = await run.finished()
        #expect(log.all.isEmpty)
        #expect(report.outcome(of: a) == .cancelled)
        #expect(report.outcome(of: b) == .cancelled)
    }

    @Test("A clean-up step under allFinished runs after its dependencies whatever their outcome")
    func allFinishedRule() async throws {
        let setup = ManualSetup(limit: 2)
        let log = Log()
        let failing = OperationStep("failing") { _ in throw TestFailure(name: "failing") }
        let cancelled = OperationStep("cancelled") { _ in throw CancellationError() }
        let cleanUp = OperationStep("clean-up", dependsOn: [failing, cancelled], dependencyRule: .allFinished) {
            context in
            log.append("clean-up after \(try context.outcome(of: failing)), \(try context.outcome(of: cancelled))")
        }
        let run = try setup.manager.submit([failing, cancelled, cleanUp])
        setup.runAll()
        let report = await run.finished()
        #expect(log.all == ["clean-up after failed, cancelled"])
        #expect(report.outcome(of: cleanUp) == .succeeded)
    }

    @Test("A skipped dependency counts as success for its dependents, and has no output")
    func skippedCountsAsSuccess() async throws {
        let setup = ManualSetup(limit: 2)
        let log = Log()
        let login = OperationStep("login") { _ -> String in throw OperationSkipped("already logged in") }
        let favorite = OperationStep("favorite", dependsOn: [login]) { context in
            do {
                _ = try context.output(of: login)
            } catch {
                log.append("\(error)")
            }
            log.append("favorite")
        }
        let run = try setup.manager.submit([login, favorite])
        setup.runAll()
        let report = await run.finished()
        #expect(report.outcome(of: login) == .skipped)
        #expect(report.outcome(of: favorite) == .succeeded)
        #expect(log.all == ["favorite asked for the output of login, which ended skipped without one", "favorite"])
        #expect((report.entry(for: login)?.error as? OperationSkipped)?.reason == "already logged in")
    }

    @Test("A dependent reads the typed outputs of its dependencies")
    func outputsFlow() async throws {
        let setup = ManualSetup(limit: 2)
        let token = OperationStep("token") { _ in "secret" }
        let count = OperationStep("count") { _ in 3 }
        let combined = OperationStep("combined", dependsOn: [token, count]) { context in
            String(repeating: try context.output(of: token), count: try context.output(of: count))
        }
        let stranger = OperationStep("stranger") { _ in 0 }
        let asks = OperationStep("asks", dependsOn: [token]) { context in try context.output(of: stranger) }
        let run = try setup.manager.submit([token, count, combined, stranger, asks])
        setup.runAll()
        #expect(try await run.output(of: combined) == "secretsecretsecret")
        let failure = await #expect(throws: OperationFailure.self) { try await run.output(of: asks) }
        #expect(failure?.outcome == .failed)
        #expect(failure?.error as? OperationError == .notADependency(operation: "asks", dependency: stranger.id))
    }

    @Test("Foundation port: dependency count is what was declared")
    func dependencyCount() {
        let op2 = OperationStep("op2") { _ in }
        var op1 = OperationStep("op1") { _ in }
        op1.addDependency(op2)
        #expect(op1.dependencies.count == 1)
    }

    @Test("Foundation port: execution order follows dependencies, not submission order")
    func executionOrder() async throws {
        let setup = ManualSetup(limit: 4)
        let log = Log()
        let dependency = loggedStep("op1 dependency", log)
        let op1 = loggedStep("op1", log, dependsOn: [dependency])
        let run = try setup.manager.submit([op1, dependency])
        let op2 = try setup.manager.submit(loggedStep("op2", log))
        setup.runAll()
        _ = await run.finished()
        #expect(await op2.outcome() == .succeeded)
        #expect(log.all.firstIndex(of: "op1 dependency")! < log.all.firstIndex(of: "op1")!)
    }

    @Test("Foundation port: a dependency in another run of the same manager is honoured")
    func crossRunDependency() async throws {
        let setup = ManualSetup(limit: 4)
        let log = Log()
        let op2 = loggedStep("op2", log)
        let first = try setup.manager.submit([op2])
        let op1 = loggedStep("op1", log, dependsOn: [op2])
        let second = try setup.manager.submit([op1])
        setup.runAll()
        _ = await first.finished()
        _ = await second.finished()
        #expect(log.all == ["op2", "op1"])
    }

    @Test("A dependency the manager does not know is refused, and nothing runs")
    func unknownDependency() throws {
        let setup = ManualSetup()
        let elsewhere = OperationStep("elsewhere") { _ in }
        let step = OperationStep("step", dependsOn: [elsewhere]) { _ in }
        #expect(throws: OperationError.unknownDependency(operation: "step", dependency: elsewhere.id)) {
            try setup.manager.submit([step])
        }
        #expect(setup.executor.pendingJobCount == 0)
        #expect(setup.manager.status(of: step) == .unknown)
    }

    @Test("Submitting the same step twice is refused")
    func duplicates() throws {
        let setup = ManualSetup()
        let step = OperationStep("step") { _ in }
        #expect(throws: OperationError.duplicateOperation("step")) { try setup.manager.submit([step, step]) }
        try setup.manager.submit([step])
        #expect(throws: OperationError.duplicateOperation("step")) { try setup.manager.submit([step]) }
        setup.runAll()
    }
}
