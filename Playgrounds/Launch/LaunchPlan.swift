import AsyncDisplayOperations

/// One step of the simulated app launch.
struct LaunchTask: Sendable {
    enum Work: Sendable {
        /// Waits without holding a thread, like I/O.
        case waiting
        /// Keeps a thread busy, like decoding or migrating.
        case computing
    }

    let name: String
    let duration: Duration
    let dependencies: [String]
    let isMainActor: Bool
    /// The phase a priority-tier launcher puts it in (see `LaunchPlan.tierNames`).
    let tier: Int
    let work: Work
}

/// The launch of a typical app, as steps with their dependencies and tiers.
struct LaunchPlan: Sendable {
    static let tierNames = ["first", "background", "after config", "interface", "after first frame"]

    let tasks: [LaunchTask]

    /// The app: crash reporting first, then storage, network and interface work.
    static let app = LaunchPlan(tasks: [
        task("crash reporting", 30, tier: 0),
        task("logging", 20, after: ["crash reporting"], tier: 1),
        task("cache warm-up", 60, after: ["crash reporting"], tier: 1),
        task("network config", 80, after: ["crash reporting"], tier: 1),
        task("database migration", 120, after: ["crash reporting"], tier: 1, work: .computing),
        task("image decoder warm-up", 40, after: ["crash reporting"], tier: 1, work: .computing),
        task("window", 20, after: ["crash reporting"], tier: 1, mainActor: true),
        task("feature flags", 50, after: ["network config"], tier: 2),
        task("session restore", 40, after: ["database migration", "network config"], tier: 2),
        task("root screen", 30, after: ["window", "feature flags", "session restore"], tier: 3, mainActor: true),
        task("analytics", 30, after: ["network config", "logging"], tier: 3),
        task("push registration", 25, after: ["session restore"], tier: 3),
        task("first frame", 10, after: ["root screen"], tier: 4, mainActor: true),
        task("feed prefetch", 70, after: ["session restore", "cache warm-up"], tier: 4),
    ])

    private static func task(
        _ name: String, _ milliseconds: Int, after dependencies: [String] = [], tier: Int,
        mainActor: Bool = false, work: LaunchTask.Work = .waiting
    ) -> LaunchTask {
        LaunchTask(
            name: name, duration: .milliseconds(milliseconds), dependencies: dependencies, isMainActor: mainActor,
            tier: tier, work: work)
    }

    /// The sum of every task's duration.
    var totalWork: Duration { tasks.reduce(.zero) { $0 + $1.duration } }

    /// Whether every dependency names a task of an earlier tier.
    var tiersRespectDependencies: Bool {
        let tierOf = Dictionary(uniqueKeysWithValues: tasks.map { ($0.name, $0.tier) })
        return tasks.allSatisfy { task in task.dependencies.allSatisfy { (tierOf[$0] ?? .max) < task.tier } }
    }
}
