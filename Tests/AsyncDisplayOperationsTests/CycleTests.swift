import AsyncDisplayOperations
import AsyncDisplayTesting
import Testing

@Suite("Cycles")
struct CycleTests {
    @Test("A cycle is refused at submission with its path named, and nothing runs")
    func cycleNamed() throws {
        let setup = ManualSetup(limit: 4)
        let log = Log()
        var a = loggedStep("a", log)
        let c = loggedStep("c", log, dependsOn: [a])
        let b = loggedStep("b", log, dependsOn: [c])
        a.addDependency(b)
        let free = loggedStep("free", log)
        let error = #expect(throws: OperationError.self) { try setup.manager.submit([free, a, b, c]) }
        #expect(error == .cycle(["a", "b", "c", "a"]))
        #expect(error?.description == "dependency cycle: a → b → c → a")
        setup.runAll()
        #expect(log.all.isEmpty)
        #expect(setup.manager.status(of: free) == .unknown)
    }

    @Test("An operation depending on itself is a cycle")
    func selfCycle() {
        let setup = ManualSetup()
        var a = OperationStep("a") { _ in }
        a.addDependency(a)
        #expect(throws: OperationError.cycle(["a", "a"])) { try setup.manager.submit([a]) }
    }

    @Test("Foundation port: Foundation hangs on a cycle until one member is cancelled; here it is refused")
    func dependencyCycleBreak() {
        let setup = ManualSetup()
        let log = Log()
        var op1 = loggedStep("op1", log)
        var op2 = loggedStep("op2", log)
        let op3 = loggedStep("op3", log, dependsOn: [op1])
        op1.addDependency(op2)
        op2.addDependency(op3)
        #expect(throws: OperationError.cycle(["op1", "op2", "op3", "op1"])) {
            try setup.manager.submit([op1, op2, op3])
        }
    }

    @Test("Random graphs: the search refuses exactly those with a cycle, and orders the rest", arguments: 0..<40)
    func randomGraphs(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        let count = Int(random.next() % 6) + 1
        let log = Log()
        var steps = (0..<count).map { index in loggedStep("s\(index)", log) }
        var edges: [(Int, Int)] = []
        for from in 0..<count {
            for to in 0..<count where random.next() % 4 == 0 {
                steps[from].addDependency(steps[to])
                edges.append((from, to))
            }
        }
        let setup = ManualSetup(limit: 8)
        if hasCycle(count, edges) {
            let error = #expect(throws: OperationError.self) { try setup.manager.submit(steps) }
            guard case .cycle(let names) = error else { return }
            // The named path is a real cycle: each name depends on the next.
            let index = Dictionary(uniqueKeysWithValues: steps.enumerated().map { ($1.name, $0) })
            #expect(names.first == names.last && names.count >= 2)
            for (from, to) in zip(names, names.dropFirst()) {
                #expect(edges.contains { $0 == (index[from]!, index[to]!) })
            }
        } else {
            let run = try setup.manager.submit(steps)
            setup.runAll()
            let report = await run.finished()
            #expect(report.count(.succeeded) == count)
            let position = Dictionary(uniqueKeysWithValues: log.all.enumerated().map { ($1, $0) })
            for (from, to) in edges {
                #expect(position["s\(to)"]! < position["s\(from)"]!)
            }
        }
    }

    /// A naive reference: depth-first search for a back edge.
    private func hasCycle(_ count: Int, _ edges: [(Int, Int)]) -> Bool {
        var state = [Int](repeating: 0, count: count)
        func visit(_ node: Int) -> Bool {
            if state[node] == 1 { return true }
            if state[node] == 2 { return false }
            state[node] = 1
            for (from, to) in edges where from == node && visit(to) { return true }
            state[node] = 2
            return false
        }
        return (0..<count).contains { visit($0) }
    }
}
