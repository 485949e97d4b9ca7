import AsyncDisplayExecutors
import AsyncDisplayOperations
import AsyncDisplayTesting
import Foundation

/// The cases under `operations.`: scheduling overhead on a random graph, against Foundation, and
/// a launch graph's total time against its lower bound.
func operationBenchmarks() -> [Benchmark] {
    [
        Benchmark(name: "operations.dag.10k", unit: .nanoseconds, samples: 7) {
            let graph = RandomGraph(count: 10_000, seed: 0xDA6)
            let steps = graph.steps()
            let manager = OperationManager(name: "bench.dag", pool: BenchmarkPools.two)
            return try await nanosecondsPer(graph.count) {
                _ = await (try manager.submit(steps)).finished()
            }
        },
        // Foundation's scheduling grows faster than linearly here (seconds per sample): fewer samples.
        Benchmark(name: "operations.dag.10k.foundation", unit: .nanoseconds, warmups: 0, samples: 3) {
            let graph = RandomGraph(count: 10_000, seed: 0xDA6)
            let operations = graph.blockOperations()
            let queue = OperationQueue()
            return await nanosecondsPer(graph.count) {
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    queue.addOperations(operations, waitUntilFinished: false)
                    queue.addBarrierBlock { done.resume() }
                }
            }
        },
        Benchmark(name: "operations.launch", unit: .ratio, warmups: 1, samples: 5) {
            try await LaunchBenchmark.shared.ratio(.graph)
        },
        Benchmark(name: "operations.launch.tiers", unit: .ratio, warmups: 0, samples: 3) {
            try await LaunchBenchmark.shared.ratio(.tiers)
        },
        Benchmark(name: "operations.launch.serial", unit: .ratio, warmups: 0, samples: 3) {
            try await LaunchBenchmark.shared.ratio(.serial)
        },
    ]
}

/// Pools the operation benchmarks share, so samples don't pay for thread start-up.
private enum BenchmarkPools {
    // Safe to force: 2 is a valid count.
    static let two = try! ExecutorPool(name: "bench.ops", count: 2)
}

/// A seeded random DAG: each node depends on up to three earlier ones.
private struct RandomGraph {
    let count: Int
    let dependencies: [[Int]]

    init(count: Int, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        self.count = count
        dependencies = (0..<count).map { index in
            guard index > 0 else { return [] }
            let wanted = Int(random.next() % 4)
            var chosen: [Int] = []
            for _ in 0..<wanted {
                let dependency = Int(random.next() % UInt64(index))
                if !chosen.contains(dependency) { chosen.append(dependency) }
            }
            return chosen
        }
    }

    /// The graph as empty operation steps.
    func steps() -> [any AnyOperationStep] {
        var steps: [OperationStep<Void>] = []
        steps.reserveCapacity(count)
        for index in 0..<count {
            steps.append(OperationStep("op\(index)", dependsOn: dependencies[index].map { steps[$0] }) { _ in })
        }
        return steps
    }

    /// The graph as empty Foundation block operations.
    func blockOperations() -> [BlockOperation] {
        var operations: [BlockOperation] = []
        operations.reserveCapacity(count)
        for index in 0..<count {
            let operation = BlockOperation {}
            for dependency in dependencies[index] { operation.addDependency(operations[dependency]) }
            operations.append(operation)
        }
        return operations
    }
}

/// A 40-step launch graph whose steps spin for fixed durations, scheduled three ways on 2 cores.
private final class LaunchBenchmark: Sendable {
    static let shared = LaunchBenchmark()

    enum Schedule { case graph, tiers, serial }

    private let durations: [Duration]
    private let dependencies: [[Int]]
    private let isMainActor: [Bool]
    private let cores = 2

    private init() {
        var random = SplitMix64(seed: 0x1A0C4)
        var durations: [Duration] = []
        var dependencies: [[Int]] = []
        var isMainActor: [Bool] = []
        for index in 0..<40 {
            durations.append(.milliseconds(1 + Int(random.next() % 8)))
            isMainActor.append(index > 0 && random.next() % 8 == 0)
            guard index > 0 else {
                dependencies.append([])
                continue
            }
            // Step 0 is crash reporting; the others hang off one or two earlier steps.
            var chosen = [Int(random.next() % UInt64(min(index, 12)))]
            if random.next() % 2 == 0 { chosen.append(Int(random.next() % UInt64(index))) }
            dependencies.append(Array(Set(chosen)).sorted())
        }
        self.durations = durations
        self.dependencies = dependencies
        self.isMainActor = isMainActor
    }

    /// The schedule's total time over the lower bound max(critical path, work ÷ cores).
    func ratio(_ schedule: Schedule) async throws -> Double {
        let manager = OperationManager(
            name: "bench.launch", pool: BenchmarkPools.two, maximumConcurrency: schedule == .serial ? 1 : cores)
        let start = ContinuousClock.now
        _ = await (try manager.submit(steps(schedule))).finished()
        let elapsed = ContinuousClock.now - start
        return elapsed / lowerBound
    }

    private var lowerBound: Duration {
        var finish: [Duration] = []
        for index in durations.indices {
            finish.append((dependencies[index].map { finish[$0] }.max() ?? .zero) + durations[index])
        }
        let work = durations.reduce(.zero, +)
        return max(finish.max() ?? .zero, work / cores)
    }

    private func steps(_ schedule: Schedule) -> [any AnyOperationStep] {
        var depth: [Int] = []
        for index in durations.indices { depth.append((dependencies[index].map { depth[$0] + 1 }.max() ?? 0)) }
        var steps: [Int: OperationStep<Void>] = [:]
        // Made shallowest first, so that every step a step waits for already exists.
        for index in durations.indices.sorted(by: { depth[$0] < depth[$1] }) {
            var dependsOn = dependencies[index]
            // Tiers: a step waits for the whole previous tier, as priority-tier launchers do.
            if schedule == .tiers { dependsOn = durations.indices.filter { depth[$0] == depth[index] - 1 } }
            let duration = durations[index]
            steps[index] = OperationStep(
                "step \(index)", dependsOn: dependsOn.compactMap { steps[$0] },
                isolation: isMainActor[index] ? .mainActor : .pool, estimatedDuration: duration
            ) { _ in spin(for: duration) }
        }
        return durations.indices.compactMap { steps[$0] }
    }
}

/// Keeps the CPU busy for `duration`: simulated launch work.
private func spin(for duration: Duration) {
    let end =
        monotonicNanoseconds() + UInt64(duration.components.attoseconds / 1_000_000_000)
        + UInt64(duration.components.seconds) * 1_000_000_000
    while monotonicNanoseconds() < end {}
}
