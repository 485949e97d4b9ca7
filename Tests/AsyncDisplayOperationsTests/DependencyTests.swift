import AsyncDisplayOperations
import AsyncDisplayTesting
import Testing

@Suite("Dependencies")
struct DependencyTests {
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
}
