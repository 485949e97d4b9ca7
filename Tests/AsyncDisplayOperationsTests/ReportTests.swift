import AsyncDisplayOperations
import AsyncDisplayTesting
import Testing

@Suite("Reports")
struct ReportTests {
    /// Every order of three steps: made a, b, c, submitted in the order given.
    static let submissionOrders: [[Int]] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]

    @Test(
        "Entries are found by identity, like a linear search, whatever order the steps were made in",
        arguments: submissionOrders)
    func findsEntries(order: [Int]) async throws {
        let setup = ManualSetup(limit: 2)
        let log = Log()
        let made = ["a", "b", "c"].map { loggedStep($0, log) }
        let stranger = loggedStep("stranger", log)
        let run = try setup.manager.submit(order.map { made[$0] })
        setup.runAll()
        let report = await run.finished()
        #expect(report.entries.map(\.name) == order.map { made[$0].name })
        for step in made + [stranger] {
            #expect(report.entry(for: step)?.name == report.entries.first { $0.id == step.id }?.name)
            #expect(await run.outcome(of: step) == report.entries.first { $0.id == step.id }?.outcome)
        }
        #expect(report.entry(for: stranger) == nil)
    }

    @Test("An entry lists the declared dependencies, then those added by a body whose dependents wait")
    func listsDependencies() async throws {
        let setup = ManualSetup(limit: 4)
        let log = Log()
        let added = loggedStep("added", log)
        let first = loggedStep("first", log)
        let parent = OperationStep("parent") { context in try context.add([added], dependentsWait: true) }
        let after = loggedStep("after", log, dependsOn: [first, parent])
        let run = try setup.manager.submit([first, parent, after])
        setup.runAll()
        let report = await run.finished()
        #expect(report.entry(for: after)?.dependencies == [first.id, parent.id, added.id])
        #expect(report.entry(for: parent)?.dependencies == [])
        #expect(report.entry(for: added)?.dependencies == [])
    }

    @Test("An entry leaves out a dependency of another run that was retired before its run ended")
    func leavesOutRetiredDependency() async throws {
        let setup = ManualSetup(limit: 2)
        let log = Log()
        let earlier = loggedStep("earlier", log)
        let sibling = loggedStep("sibling", log)
        let later = loggedStep("later", log, dependsOn: [earlier, sibling])
        let first = try setup.manager.submit([earlier])
        let second = try setup.manager.submit([sibling, later])
        setup.runAll()
        #expect(await first.finished().entry(for: earlier) != nil)
        #expect(await second.finished().entry(for: later)?.dependencies == [sibling.id])
        #expect(setup.manager.status(of: earlier) == .unknown)
    }

    @Test("A dependency of another run is kept while a dependent there has not ended, then retired")
    func keepsDependencyOfUnfinishedDependent() async throws {
        let setup = ManualSetup(limit: 2)
        let log = Log()
        let gate = AsyncGate()
        let earlier = loggedStep("earlier", log)
        let sameRun = loggedStep("same run", log, dependsOn: [earlier])
        let held = OperationStep("held") { _ in await gate.pass() }
        let later = loggedStep("later", log, dependsOn: [earlier, held])
        let first = try setup.manager.submit([earlier, sameRun])
        let second = try setup.manager.submit([held, later])
        setup.runAll()
        #expect(await first.finished().entry(for: sameRun)?.outcome == .succeeded)
        #expect(setup.manager.status(of: earlier) == .finished(.succeeded))
        #expect(setup.manager.status(of: sameRun) == .unknown)
        gate.open()
        let report = await setup.finish(second)
        #expect(report.entry(for: later)?.outcome == .succeeded)
        #expect(setup.manager.status(of: earlier) == .unknown)
    }
}

@Suite("Reports made on first read")
struct LazyReportTests {
    @Test("A report read after its run's slots were reused still shows its own operations")
    func readAfterReuse() async throws {
        let setup = ManualSetup(limit: 1)
        let log = Log()
        let first = loggedStep("first", log)
        // Ends a millisecond after "first", so that the critical path runs through both.
        let second = OperationStep("second", dependsOn: [first]) { _ in setup.clock.advance(by: .milliseconds(1)) }
        let earlier = try setup.manager.submit([first, second])
        setup.runAll()
        let report = await earlier.finished()
        let later = try setup.manager.submit([loggedStep("other", log), loggedStep("another", log)])
        setup.runAll()
        _ = await later.finished()
        #expect(report.entries.map(\.name) == ["first", "second"])
        #expect(report.entry(for: second)?.dependencies == [first.id])
        #expect(report.criticalPathNames == ["first", "second"])
        #expect(await earlier.outcome(of: second) == .succeeded)
    }

    @Test("Readers on many tasks at once all see the same entries")
    func concurrentReaders() async throws {
        let setup = ManualSetup(limit: 2)
        let log = Log()
        let steps = (0..<20).map { loggedStep("step \($0)", log) }
        let run = try setup.manager.submit(steps)
        setup.runAll()
        let report = await run.finished()
        let names = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 { group.addTask { report.entries.map(\.name) } }
            return await group.reduce(into: [[String]]()) { $0.append($1) }
        }
        #expect(names.count == 8)
        #expect(names.allSatisfy { $0 == steps.map(\.name) })
    }
}
