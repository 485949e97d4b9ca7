import AsyncDisplayOperations
import Foundation
import Testing

@testable import AlertsPlayground
@testable import LaunchPlayground

@Suite("Operation playgrounds")
struct PlaygroundTests {
    @Test("The launch plan's tiers respect its dependencies")
    func tiersRespectDependencies() {
        #expect(LaunchPlan.app.tiersRespectDependencies)
    }

    @Test("In tiers, each step waits for every step of the nearest earlier tier, past empty ones")
    func tierBarriers() throws {
        func task(_ name: String, tier: Int) -> LaunchTask {
            LaunchTask(
                name: name, duration: .milliseconds(1), dependencies: [], isMainActor: false, tier: tier, work: .waiting
            )
        }
        let plan = LaunchPlan(tasks: [task("a", tier: 0), task("b", tier: 0), task("c", tier: 2), task("d", tier: 3)])
        let steps = try plan.steps(for: .tiers, scale: 1).map { try #require($0 as? OperationStep<Void>) }
        let id = Dictionary(uniqueKeysWithValues: steps.map { ($0.name, $0.id) })
        let waits = Dictionary(uniqueKeysWithValues: steps.map { ($0.name, Set($0.dependencies)) })
        #expect(waits["a"] == [] && waits["b"] == [])
        #expect(waits["c"] == [id["a"]!, id["b"]!])  // tier 1 is empty
        #expect(waits["d"] == [id["c"]!])
    }

    @Test(
        "Each launch schedule runs every step once, in dependency order, and exports a trace",
        arguments: LaunchSchedule.allCases)
    func launchSchedules(schedule: LaunchSchedule) async throws {
        let plan = LaunchPlan.app
        let report = try await plan.run(schedule, scale: 0.01)
        #expect(report.count(.succeeded) == plan.tasks.count)
        for task in plan.tasks {
            let entry = try #require(report.entries.first { $0.name == task.name })
            let started = try #require(entry.started)
            for dependency in task.dependencies {
                let other = try #require(report.entries.first { $0.name == dependency })
                #expect(other.finished <= started)
            }
        }
        let trace = try JSONSerialization.jsonObject(with: Data(report.chromeTraceJSON().utf8)) as? [String: Any]
        #expect((trace?["traceEvents"] as? [Any])?.isEmpty == false)
        #expect(report.timeline().split(separator: "\n").count == plan.tasks.count)
    }

    @Test("Alerts from several modules show one at a time, in the order requested")
    func alertsInOrder() async throws {
        let center = AlertCenter(readingTime: .milliseconds(2))
        let (shown, requested) = try await AlertScript.standard.play(on: center, scale: 0.05)
        #expect(shown.map(\.message) == requested)
        for (earlier, later) in zip(shown, shown.dropFirst()) { #expect(later.shown >= earlier.dismissed) }
    }
}
