import AsyncDisplay
import AsyncDisplayLocks
import AsyncDisplayTesting
import Testing

/// The order draws ran in, by layer number.
private final class DrawOrder: Sendable {
    private let labels = LockedState<[Int]>([])

    var all: [Int] { labels.withLock { $0 } }

    func draw(labelled label: Int) -> DisplayTask.Draw {
        { [self] canvas, size, _ in
            labels.withLock { $0.append(label) }
            canvas.fill(Rect(origin: .zero, size: size), with: .red)
        }
    }
}

@MainActor
@Suite("Display starts: two renders per executor, newest first")
struct DisplayStartQueueTests {
    /// `count` layers on one manual executor and run loop, each drawing its number into `order`.
    private func makeLayers(
        _ count: Int, order: DrawOrder
    ) async -> (layers: [AsyncLayer], delegates: [RecordingDelegate], executor: ManualExecutor, runLoop: ManualRunLoop)
    {
        let executor = ManualExecutor()
        let runLoop = ManualRunLoop()
        var layers: [AsyncLayer] = []
        var delegates: [RecordingDelegate] = []
        for index in 0..<count {
            let delegate = RecordingDelegate(draw: order.draw(labelled: index))
            layers.append(await makeLayer(on: executor, delegate: delegate, runLoop: runLoop))
            delegates.append(delegate)
        }
        return (layers, delegates, executor, runLoop)
    }

    @Test("Beyond two renders on an executor, the displays a flush starts wait and then run newest first")
    func newestFirst() async {
        let order = DrawOrder()
        let (layers, delegates, executor, runLoop) = await makeLayers(5, order: order)
        for layer in layers { layer.setNeedsDisplay() }
        runLoop.runTurn()
        await executor.waitForJobs(2)
        #expect(executor.pendingJobCount == 2)  // the other three wait on the main actor
        let allStarted = delegates.allSatisfy { $0.events == ["will"] }
        #expect(allStarted)  // every display has started
        for (step, layer) in [0, 1, 4, 3, 2].enumerated() {
            await executor.waitForJobs(step < 3 ? 2 : 1)
            executor.runNext()
            await delegates[layer].waitForDidDisplay(count: 1)
        }
        #expect(order.all == [0, 1, 4, 3, 2])
        let allDrawn = layers.allSatisfy { $0.contents != nil }
        #expect(allDrawn)
        #expect(executor.pendingJobCount == 0)
    }

    @Test("A waiting display superseded meanwhile ends cancelled without rendering; the newer one draws")
    func supersededWhileWaiting() async {
        let order = DrawOrder()
        let (layers, delegates, executor, runLoop) = await makeLayers(3, order: order)
        for layer in layers { layer.setNeedsDisplay() }
        runLoop.runTurn()
        layers[2].setNeedsDisplay()  // its waiting display is stale now
        runLoop.runTurn()  // the newer display waits too
        #expect(delegates[2].events == ["will", "will"])
        executor.runNext()  // layer 0; the newest waiting display, layer 2's current one, follows
        await delegates[0].waitForDidDisplay(count: 1)
        await executor.waitForJobs(2)
        executor.runNext()  // layer 1; the stale display comes up and ends on the main actor
        await delegates[1].waitForDidDisplay(count: 1)
        await delegates[2].waitForDidDisplay(count: 1)
        #expect(delegates[2].events == ["will", "will", "did(false)"])
        #expect(executor.pendingJobCount == 1)
        executor.runNext()
        await delegates[2].waitForDidDisplay(count: 2)
        #expect(delegates[2].events == ["will", "will", "did(false)", "did(true)"])
        #expect(order.all == [0, 1, 2])  // three renders for four displays
        let balanced = delegates.allSatisfy { $0.isBalanced }
        #expect(balanced)
    }

    @Test("A layer that lets stale displays run still renders its superseded waiting display")
    func staleWaitingDisplayRunsWhenNotCancelling() async {
        let order = DrawOrder()
        let (layers, delegates, executor, runLoop) = await makeLayers(3, order: order)
        await executor.drive { await layers[2].setCancelsStaleDisplays(false) }
        for layer in layers { layer.setNeedsDisplay() }
        runLoop.runTurn()
        layers[2].setNeedsDisplay()
        runLoop.runTurn()
        while delegates[2].events.filter({ $0.hasPrefix("did") }).count < 2 {
            await executor.waitForJobs()
            executor.runNext()
            await Task.yield()
        }
        #expect(order.all.filter { $0 == 2 }.count == 2)  // both of layer 2's displays drew
        #expect(delegates[2].events.sorted() == ["did(false)", "did(true)", "will", "will"])
        #expect(layers[2].contents != nil)
    }

    @Test("A waiting display whose layer is released ends without rendering")
    func releasedWhileWaiting() async {
        let order = DrawOrder()
        var made = await makeLayers(3, order: order)
        for layer in made.layers { layer.setNeedsDisplay() }
        made.runLoop.runTurn()
        made.layers.removeLast()  // the last reference: its display waits with a weak reference
        let (delegates, executor) = (made.delegates, made.executor)
        executor.runNext()
        await delegates[0].waitForDidDisplay(count: 1)
        executor.runNext()
        await delegates[1].waitForDidDisplay(count: 1)
        #expect(executor.pendingJobCount == 0)
        #expect(order.all == [0, 1])
        #expect(delegates[2].events == ["will"])  // no layer is left to tell
    }
}
