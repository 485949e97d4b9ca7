import AsyncDisplayExecutors
import AsyncDisplayOperations
import AsyncDisplayTesting
import Testing

@Suite("Scheduling: order, limits and failure policy")
struct SchedulingTests {
    @Test("Keep-going: independent branches continue after a failure")
    func keepGoing() async throws {
        let setup = ManualSetup(limit: 1)
        let log = Log()
        let failing = OperationStep("failing") { _ in throw TestFailure(name: "failing") }
        let dependent = loggedStep("dependent", log, dependsOn: [failing])
        let independent = loggedStep("independent", log)
        let run = try setup.manager.submit([failing, dependent, independent])
        setup.runAll()
        let report = await run.finished()
        #expect(log.all == ["independent"])
        #expect(report.outcome(of: dependent) == .upstreamFailed)
        #expect(report.outcome(of: independent) == .succeeded)
    }

    @Test("Fail-fast: the first failure cancels everything of the run that has not ended")
    func failFast() async throws {
        let setup = ManualSetup(limit: 1)
        let log = Log()
        let failing = OperationStep("failing") { _ in throw TestFailure(name: "failing") }
        let dependent = loggedStep("dependent", log, dependsOn: [failing])
        let independent = loggedStep("independent", log)
        let run = try setup.manager.submit([failing, dependent, independent], failurePolicy: .failFast)
        setup.runAll()
        let report = await run.finished()
        #expect(log.all.isEmpty)
        #expect(report.outcome(of: failing) == .failed)
        #expect(report.outcome(of: dependent) == .upstreamFailed)
        #expect(report.outcome(of: independent) == .cancelled)
    }

    @Test("Foundation port: with one slot, higher priority starts first (veryHigh, normal, low, veryLow)")
    func priorities() async throws {
        let setup = ManualSetup(limit: 1)
        let log = Log()
        let steps = [
            loggedStep("Operation1", log, priority: .normal), loggedStep("Operation2", log, priority: .low),
            loggedStep("Operation3", log, priority: .veryHigh), loggedStep("Operation4", log, priority: .veryLow),
        ]
        let run = try setup.manager.submit(steps)
        setup.runAll()
        _ = await run.finished()
        #expect(log.all == ["Operation3", "Operation1", "Operation2", "Operation4"])
    }

    @Test("Foundation port: equal priorities start in submission order")
    func operationOrder() async throws {
        let setup = ManualSetup(limit: 1)
        let log = Log()
        let run = try setup.manager.submit((1...5).map { loggedStep("\($0)", log) })
        setup.runAll()
        _ = await run.finished()
        #expect(log.all == ["1", "2", "3", "4", "5"])
    }

    @Test("Foundation port: rising priorities start in reverse submission order")
    func operationOrder2() async throws {
        let setup = ManualSetup(limit: 1)
        let log = Log()
        let priorities: [OperationPriority] = [.veryLow, .low, .normal, .high, .veryHigh]
        let steps = priorities.enumerated().map { loggedStep("\($0 + 1)", log, priority: $1) }
        let run = try setup.manager.submit(steps)
        setup.runAll()
        _ = await run.finished()
        #expect(log.all == ["5", "4", "3", "2", "1"])
    }

    @Test("Among equal priorities the longer remaining critical path starts first")
    func criticalPathFirst() async throws {
        let setup = ManualSetup(limit: 1)
        let log = Log()
        let short = OperationStep("short", estimatedDuration: .milliseconds(50), body: recording(log, "short"))
        let head = OperationStep("head", estimatedDuration: .milliseconds(10), body: recording(log, "head"))
        let tail = OperationStep(
            "tail", dependsOn: [head], estimatedDuration: .milliseconds(100), body: recording(log, "tail"))
        let run = try setup.manager.submit([short, head, tail])
        setup.runAll()
        _ = await run.finished()
        #expect(log.all == ["head", "tail", "short"])
    }

