import AsyncDisplayOperations
import AsyncDisplayTesting
import Testing

@Suite("Exclusivity categories")
struct ExclusivityTests {
    @Test("Operations of one category run one at a time, in the order they became ready")
    func oneAtATimeInOrder() async throws {
        let setup = ManualSetup(limit: 4)
        let log = Log()
        let counter = ConcurrencyCounter()
        let gate = AsyncGate()
        let alert = ExclusivityCategory("alert")
        let steps = (1...4).map { index in
            OperationStep("alert \(index)", exclusivity: [alert]) { _ in
                counter.enter()
                log.append("alert \(index)")
                await gate.pass()
                counter.leave()
            }
        }
        let run = try setup.manager.submit(steps)
        setup.runAll()
        #expect(
            setup.manager.status(of: steps[2])
                == .pending([.exclusivity(category: "alert", holder: "alert 1", queuedAhead: 1)]))
        gate.open()
        _ = await setup.finish(run)
        #expect(log.all == ["alert 1", "alert 2", "alert 3", "alert 4"])
        #expect(counter.most == 1)
    }

    @Test("A category is claimed only once dependencies are done, so it cannot deadlock against them")
    func noDeadlockWithDependencies() async throws {
        // PSOperations claimed at enqueue: `early` would hold the category while waiting for
        // `late`, which needs the same category: a deadlock. Here `late` runs first.
        let setup = ManualSetup(limit: 4)
        let log = Log()
        let category = ExclusivityCategory("c")
        let late = loggedStep("late", log, exclusivity: [category])
        let early = loggedStep("early", log, dependsOn: [late], exclusivity: [category])
        let run = try setup.manager.submit([early, late])
        setup.runAll()
        let report = await run.finished()
        #expect(log.all == ["late", "early"])
        #expect(report.count(.succeeded) == 2)
    }

    @Test("Operations with overlapping sets of categories never deadlock and never overlap")
    func overlappingSets() async throws {
        let setup = ManualSetup(limit: 4)
        let gate = AsyncGate()
        let counters = ["x": ConcurrencyCounter(), "y": ConcurrencyCounter()]
        let sets: [[String]] = [["x", "y"], ["y", "x"], ["x"], ["y"], ["x", "y"]]
        let steps = sets.enumerated().map { index, names in
            OperationStep("\(index)", exclusivity: names.map { ExclusivityCategory($0) }) { _ in
                for name in names { counters[name]!.enter() }
                await gate.pass()
                for name in names { counters[name]!.leave() }
            }
        }
        let run = try setup.manager.submit(steps)
        setup.runAll()
        gate.open()
        let report = await setup.finish(run)
        #expect(report.count(.succeeded) == 5)
        #expect(counters["x"]!.most == 1 && counters["y"]!.most == 1)
    }

    @Test("Manager-scoped categories are independent between managers; process-wide ones are shared")
    func scopes() async throws {
        let first = ManualSetup(limit: 2, name: "first")
        let second = ManualSetup(limit: 2, name: "second")
        let gate = AsyncGate()
        let local = ExclusivityCategory("local")
        let global = ExclusivityCategory("scopes.global", scope: .process)
        let localA = OperationStep("local a", exclusivity: [local]) { _ in await gate.pass() }
        let localB = OperationStep("local b", exclusivity: [local]) { _ in await gate.pass() }
        let globalA = OperationStep("global a", exclusivity: [global]) { _ in await gate.pass() }
        let globalB = OperationStep("global b", exclusivity: [global]) { _ in await gate.pass() }
        let runA = try first.manager.submit([localA, globalA])
        let runB = try second.manager.submit([localB, globalB])
        #expect(first.manager.status(of: localA) == .running(attempt: 1))
        #expect(second.manager.status(of: localB) == .running(attempt: 1))
        #expect(first.manager.status(of: globalA) == .running(attempt: 1))
        #expect(
            second.manager.status(of: globalB)
                == .pending([.exclusivity(category: "scopes.global", holder: "global a", queuedAhead: 0)]))
        first.runAll()
        second.runAll()
        gate.open()
        _ = await first.finish(runA)
        let report = await second.finish(runB)
        #expect(report.outcome(of: globalB) == .succeeded)
    }

    @Test("A cancelled contender leaves the queue and the next one gets the category")
    func cancelledContender() async throws {
        let setup = ManualSetup(limit: 4)
        let log = Log()
        let gate = AsyncGate()
        let category = ExclusivityCategory("c")
        let holder = OperationStep("holder", exclusivity: [category]) { _ in await gate.pass() }
        let cancelled = loggedStep("cancelled", log, exclusivity: [category])
        let next = loggedStep("next", log, exclusivity: [category])
        let run = try setup.manager.submit([holder, cancelled, next])
        setup.manager.cancel(cancelled)
        setup.runAll()
        gate.open()
        let report = await setup.finish(run)
        #expect(log.all == ["next"])
        #expect(report.outcome(of: cancelled) == .cancelled)
    }

    @Test("The category table grants like a naive FIFO reference on random requests", arguments: 0..<20)
    func tableAgainstReference(seed: UInt64) async throws {
        // Random sets over three categories, released in random order: the manager's grants must
        // match a reference that grants the earliest contender whose categories are all free
        // and that no earlier waiting contender shares.
        var random = SplitMix64(seed: seed)
        let names = ["p", "q", "r"]
        let count = 6
        let sets = (0..<count).map { _ in names.filter { _ in random.next() % 2 == 0 } }.map { $0.isEmpty ? ["p"] : $0 }
        let setup = ManualSetup(limit: count)
        let log = Log()
        let gates = (0..<count).map { _ in AsyncGate() }
        let steps = (0..<count).map { index in
            OperationStep("\(index)", exclusivity: sets[index].map { ExclusivityCategory($0) }) { _ in
                log.append("\(index)")
                await gates[index].pass()
            }
        }
        let run = try setup.manager.submit(steps)
        var held = Set<Int>()
        var waiting = Array(0..<count)
        var finished = Set<Int>()
        func referenceGrants() {
            var blocked = Set<String>(held.flatMap { sets[$0] })
            for index in waiting {
                if sets[index].allSatisfy({ !blocked.contains($0) }) { held.insert(index) }
                blocked.formUnion(sets[index])
            }
            waiting.removeAll { held.contains($0) }
        }
        referenceGrants()
        while finished.count < count {
            let running = held.sorted().filter { setup.manager.status(of: steps[$0]) == .running(attempt: 1) }
            #expect(running == held.sorted())
            let pick = running[Int(random.next() % UInt64(running.count))]
            setup.runAll()
            gates[pick].open()
            _ = await setup.executor.drive { await steps[pick].outcome(in: run) }
            held.remove(pick)
            finished.insert(pick)
            referenceGrants()
        }
        _ = await setup.finish(run)
    }
}

extension OperationStep {
    /// Waits for this step's end in `run`.
    func outcome(in run: OperationRun) async -> OperationOutcome? { await run.outcome(of: self) }
}
