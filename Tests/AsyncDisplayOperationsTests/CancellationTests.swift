import AsyncDisplayOperations
import AsyncDisplayTesting
import Testing

@Suite("Cancellation")
struct CancellationTests {
    @Test("Cancelling an operation cancels all its descendants at once, before any can start")
    func cancelsDescendants() async throws {
        let setup = ManualSetup(limit: 4)
        let log = Log()
        let root = loggedStep("root", log)
        let child = loggedStep("child", log, dependsOn: [root])
        let grandchild = loggedStep("grandchild", log, dependsOn: [child])
        let sibling = loggedStep("sibling", log)
        let run = try setup.manager.submit([root, child, grandchild, sibling])
        setup.manager.cancel(root)
        // Marked in the same transition: every descendant already reports it is cancelled.
        #expect(setup.manager.status(of: grandchild) == .pending([.cancelled, .dependencies(["child"])]))
        setup.runAll()
        let report = await run.finished()
        #expect(log.all == ["sibling"])
        #expect(report.outcome(of: root) == .cancelled)
        #expect(report.outcome(of: child) == .cancelled)
        #expect(report.outcome(of: grandchild) == .cancelled)
        #expect(report.outcome(of: sibling) == .succeeded)
    }

    @Test("A running cancelled operation ends only when its body returns, and releases nothing early")
    func runningCancelledWaitsForBody() async throws {
        let setup = ManualSetup(limit: 4)
        let gate = AsyncGate()
        let log = Log()
        let slow = OperationStep("slow") { _ in
            await gate.pass()
            log.append("slow returned, cancelled: \(Task.isCancelled)")
        }
        let cleanUp = OperationStep("clean-up", dependsOn: [slow], dependencyRule: .allFinished) { _ in
            log.append("clean-up")
        }
        let run = try setup.manager.submit([slow, cleanUp])
        setup.runAll()
        await gate.waitForArrivals()
        setup.manager.cancel(slow)
        #expect(setup.manager.status(of: slow) == .running(attempt: 1))
        #expect(setup.manager.status(of: cleanUp) == .pending([.dependencies(["slow"])]))
        setup.runAll()
        #expect(log.all.isEmpty)
        gate.open()
        let report = await setup.finish(run)
        #expect(log.all == ["slow returned, cancelled: true", "clean-up"])
        #expect(report.outcome(of: slow) == .cancelled)
    }

    @Test("Z → A → B, cancel A while Z runs: B waits for Z (Foundation runs B before Z ends)")
    func cancelledWaitsForItsDependencies() async throws {
        let setup = ManualSetup(limit: 4)
        let gate = AsyncGate()
        let log = Log()
        let z = OperationStep("z") { _ in
            log.append("z start")
            await gate.pass()
            log.append("z end")
        }
        let a = loggedStep("a", log, dependsOn: [z])
        let b = loggedStep("b", log, dependsOn: [a], rule: .allFinished)
        let run = try setup.manager.submit([z, a, b])
        setup.runAll()
        await gate.waitForArrivals()
        setup.manager.cancel(a)
        setup.runAll()
        #expect(setup.manager.status(of: a) == .pending([.cancelled, .dependencies(["z"])]))
        gate.open()
        let report = await setup.finish(run)
        #expect(log.all == ["z start", "z end", "b"])
        #expect(report.outcome(of: a) == .cancelled)
        #expect(report.entry(for: a)!.finished >= report.entry(for: z)!.finished)
    }

    @Test("Foundation port: a cancelled dependency does not run; unlike Foundation its dependent ends cancelled")
    func cancelDependency() async throws {
        let setup = ManualSetup(limit: 1)
        let log = Log()
        let op1 = loggedStep("op1", log)
        let op2 = loggedStep("op2", log, dependsOn: [op1])
        let run = try setup.manager.submit([op1, op2])
        setup.manager.cancel(op1)
        setup.runAll()
        let report = await run.finished()
        #expect(log.all.isEmpty)
        #expect(report.outcome(of: op2) == .cancelled)
    }

    @Test("Foundation port: cancelling one queued operation skips just that one")
    func cancelOneOperation() async throws {
        let setup = ManualSetup(limit: 1)
        let log = Log()
        let steps = (0..<5).map { loggedStep("\($0)", log) }
        let run = try setup.manager.submit(steps)
        setup.manager.cancel(steps[2])
        setup.runAll()
        let report = await run.finished()
        #expect(log.all == ["0", "1", "3", "4"])
        #expect(report.outcome(of: steps[2]) == .cancelled)
    }

    @Test("Foundation port: cancelling the normal-priority operations leaves the high ones")
    func cancelByPriority() async throws {
        let setup = ManualSetup(limit: 1)
        let log = Log()
        let high = (0..<2).map { loggedStep("\($0)", log, priority: .high) }
        let normal = (2..<5).map { loggedStep("\($0)", log) }
        let run = try setup.manager.submit(high + normal)
        for step in normal { setup.manager.cancel(step) }
        setup.runAll()
        _ = await run.finished()
        #expect(log.all == ["0", "1"])
    }

    @Test("Foundation port: cancelling a whole run before it is driven ends every operation without running")
    func cancelRun() async throws {
        let setup = ManualSetup(limit: 2)
        let log = Log()
        let op1 = loggedStep("op1", log)
        let op2 = loggedStep("op2", log)
        let op3 = loggedStep("op3", log, dependsOn: [op1])
        let run = try setup.manager.submit([op1, op2, op3])
        run.cancel()
        setup.runAll()
        let report = await run.finished()
        #expect(log.all.isEmpty)
        #expect(report.count(.cancelled) == 3)
    }

    @Test("Cancelling from inside a body cancels that body's run without a crash")
    func cancelFromInside() async throws {
        let setup = ManualSetup(limit: 1)
        let log = Log()
        let first = OperationStep("first") { context in
            context.run.cancel()
            log.append("first")
        }
        let second = loggedStep("second", log)
        let run = try setup.manager.submit([first, second])
        setup.runAll()
        let report = await run.finished()
        #expect(log.all == ["first"])
        #expect(report.outcome(of: first) == .cancelled)
        #expect(report.outcome(of: second) == .cancelled)
    }

    @Test("Cancelling an ended or unknown operation does nothing")
    func cancelEnded() async throws {
        let setup = ManualSetup()
        let step = OperationStep("step") { _ in }
        let handle = try setup.manager.submit(step)
        setup.runAll()
        #expect(await handle.outcome() == .succeeded)
        handle.cancel()
        setup.manager.cancel(OperationStep("never submitted") { _ in })
        #expect(await handle.outcome() == .succeeded)
    }
}
