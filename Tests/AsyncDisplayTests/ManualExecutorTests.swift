import AsyncDisplay
import AsyncDisplayTesting
import Testing

private actor Tally {
    let executor: ManualExecutor
    private(set) var values: [Int] = []

    init(executor: ManualExecutor) { self.executor = executor }

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    func append(_ value: Int) -> Bool {
        values.append(value)
        return executor.isIsolatingCurrentContext() == true
    }
}

@MainActor
@Suite("Manual executor")
struct ManualExecutorTests {
    @Test("Nothing runs until the test runs it, then jobs run in order, one at a time")
    func stepByStep() async {
        let executor = ManualExecutor()
        let tally = Tally(executor: executor)
        let first = Task.immediate { await tally.append(1) }
        let second = Task.immediate { await tally.append(2) }
        #expect(executor.pendingJobCount == 2)
        #expect(executor.runNext())
        #expect(executor.pendingJobCount == 1)
        #expect(executor.runUntilIdle() == 1)
        #expect(!executor.runNext())
        #expect(await first.value)
        #expect(await second.value)
        #expect(await executor.drive { await tally.values } == [1, 2])
        #expect(executor.isIsolatingCurrentContext() == false)
    }

    @Test("waitForJobs suspends until work arrives from elsewhere")
    func waitsForWork() async {
        let executor = ManualExecutor()
        let tally = Tally(executor: executor)
        let task = Task.detached { await tally.append(7) }
        await executor.waitForJobs()
        executor.runNext()
        #expect(await task.value)
    }

    @Test("drive runs the jobs an operation needs until it returns")
    func drives() async {
        let executor = ManualExecutor()
        let tally = Tally(executor: executor)
        let values = await executor.drive {
            for value in 0..<5 { _ = await tally.append(value) }
            return await tally.values
        }
        #expect(values == [0, 1, 2, 3, 4])
        #expect(executor.pendingJobCount == 0)
    }
}
