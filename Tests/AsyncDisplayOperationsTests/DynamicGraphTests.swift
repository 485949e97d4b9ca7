import AsyncDisplayOperations
import AsyncDisplayTesting
import Testing

@Suite("Adding to a running graph")
struct DynamicGraphTests {
    @Test("A body adds operations to its run; the run ends only after them")
    func addsToRun() async throws {
        let setup = ManualSetup(limit: 2)
        let log = Log()
        let parent = OperationStep("parent") { context in
            let child = loggedStep("child", log)
            let grandchild = loggedStep("grandchild", log, dependsOn: [child])
            try context.add([child, grandchild])
            log.append("parent")
        }
        let run = try setup.manager.submit([parent])
        setup.runAll()
        let report = await run.finished()
        #expect(log.all == ["parent", "child", "grandchild"])
        #expect(report.entries.map(\.name) == ["parent", "child", "grandchild"])
    }

    @Test("With dependentsWait, the adder's dependents also wait for the added operations")
    func dependentsWait() async throws {
        let setup = ManualSetup(limit: 4)
        let log = Log()
        let parent = OperationStep("parent") { context in
            try context.add([loggedStep("child", log)], dependentsWait: true)
        }
        let after = loggedStep("after", log, dependsOn: [parent])
        let run = try setup.manager.submit([parent, after])
        setup.runAll()
        _ = await run.finished()
        #expect(log.all == ["child", "after"])
    }

    @Test("Added operations go through the same cycle check, naming the cycle")
    func addedCycle() async throws {
        let setup = ManualSetup(limit: 4)
        let log = Log()
        let errors = Log()
        let adder = OperationStep("adder") { context in
            var a = loggedStep("a", log)
            let b = loggedStep("b", log, dependsOn: [a])
            a.addDependency(b)
            do {
                try context.add([a, b])
            } catch {
                errors.append("\(error)")
            }
        }
        let run = try setup.manager.submit([adder])
        setup.runAll()
        let report = await run.finished()
        #expect(errors.all == ["dependency cycle: a → b → a"])
        #expect(log.all.isEmpty)
        #expect(report.entries.map(\.name) == ["adder"])
    }

    @Test("A cycle closed through the adder's dependents is refused")
    func cycleThroughDependents() async throws {
        let setup = ManualSetup(limit: 4)
        let errors = Log()
        let gate = AsyncGate()
        let dependentBox = StepBox()
        let parent = OperationStep("parent") { context in
            await gate.pass()
            let dependent = try #require(dependentBox.step)
            do {
                // The child needs `dependent`, which would have to wait for the child.
                try context.add([OperationStep("child", dependsOn: [dependent]) { _ in }], dependentsWait: true)
            } catch {
                errors.append("\(error)")
            }
        }
        let dependent = OperationStep("dependent", dependsOn: [parent]) { _ in }
        dependentBox.step = dependent
        let run = try setup.manager.submit([parent, dependent])
        setup.runAll()
        gate.open()
        let report = await setup.finish(run)
        #expect(errors.all == ["dependency cycle: dependent → child → dependent"])
        #expect(report.count(.succeeded) == 2)
    }

    @Test("A body whose operation ended can add nothing")
    func addAfterEnd() async throws {
        let setup = ManualSetup(limit: 1)
        let contexts = ContextBox()
        let step = OperationStep("step") { context in contexts.context = context }
        let handle = try setup.manager.submit(step)
        setup.runAll()
        _ = await handle.outcome()
        let context = try #require(contexts.context)
        #expect(throws: OperationError.self) { try context.add([OperationStep("late") { _ in }]) }
    }
}

/// A slot for a step made after the closure that uses it.
final class StepBox: @unchecked Sendable {
    // Safe: written once before the run is submitted, read by bodies after.
    var step: OperationStep<Void>?
}

/// A slot for a context that outlives its body.
final class ContextBox: @unchecked Sendable {
    // Safe: written by the body, read after the test awaited the operation's end.
    var context: OperationContext?
}