    @Test("Recorded durations order the next run when no estimate is given")
    func recordedDurations() async throws {
        let setup = ManualSetup(limit: 1)
        let log = Log()
        func graph() -> [any AnyOperationStep] {
            let quick = OperationStep("quick", body: recording(log, "quick"))
            let slow = OperationStep("slow") { _ in
                log.append("slow")
                setup.clock.advance(by: .milliseconds(40))
            }
            return [quick, slow]
        }
        let first = try setup.manager.submit(graph())
        setup.runAll()
        _ = await first.finished()
        let second = try setup.manager.submit(graph())
        setup.runAll()
        _ = await second.finished()
        #expect(log.all == ["quick", "slow", "slow", "quick"])
    }

    @Test("Once the table of recorded durations is full, known names are still updated and new ones left out")
    func fullRecordTable() async throws {
        let setup = ManualSetup(limit: 1)
        let log = Log()
        func step(_ name: String, slow: Bool = false) -> OperationStep<Void> {
            OperationStep(name) { _ in
                log.append(name)
                if slow { setup.clock.advance(by: .milliseconds(40)) }
            }
        }
        // 1 024 names (the table's size), each recorded at 1 ns: the table is full.
        let fillers = try setup.manager.submit((0..<1_024).map { step("filler \($0)") })
        setup.runAll()
        _ = await fillers.finished()
        let second = try setup.manager.submit([step("late", slow: true), step("filler 0", slow: true)])
        setup.runAll()
        _ = await second.finished()
        let before = log.all.count
        let third = try setup.manager.submit([step("late"), step("filler 0"), step("filler 1")])
        setup.runAll()
        _ = await third.finished()
        // "filler 0" now weighs 40 ms, "late" the default 1 ms (not 40: it found no room), "filler 1" 1 ns.
        #expect(Array(log.all.dropFirst(before)) == ["filler 0", "late", "filler 1"])
    }

    @Test("No more operations run at once than the limit")
    func limitRespected() async throws {
        let setup = ManualSetup(limit: 2)
        let gate = AsyncGate()
        let counters = ConcurrencyCounter()
        let steps = (0..<5).map { index in
            OperationStep("\(index)") { _ in
                counters.enter()
                await gate.pass()
                counters.leave()
            }
        }
        let run = try setup.manager.submit(steps)
        #expect(setup.manager.runningCount == 2)
        #expect(setup.manager.status(of: steps[2]) == .pending([.concurrencyLimit(running: 2, limit: 2)]))
        setup.runAll()
        gate.open()
        let report = await setup.finish(run)
        #expect(report.count(.succeeded) == 5)
        #expect(counters.most == 2)
    }

    @Test("Foundation port: raising the limit while running starts waiting work at once")
    func limitChangesWhileRunning() async throws {
        let setup = ManualSetup(limit: 1)
        let gate = AsyncGate()
        let first = OperationStep("first") { _ in await gate.pass() }
        let second = OperationStep("second") { _ in }
        let run = try setup.manager.submit([first, second])
        setup.runAll()
        await gate.waitForArrivals()
        #expect(setup.manager.status(of: second) == .pending([.concurrencyLimit(running: 1, limit: 1)]))
        setup.manager.maximumConcurrency = 2
        #expect(setup.manager.status(of: second) == .running(attempt: 1))
        setup.runAll()
        #expect(setup.manager.status(of: second) == .finished(.succeeded))
        gate.open()
        _ = await setup.finish(run)
        setup.manager.maximumConcurrency = 0
        #expect(setup.manager.maximumConcurrency == 1)
    }

    @Test("Foundation port: two operations run concurrently under a limit of two", .timeLimit(.minutes(1)))
    func concurrentOperations() async throws {
        let pool = try ExecutorPool(name: "ops.two", count: 2)
        let manager = OperationManager(pool: pool, maximumConcurrency: 2)
        defer { Task { await pool.shutdown() } }
        let gate = AsyncGate()
        // The first waits for the second: this only ends if both run at once.
        let first = OperationStep("first") { _ in await gate.pass() }
        let second = OperationStep("second") { _ in gate.open() }
        let report = await (try manager.submit([first, second])).finished()
        #expect(report.count(.succeeded) == 2)
    }
}
