import AsyncDisplay
import AsyncDisplayTesting
import Testing

@MainActor
@Suite("Layer transactions")
struct LayerTransactionTests {
    @Test("setNeedsDisplay called many times in a turn gives one display at the flush")
    func coalescesDisplays() async {
        let executor = ManualExecutor()
        let runLoop = ManualRunLoop()
        let log = DrawLog()
        let delegate = RecordingDelegate(draw: filling(.red, log: log))
        let layer = await makeLayer(on: executor, delegate: delegate, runLoop: runLoop)
        for _ in 0..<50 { layer.setNeedsDisplay() }
        #expect(delegate.events.isEmpty)
        runLoop.runTurn()
        #expect(delegate.events == ["will"])
        await executor.waitForJobs()
        #expect(executor.pendingJobCount == 1)
        var frames = layer.transactions.frameCommits.makeAsyncIterator()
        executor.runNext()
        await delegate.waitForDidDisplay(count: 1)
        runLoop.runTurn()
        let commit = await frames.next()!
        #expect(log.draws == 1)
        #expect(delegate.events == ["will", "did(true)"])
        #expect(commit.layers.count == 1 && commit.layers[0] === layer)
        #expect(layer.contents != nil)
    }

    @Test("Contents committed during a turn are visible together in that turn's frame")
    func contentsTogether() async {
        let executor = ManualExecutor()
        let runLoop = ManualRunLoop()
        let delegate = RecordingDelegate(draw: filling(.blue, log: DrawLog()))
        let first = await makeLayer(on: executor, delegate: delegate, runLoop: runLoop)
        let second = AsyncLayer(executor: executor, transactions: first.transactions)
        await executor.drive { await second.setBounds(Size(width: 2, height: 2)) }
        second.delegate = delegate
        first.setNeedsDisplay()
        second.setNeedsDisplay()
        runLoop.runTurn()
        await executor.waitForJobs(2)
        var frames = first.transactions.frameCommits.makeAsyncIterator()
        executor.runUntilIdle()
        await delegate.waitForDidDisplay(count: 2)
        runLoop.runTurn()
        let commit = await frames.next()!
        #expect(Set(commit.layers.map(ObjectIdentifier.init)) == [ObjectIdentifier(first), ObjectIdentifier(second)])
        #expect(first.contents != nil && second.contents != nil)
    }
}
