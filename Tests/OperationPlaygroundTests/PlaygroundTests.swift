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
