import AsyncDisplayExecutors
import AsyncDisplayOperations

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The three ways to run a launch plan.
enum LaunchSchedule: String, CaseIterable, Sendable {
    /// One step after another, in plan order.
    case serial
    /// Tier after tier, each tier's steps at once: what priority-tier launchers do.
    case tiers
    /// Each step as soon as its own dependencies allow.
    case graph

    var explanation: String {
        switch self {
        case .serial: "one step at a time, in order"
        case .tiers: "tier after tier; a tier starts when the previous one has finished"
        case .graph: "each step as soon as its dependencies have finished"
        }
    }
}

extension LaunchPlan {
    /// Runs the plan the way `schedule` says, with durations multiplied by `scale`.
    func run(
        _ schedule: LaunchSchedule, scale: Double = 1, maximumConcurrency: Int = 4
    ) async throws
        -> OperationReport
    {
        // A thread per slot, so a step that computes never holds up one that waits behind it.
        return try await ExecutorPool.withPool(name: "launch", count: maximumConcurrency) { pool in
            let manager = OperationManager(
                name: "launch.\(schedule.rawValue)", pool: pool,
                maximumConcurrency: schedule == .serial ? 1 : maximumConcurrency)
            return await (try manager.submit(steps(for: schedule, scale: scale))).finished()
        }
    }

    /// The plan as operation steps: real dependencies for the graph, tier barriers for tiers, and
    /// a chain in plan order for serial.
    func steps(for schedule: LaunchSchedule, scale: Double) -> [any AnyOperationStep] {
        var made: [String: OperationStep<Void>] = [:]
        var ordered: [OperationStep<Void>] = []
        // For tiers: the steps of the tier being filled, and of the last tier before it.
        var tier: (number: Int, steps: [OperationStep<Void>])?
        var previousTier: [OperationStep<Void>] = []
        for task in tasks.sorted(by: { $0.tier < $1.tier }) {
            if let current = tier, current.number != task.tier {
                previousTier = current.steps
                tier = nil
            }
            let waitsFor: [OperationStep<Void>]
            switch schedule {
            case .graph: waitsFor = task.dependencies.compactMap { made[$0] }
            case .tiers: waitsFor = previousTier
            case .serial: waitsFor = ordered.last.map { [$0] } ?? []
            }
            let duration = task.duration * scale
            let work = task.work
            let step = OperationStep(
                task.name, dependsOn: waitsFor, isolation: task.isMainActor ? .mainActor : .pool,
                estimatedDuration: duration
            ) { _ in try await perform(work, for: duration) }
            made[task.name] = step
            ordered.append(step)
            tier = (task.tier, (tier?.steps ?? []) + [step])
        }
        return ordered
    }
}

/// Simulated work: a sleep that holds no thread, or a busy loop that does.
private func perform(_ work: LaunchTask.Work, for duration: Duration) async throws {
    switch work {
    case .waiting:
        try await Task.sleep(for: duration)
    case .computing:
        let end = ContinuousClock.now + duration
        var counter: UInt64 = 0
        while ContinuousClock.now < end { counter &+= 1 }
        if counter == .max { print("") }  // keeps the loop from being optimised away
    }
}
