import AsyncDisplayExecutors
import AsyncDisplayOperations
import AsyncDisplayTesting
import Testing

@Suite("Isolation")
struct IsolationTests {
    @Test("Main-actor operations run on the main actor")
    func mainActor() async throws {
        let manager = OperationManager(maximumConcurrency: 2)
        let step = OperationStep("ui", isolation: .mainActor) { _ in
            MainActor.assertIsolated("a main-actor operation runs on the main actor")
            return true
        }
        #expect(try await manager.submit(step).value())
    }

    @Test("Pool operations run on the manager's pool threads, never on the main actor")
    func poolThreads() async throws {
        let pool = try ExecutorPool(name: "ops.isolation", count: 2)
        let manager = OperationManager(pool: pool, maximumConcurrency: 4)
        let steps = (0..<8).map { index in
            OperationStep("\(index)") { _ in
                // A pool thread is one of the pool's own threads, which the main actor never uses.
                pool.executors.contains { $0.isIsolatingCurrentContext() == true }
            }
        }
        let run = try manager.submit(steps)
        for step in steps { #expect(try await run.output(of: step)) }
        await pool.shutdown()
    }

    @Test("Operations bound to an executor run isolated to it")
    func givenExecutor() async throws {
        let setup = ManualSetup(limit: 2)
        let executor = ManualExecutor()
        let step = OperationStep("bound", isolation: .executor(executor)) { _ in
            executor.isIsolatingCurrentContext() == true
        }
        let handle = try setup.manager.submit(step)
        #expect(setup.executor.pendingJobCount == 0)
        #expect(executor.pendingJobCount == 1)
        let isIsolated = await executor.drive { (try? await handle.value()) ?? false }
        #expect(isIsolated)
    }

    @Test("A body keeps its executor across suspensions")
    func staysOnExecutor() async throws {
        let setup = ManualSetup(limit: 1)
        let gate = AsyncGate()
        let executor = setup.executor
        let step = OperationStep("suspends") { _ in
            let before = executor.isIsolatingCurrentContext() == true
            await gate.pass()
            return before && executor.isIsolatingCurrentContext() == true
        }
        let handle = try setup.manager.submit(step)
        setup.runAll()
        gate.open()
        _ = await setup.finish(handle.run)
        #expect(try await handle.value())
    }
}
