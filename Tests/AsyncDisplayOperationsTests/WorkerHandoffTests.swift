import AsyncDisplayExecutors
import AsyncDisplayLocks
import Testing

@testable import AsyncDisplayOperations

@Suite("Pool workers")
struct WorkerHandoffTests {
    /// What a body saw of its context.
    private struct Seen: Sendable, Equatable {
        let name: String
        let contextName: String
        let operationID: OperationID
        let run: ObjectIdentifier
        let attempt: Int
    }

    @Test("A worker moving on gives each body its own identity, name and run, within a run and across runs")
    func contextFollowsHandoffs() async throws {
        // One thread and a limit of one: a single worker runs everything, handed from one to the next.
        let pool = try ExecutorPool(name: "ops.handoff", count: 1)
        let manager = OperationManager(pool: pool, maximumConcurrency: 1)
        let seen = LockedState<[Seen]>([])
        let gate = AsyncGate()
        func step(_ name: String, waits: Bool = false) -> OperationStep<Void> {
            OperationStep(name) { context in
                if waits { await gate.pass() }
                let record = Seen(
                    name: name, contextName: context.name, operationID: context.operationID,
                    run: ObjectIdentifier(context.run), attempt: context.attempt)
                seen.withLock { $0.append(record) }
            }
        }
        let first = step("first", waits: true)
        let second = step("second")
        let runA = try manager.submit([first, second])
        await gate.waitForArrivals()
        // While "first" holds the only slot, a second run queues behind "second".
        let third = step("third")
        let fourth = step("fourth")
        let runB = try manager.submit([third, fourth])
        gate.open()
        _ = await runA.finished()
        _ = await runB.finished()
        await pool.shutdown()
        let expected = [(first, runA), (second, runA), (third, runB), (fourth, runB)].map { step, run in
            Seen(
                name: step.name, contextName: step.name, operationID: step.id, run: ObjectIdentifier(run),
                attempt: 1)
        }
        #expect(seen.withLock { $0 } == expected)
    }
}
