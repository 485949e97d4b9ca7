import AsyncDisplayExecutors
import AsyncDisplayOperations
import AsyncDisplayTesting
import Foundation
import Testing

@Suite("Events, status and reports")
struct ObservationTests {
    @Test(
        "The event stream reports each operation's life in order; a dependency finishes before its dependent starts",
        .timeLimit(.minutes(1)))
    func events() async throws {
        let setup = ManualSetup(limit: 2)
        let events = setup.manager.events()
        let a = OperationStep("a") { _ in }
        let b = OperationStep("b", dependsOn: [a]) { _ in }
        let run = try setup.manager.submit([a, b])
        setup.runAll()
        _ = await run.finished()
        var seen: [String] = []
        for await event in events {
            seen.append(event.description)
            if seen.count == 8 { break }
        }
        #expect(
            seen == [
                "a enqueued", "b enqueued", "a ready", "a started", "a succeeded", "b ready", "b started",
                "b succeeded",
            ])
    }

    @Test("What a dependency wrote before ending is visible to its dependent (happens-before)")
    func happensBefore() async throws {
        let pool = try ExecutorPool(name: "ops.hb", count: 2)
        let manager = OperationManager(pool: pool, maximumConcurrency: 2)
        let box = UnsynchronizedBox()
        var steps: [OperationStep<Int>] = []
        for index in 0..<50 {
            let previous = steps.last
            steps.append(
                OperationStep("\(index)", dependsOn: previous.map { [$0] } ?? []) { _ in
                    box.value += 1  // no lock: ordered only by the manager's edges
                    return box.value
                })
        }
        let run = try manager.submit(steps)
        let report = await run.finished()
        #expect(report.count(.succeeded) == 50)
        #expect(try await run.output(of: steps[49]) == 50)
        await pool.shutdown()
    }

    @Test("Why is this not running: dependencies, category holder, concurrency limit")
    func whyPending() async throws {
        let setup = ManualSetup(limit: 1)
        let gate = AsyncGate()
        let category = ExclusivityCategory("alert")
        let login = OperationStep("login", exclusivity: [category]) { _ in await gate.pass() }
        let favorite = OperationStep("favorite", dependsOn: [login]) { _ in }
        let alert = OperationStep("alert", exclusivity: [category]) { _ in }
        let other = OperationStep("other") { _ in }
        let run = try setup.manager.submit([login, favorite, alert, other])
        #expect(setup.manager.status(of: login) == .running(attempt: 1))
        #expect(setup.manager.status(of: favorite) == .pending([.dependencies(["login"])]))
        #expect(
            setup.manager.status(of: alert)
                == .pending([.exclusivity(category: "alert", holder: "login", queuedAhead: 0)]))
        #expect(setup.manager.status(of: other) == .pending([.concurrencyLimit(running: 1, limit: 1)]))
        #expect(setup.manager.status(of: favorite).description == "pending: waits for login")
        setup.runAll()
        gate.open()
        _ = await setup.finish(run)
    }

    @Test("The report gives each operation's wait and run time, and the critical path")
    func report() async throws {
        let setup = ManualSetup(limit: 2)
        let clock = setup.clock
        func working(
            _ name: String, _ milliseconds: Int, dependsOn: [any OperationReference] = []
        ) -> OperationStep<Void> {
            OperationStep(name, dependsOn: dependsOn) { _ in clock.advance(by: .milliseconds(milliseconds)) }
        }
        let crash = working("crash reporting", 10)
        let config = working("config", 30, dependsOn: [crash])
        let cache = working("cache", 5, dependsOn: [crash])
        let home = working("home screen", 20, dependsOn: [config, cache])
        let run = try setup.manager.submit([crash, cache, config, home])
        setup.runAll()
        let report = await run.finished()
        #expect(report.criticalPathNames == ["crash reporting", "config", "home screen"])
        #expect(report.entry(for: config)?.runTime == .milliseconds(30))
        #expect(report.entry(for: home)?.waitTime == .milliseconds(45))
        #expect(report.duration == .milliseconds(65))
        #expect(report.totalRunTime == .milliseconds(65))
        #expect(report.criticalPathRunTime == .milliseconds(60))
        let timeline = report.timeline(columns: 20)
        #expect(timeline.split(separator: "\n").count == 4)
        #expect(timeline.contains("config") && timeline.contains("█"))
    }

    @Test("The Chrome trace export is JSON with a complete event per operation that ran")
    func chromeTrace() async throws {
        let setup = ManualSetup(limit: 2)
        let ran = OperationStep("ran \"quoted\"") { _ in setup.clock.advance(by: .microseconds(1500)) }
        let ui = OperationStep("ui", isolation: .mainActor) { _ in }
        let never = OperationStep("never", dependsOn: [ran]) { _ in }
        let run = try setup.manager.submit([ran, never])
        setup.manager.cancel(never)
        setup.runAll()
        let report = await run.finished()
        let uiReport = await (try setup.manager.submit(ui)).run.finished()
        let data = Data(report.chromeTraceJSON().utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let events = try #require(object["traceEvents"] as? [[String: Any]])
        let complete = events.filter { $0["ph"] as? String == "X" }
        #expect(complete.count == 1)
        #expect(complete.first?["name"] as? String == "ran \"quoted\"")
        #expect(complete.first?["dur"] as? Double == 1500)
        #expect(events.contains { $0["ph"] as? String == "i" && $0["name"] as? String == "never" })
        let uiEvents = try #require(
            try JSONSerialization.jsonObject(with: Data(uiReport.chromeTraceJSON().utf8)) as? [String: Any])
        let uiComplete = (uiEvents["traceEvents"] as? [[String: Any]])?.filter { $0["ph"] as? String == "X" }
        #expect(uiComplete?.first?["tid"] as? Int == 0)
    }
}

/// A counter with no synchronisation, to let the thread sanitizer check the manager's ordering.
final class UnsynchronizedBox: @unchecked Sendable {
    // Unsafe on purpose: only operations ordered by dependency edges touch it.
    var value = 0
}
