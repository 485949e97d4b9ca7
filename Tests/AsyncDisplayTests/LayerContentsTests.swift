import AsyncDisplay
import AsyncDisplayTesting
import Testing

@MainActor
@Suite("Layer contents: set directly, stale displays run to completion, forgotten off the tree")
struct LayerContentsTests {
    @Test("setContents replaces the contents and reports them in the next frame commit")
    func setContentsCommits() async {
        let executor = ManualExecutor()
        let runLoop = ManualRunLoop()
        let layer = await makeLayer(on: executor, delegate: nil, runLoop: runLoop)
        let bitmap = Bitmap(width: 2, height: 2, filledWith: Color.green.premultiplied)
        var frames = layer.transactions.frameCommits.makeAsyncIterator()
        layer.setContents(bitmap)
        #expect(layer.contents == bitmap)
        runLoop.runTurn()
        let commit = await frames.next()!
        #expect(commit.layers.count == 1 && commit.layers[0] === layer)
        layer.setContents(nil)
        #expect(layer.contents == nil)
        #expect(executor.pendingJobCount == 0)
    }

    @Test("setContents makes a display in flight stale: it never overwrites them")
    func setContentsSupersedesDisplay() async {
        let executor = ManualExecutor()
        let log = DrawLog()
        let delegate = RecordingDelegate(draw: filling(.red, log: log))
        let layer = await makeLayer(on: executor, delegate: delegate)
        let display = await startDisplay(layer, on: executor)
        let bitmap = Bitmap(width: 4, height: 2, filledWith: Color.blue.premultiplied)
        layer.setContents(bitmap)
        executor.runNext()
        #expect(await display.value.isCancelled)
        #expect(log.draws == 0)
        #expect(layer.contents == bitmap)
        #expect(!layer.needsDisplay)  // superseded, not re-dirtied
        #expect(delegate.events == ["will", "did(false)"])
    }

    @Test(
        "A layer that lets stale displays finish draws a superseded render in full, and commits nothing of it",
        arguments: [true, false])
    func staleDisplayRunsToCompletion(cancels: Bool) async {
        let executor = ManualExecutor()
        let log = DrawLog()
        let delegate = RecordingDelegate()
        let layer = await makeLayer(on: executor, delegate: delegate)
        await executor.drive { await layer.setCancelsStaleDisplays(cancels) }
        delegate.draw = { [layer] canvas, size, isCancelled in
            log.recordDraw()
            log.recordCheck(isCancelled())
            layer.setNeedsDisplay()
            log.recordCheck(isCancelled())
            canvas.fill(Rect(origin: .zero, size: size), with: .red)
        }
        let display = await startDisplay(layer, on: executor)
        executor.runNext()
        #expect(await display.value.isCancelled)
        #expect(log.cancelledChecks == (cancels ? [false, true] : [false, false]))
        #expect(layer.contents == nil)
        #expect(layer.needsDisplay)
    }

    @Test("A render superseded before it starts still draws when stale displays run to completion")
    func supersededRenderStillDraws() async {
        let executor = ManualExecutor()
        let log = DrawLog()
        let delegate = RecordingDelegate(draw: filling(.red, log: log))
        let layer = await makeLayer(on: executor, delegate: delegate)
        await executor.drive { await layer.setCancelsStaleDisplays(false) }
        let first = await startDisplay(layer, on: executor)
        let second = await startDisplay(layer, on: executor)
        executor.runUntilIdle()
        #expect(await first.value.isCancelled)
        #expect(await second.value.isCommitted)
        #expect(log.draws == 2)
        #expect(delegate.events == ["will", "will", "did(false)", "did(true)"])
    }

    @Test("A layer taken out of the tree forgets what it presented; one moved within it keeps showing it")
    func removedLayerForgetsPresentedContents() async {
        let executor = ManualExecutor()
        let runLoop = ManualRunLoop()
        let delegate = RecordingDelegate(draw: filling(.red, log: DrawLog()))
        let root = await makeLayer(on: executor, delegate: nil, runLoop: runLoop)
        let group = AsyncLayer(executor: executor, transactions: root.transactions)
        group.isDisplayGroup = true
        group.displayGroupDeadline = .seconds(3600)
        root.addSublayer(group)
        let removed = AsyncLayer(executor: executor, transactions: root.transactions)
        let moved = AsyncLayer(executor: executor, transactions: root.transactions)
        let drawing = AsyncLayer(executor: executor, transactions: root.transactions)
        await executor.drive { await drawing.setBounds(Size(width: 2, height: 2)) }
        drawing.delegate = delegate
        for layer in [removed, moved, drawing] { group.addSublayer(layer) }
        let old = Bitmap(width: 2, height: 2, filledWith: Color.green.premultiplied)
        removed.setContents(old)
        moved.setContents(old)
        func shown(_ layer: AsyncLayer) -> Bitmap? {
            LayerTreeSnapshot(root: root).nodes.first { $0.id == ObjectIdentifier(layer) }?.contents
        }
        #expect(shown(removed) == old)

        removed.removeFromSuperlayer()
        removed.setContents(nil)
        drawing.setNeedsDisplay()
        runLoop.runTurn()
        await executor.waitForJobs()  // the draw is in flight: the group holds what it presented
        group.insertSublayer(removed, at: 0)
        group.insertSublayer(moved, at: 0)
        #expect(shown(removed) == nil)
        #expect(shown(moved) == old)
        executor.runUntilIdle()
        await delegate.waitForDidDisplay(count: 1)
    }

    @Test("Waiting for released contents returns once a replaced bitmap's memory is freed")
    func waitsForReleasedContents() async {
        let layer = AsyncLayer(executor: ManualExecutor(), transactions: ManualRunLoop().makeCoalescer())
        let before = Bitmap.liveByteCount
        layer.setContents(Bitmap(width: 4096, height: 4096))  // 64 MiB, released off the main actor
        #expect(Bitmap.liveByteCount >= before + 48 << 20)
        layer.setContents(nil)
        await AsyncLayer.waitForReleasedContents()
        // Other tests may allocate meanwhile, but not nearly 48 MiB.
        #expect(Bitmap.liveByteCount < before + 48 << 20)
    }
}
