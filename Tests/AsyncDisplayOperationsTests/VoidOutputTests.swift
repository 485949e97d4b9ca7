import AsyncDisplayOperations
import Testing

@Suite("Void outputs")
struct VoidOutputTests {
    @Test("A Void step's output reads back from its handle, its run and a dependent, though it is not kept")
    func readsBack() async throws {
        let setup = ManualSetup(limit: 1)
        let first = OperationStep("first") { _ in }
        let read = OperationStep("read", dependsOn: [first]) { context in try context.output(of: first) }
        let run = try setup.manager.submit([first, read])
        setup.runAll()
        _ = await run.finished()
        #expect(await run.outcome(of: read) == .succeeded)
        try await run.output(of: first)
        try await run.handle(for: first).value()
        try await run.output(of: read)
    }

    @Test("A Void dependency that was skipped still has no output for its dependent")
    func skippedHasNone() async throws {
        let setup = ManualSetup(limit: 1)
        let log = Log()
        let skipped = OperationStep("skipped") { _ in throw OperationSkipped("done already") }
        let read = OperationStep("read", dependsOn: [skipped], dependencyRule: .allFinished) { context in
            do {
                try context.output(of: skipped)
                log.append("output")
            } catch {
                log.append("\(error)")
            }
        }
        let run = try setup.manager.submit([skipped, read])
        setup.runAll()
        _ = await run.finished()
        #expect(log.all == ["\(OperationError.noOutput(operation: "read", dependency: "skipped", outcome: .skipped))"])
        await #expect(throws: OperationFailure.self) { try await run.output(of: skipped) }
    }
}
