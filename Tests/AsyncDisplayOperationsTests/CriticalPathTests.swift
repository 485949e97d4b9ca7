import AsyncDisplayLocks
import AsyncDisplayTesting
import Testing

@testable import AsyncDisplayOperations

@Suite("Critical paths")
struct CriticalPathTests {
    @Test(
        "Each operation's remaining critical path is the naive longest path, also after a batch joins",
        arguments: 0..<10)
    func matchesLongestPath(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let setup = ManualSetup(limit: 1)
        // A gate keeps everything waiting, so no path shrinks while the graph is built.
        let gate = OperationStep<Void>("gate") { _ in }
        var steps: [OperationStep<Void>] = []
        var estimates: [Int64] = []
        var dependencies: [[Int]] = []
        for index in 0..<40 {
            let count = index == 0 ? 0 : Int(random.next() % 4)
            let chosen = (0..<count).map { _ in Int(random.next() % UInt64(index)) }
            let estimate = Int64(1 + random.next() % 9)
            let references: [any OperationReference] = [gate] + chosen.map { steps[$0] }
            steps.append(
                OperationStep("s\(index)", dependsOn: references, estimatedDuration: .nanoseconds(estimate)) { _ in })
            estimates.append(estimate)
            dependencies.append(chosen)
        }
        try setup.manager.submit([gate])
        // Half in one run, the rest in a second that depends on the first.
        try setup.manager.submit(Array(steps[..<20]))
        try setup.manager.submit(Array(steps[20...]))
        var expected = estimates
        for index in steps.indices.reversed() {
            for dependency in dependencies[index] {
                expected[dependency] = max(expected[dependency], estimates[dependency] + expected[index])
            }
        }
        let paths = setup.manager.state.withLock { state in
            steps.map { step in state.slot(of: step.id).map { state.nodes[$0].criticalPath } }
        }
        #expect(paths == expected.map { Optional($0) })
    }
}
