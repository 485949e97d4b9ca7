import AsyncDisplayOperations
import Foundation

/// `swift run -c release launch [--output DIR]`: runs a simulated app launch three ways (serial,
/// priority tiers, dependency graph) and prints each total, its critical path and a timeline;
/// writes a Chrome trace per schedule (open it in Perfetto or chrome://tracing).
let arguments = CommandLine.arguments
var outputFolder = "launch-output"
if let index = arguments.firstIndex(of: "--output"), index + 1 < arguments.count {
    outputFolder = arguments[index + 1]
} else if arguments.contains("--output") {
    print("--output needs a folder")
    exit(2)
}
let plan = LaunchPlan.app
guard plan.tiersRespectDependencies else {
    print("The plan's tiers do not respect its dependencies.")
    exit(1)
}
do {
    try FileManager.default.createDirectory(atPath: outputFolder, withIntermediateDirectories: true)
} catch {
    print("Cannot create \(outputFolder): \(error)")
    exit(1)
}

print("App launch: \(plan.tasks.count) steps, \(milliseconds(plan.totalWork)) ms of work, up to 4 at once\n")
var totals: [(LaunchSchedule, Duration)] = []
for schedule in LaunchSchedule.allCases {
    let report = try await plan.run(schedule)
    totals.append((schedule, report.duration))
    print("== \(schedule.rawValue): \(schedule.explanation)")
    print("total \(milliseconds(report.duration)) ms; critical path \(milliseconds(report.criticalPathRunTime)) ms:")
    print("  " + report.criticalPathNames.joined(separator: " → "))
    print(report.timeline(columns: 64))
    let path = "\(outputFolder)/launch-\(schedule.rawValue).json"
    do {
        try report.chromeTraceJSON(processName: "launch (\(schedule.rawValue))").write(
            toFile: path, atomically: true, encoding: .utf8)
        print("trace: \(path)\n")
    } catch {
        print("could not write \(path): \(error)\n")
    }
}
print("Totals:")
for (schedule, total) in totals {
    print("  \(schedule.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)) \(milliseconds(total)) ms")
}

func milliseconds(_ duration: Duration) -> String {
    String(format: "%.0f", duration / .milliseconds(1))
}
