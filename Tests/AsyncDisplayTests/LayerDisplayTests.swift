import AsyncDisplay
import AsyncDisplayTesting
import Testing

@MainActor
@Suite("Layer display")
struct LayerDisplayTests {
    @Test("A display draws off the main actor and commits on it, before didDisplay(true)")
    func commits() async {
        let executor = ManualExecutor()
        let log = DrawLog()
        let delegate = RecordingDelegate(draw: filling(.red, log: log))
        let layer = await makeLayer(on: executor, delegate: delegate)
        let display = await startDisplay(layer, on: executor)
        #expect(log.draws == 0)
        executor.runNext()
        let outcome = await display.value
        #expect(log.draws == 1)
        let bitmap = outcome.bitmap
        #expect(bitmap?[x: 3, y: 1] == Color.red.premultiplied)
        #expect(layer.contents == bitmap)
        #expect(delegate.contentsAtDidDisplay == [bitmap])
        #expect(delegate.events == ["will", "did(true)"])
        #expect(executor.pendingJobCount == 0)
    }

    @Test("Rule 1: with no delegate, nothing is drawn and the contents are cleared")
    func noDelegate() async {
        let executor = ManualExecutor()
        let delegate = RecordingDelegate(draw: filling(.red, log: DrawLog()))
        let layer = await makeLayer(on: executor, delegate: delegate)
        _ = await executor.drive { await layer.display() }
        #expect(layer.contents != nil)
        layer.delegate = nil
        let outcome = await executor.drive { await layer.display() }
        #expect(outcome.isCleared)
        #expect(layer.contents == nil)
        #expect(executor.pendingJobCount == 0)
    }

    @Test("Rule 1: a task without a display closure calls willDisplay, clears, and didDisplay(true)")
    func noDrawClosure() async {
        let executor = ManualExecutor()
        let delegate = RecordingDelegate(draw: nil)
        let layer = await makeLayer(on: executor, delegate: delegate)
        let outcome = await executor.drive { await layer.display() }
        #expect(outcome.isCleared)
        #expect(delegate.events == ["will", "did(true)"])
        #expect(layer.contents == nil)
    }

    @Test(
        "Rule 2: under one point wide or high, in either mode, the draw never runs and contents clear",
        arguments: [Size(width: 0.5, height: 10), Size(width: 10, height: 0), Size(width: 0, height: 0)],
        [true, false])
    func tinySizes(size: Size, asynchronously: Bool) async {
        let executor = ManualExecutor()
        let log = DrawLog()
        let delegate = RecordingDelegate(draw: filling(.red, log: log))
        let layer = await makeLayer(on: executor, delegate: delegate)
        _ = await executor.drive { await layer.display() }
        let old = layer.contents
        #expect(old != nil)
        await executor.drive {
            await layer.setBounds(size)
            await layer.setDisplaysAsynchronously(asynchronously)
        }
        let outcome = await executor.drive { await layer.display() }
        #expect(outcome.isCleared)
        #expect(layer.contents == nil)
        #expect(log.draws == 1)
        #expect(delegate.events == ["will", "did(true)", "will", "did(true)"])
    }

    @Test("Rule 3: of two displays started before either drew, only the one started last commits")
    func overlappingDisplays() async {
        let executor = ManualExecutor()
        let log = DrawLog()
        let delegate = RecordingDelegate(draw: filling(.blue, log: log))
        let layer = await makeLayer(on: executor, delegate: delegate)
        let first = await startDisplay(layer, on: executor)
        let second = await startDisplay(layer, on: executor)
        executor.runUntilIdle()
        #expect(await first.value.isCancelled)
        let committed = await second.value
        #expect(committed.bitmap?[x: 0, y: 0] == Color.blue.premultiplied)
        #expect(layer.contents == committed.bitmap)
        #expect(log.draws == 1)  // the first was stale before its render job started
        #expect(delegate.isBalanced)
    }

    @Test("Rule 3: an older bitmap finished first never lands after a newer display started")
    func olderBitmapNeverLandsLast() async {
        let executor = ManualExecutor()
        let log = DrawLog()
        let delegate = RecordingDelegate(draw: filling(.red, log: log))
        let layer = await makeLayer(on: executor, delegate: delegate)
        let older = await startDisplay(layer, on: executor)
        executor.runNext()  // the older render: drawn, its commit queued behind this test
        delegate.draw = filling(.blue, log: log)
        // Started without giving up the main actor: the older commit is still queued behind us.
        let newer = Task.immediate { await layer.display() }
        #expect(await older.value.isCancelled)
        await executor.waitForJobs()
        executor.runNext()
        #expect(await newer.value.isCommitted)
        #expect(layer.contents?[x: 0, y: 0] == Color.blue.premultiplied)
        #expect(log.draws == 2)
        #expect(delegate.events == ["will", "will", "did(false)", "did(true)"])
    }

    @Test("Rule 4: size, scale, opacity and background are read when the display starts drawing")
    func snapshotAtStart() async {
        let executor = ManualExecutor()
        let delegate = RecordingDelegate(draw: { _, _, _ in })
        let layer = await makeLayer(on: executor, size: Size(width: 4, height: 2), delegate: delegate)
        let display = await startDisplay(layer, on: executor)
        // Queued behind the render job: these change only the next display.
        let change = Task {
            await layer.setBounds(Size(width: 8, height: 8))
            await layer.setContentsScale(3)
            await layer.setOpaque(true)
            await layer.setBackgroundColor(.green)
        }
        executor.runNext()  // the render
        let bitmap = await display.value.bitmap
        #expect(bitmap?.width == 4 && bitmap?.height == 2 && bitmap?.scale == 1)
        #expect(bitmap?[x: 0, y: 0] == .clear)
        await executor.drive { await change.value }
        let next = await executor.drive { await layer.display() }.bitmap
        #expect(next?.width == 24 && next?.height == 24 && next?.scale == 3)
        #expect(next?[x: 0, y: 0] == Color.green.premultiplied)
    }

    @Test("Rule 5: setNeedsDisplay during a draw cancels it at once; the newer display commits")
    func setNeedsDisplayDuringDraw() async {
        let executor = ManualExecutor()
        let log = DrawLog()
        let delegate = RecordingDelegate()
        let layer = await makeLayer(on: executor, delegate: delegate)
        delegate.draw = { [layer] canvas, size, isCancelled in
            log.recordCheck(isCancelled())
            layer.setNeedsDisplay()
            log.recordCheck(isCancelled())
            canvas.fill(Rect(origin: .zero, size: size), with: .red)
        }
        let display = await startDisplay(layer, on: executor)
        executor.runNext()
        #expect(await display.value.isCancelled)
        #expect(log.cancelledChecks == [false, true])
        #expect(layer.contents == nil)
        #expect(layer.needsDisplay)
        delegate.draw = filling(.blue, log: log)
        let newer = await executor.drive { await layer.displayIfNeeded() }
        #expect(newer?.isCommitted == true)
        #expect(layer.contents?[x: 0, y: 0] == Color.blue.premultiplied)
    }

    @Test("Rule 6: one didDisplay per willDisplay, false when cancelled before the draw started")
    func cancelledBeforeDraw() async {
        let executor = ManualExecutor()
        let log = DrawLog()
        let delegate = RecordingDelegate(draw: filling(.red, log: log))
        let layer = await makeLayer(on: executor, delegate: delegate)
        let display = await startDisplay(layer, on: executor)
        layer.setNeedsDisplay()
        executor.runNext()
        #expect(await display.value.isCancelled)
        #expect(log.draws == 0)
        #expect(delegate.events == ["will", "did(false)"])
    }

    @Test("Rule 7: a display superseded after its draw, before the commit, commits nothing")
    func supersededBeforeCommit() async {
        let executor = ManualExecutor()
        let log = DrawLog()
        let delegate = RecordingDelegate(draw: filling(.red, log: log))
        let layer = await makeLayer(on: executor, delegate: delegate)
        let display = await startDisplay(layer, on: executor)
        // The render runs here, on the main actor's thread; its commit is queued behind this test.
        executor.runNext()
        layer.setNeedsDisplay()
        #expect(await display.value.isCancelled)
        #expect(log.draws == 1)
        #expect(layer.contents == nil)
        #expect(delegate.events == ["will", "did(false)"])
    }

    @Test("Rule 7: a draw that ends by superseding itself never freezes into a commit")
    func supersededAtEndOfDraw() async {
        let executor = ManualExecutor()
        let delegate = RecordingDelegate()
        let layer = await makeLayer(on: executor, delegate: delegate)
        delegate.draw = { [layer] canvas, size, _ in
            canvas.fill(Rect(origin: .zero, size: size), with: .red)
            layer.setNeedsDisplay()
        }
        let display = await startDisplay(layer, on: executor)
        executor.runNext()
        #expect(await display.value.isCancelled)
        #expect(layer.contents == nil)
    }

    @Test("Rule 8: of many displays requested before any render job starts, only the last draws")
    func latestOnly() async {
        let executor = ManualExecutor()
        let log = DrawLog()
        let delegate = RecordingDelegate(draw: filling(.red, log: log))
        let layer = await makeLayer(on: executor, delegate: delegate)
        var displays: [Task<DisplayOutcome, Never>] = []
        for _ in 0..<10 { displays.append(await startDisplay(layer, on: executor)) }
        executor.runUntilIdle()
        var outcomes: [DisplayOutcome] = []
        for display in displays { outcomes.append(await display.value) }
        #expect(log.draws == 1)
        #expect(outcomes.filter(\.isCancelled).count == 9)
        #expect(outcomes.last?.isCommitted == true)
        #expect(delegate.isBalanced)
        #expect(executor.pendingJobCount == 0)
    }

    @Test("Rule 8: a render job superseded before it starts does not draw at all")
    func supersededRenderJobSkipsDraw() async {
        let executor = ManualExecutor()
        let log = DrawLog()
        let delegate = RecordingDelegate(draw: filling(.red, log: log))
        let layer = await makeLayer(on: executor, delegate: delegate)
        let display = await startDisplay(layer, on: executor)
        for _ in 0..<10 { layer.setNeedsDisplay() }
        executor.runNext()
        #expect(await display.value.isCancelled)
        #expect(log.draws == 0)
        #expect(layer.needsDisplay)
    }

    @Test("Rule 9: a display cancelled only by its Task leaves the layer dirty")
    func taskCancellationKeepsDirty() async {
        let executor = ManualExecutor()
        let log = DrawLog()
        let delegate = RecordingDelegate(draw: filling(.red, log: log))
        let layer = await makeLayer(on: executor, delegate: delegate)
        layer.setNeedsDisplay()
        let display = await startDisplay(layer, on: executor)
        #expect(!layer.needsDisplay)
        display.cancel()
        executor.runNext()
        #expect(await display.value.isCancelled)
        #expect(log.draws == 0)
        #expect(layer.needsDisplay)
        #expect(delegate.events == ["will", "did(false)"])
        let retried = await executor.drive { await layer.displayIfNeeded() }
        #expect(retried?.isCommitted == true)
        #expect(!layer.needsDisplay)
    }

    @Test(
        "Rule 10: opaque layers start white under a missing or translucent background, in both modes",
        arguments: [true, false])
    func opaqueStartsWhite(asynchronously: Bool) async {
        let executor = ManualExecutor()
        let delegate = RecordingDelegate(draw: { _, _, _ in })
        let layer = await makeLayer(on: executor, delegate: delegate)
        await executor.drive {
            await layer.setDisplaysAsynchronously(asynchronously)
            await layer.setOpaque(true)
        }
        let plain = await executor.drive { await layer.display() }.bitmap
        #expect(plain?[x: 0, y: 0] == .white)

        let halfRed = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        await executor.drive { await layer.setBackgroundColor(halfRed) }
        let tinted = await executor.drive { await layer.display() }.bitmap
        #expect(tinted?[x: 0, y: 0] == Pixel(red: 255, green: 127, blue: 127, alpha: 255))

        await executor.drive { await layer.setOpaque(false) }
        let translucent = await executor.drive { await layer.display() }.bitmap
        #expect(translucent?[x: 0, y: 0] == halfRed.premultiplied)
        await executor.drive { await layer.setBackgroundColor(nil) }
        let clear = await executor.drive { await layer.display() }.bitmap
        #expect(clear?[x: 0, y: 0] == .clear)
    }

    @Test("Rule 11: the scale is read at each display, never cached")
    func scaleReadEachTime() async {
        let executor = ManualExecutor()
        let delegate = RecordingDelegate(draw: { _, _, _ in })
        let layer = await makeLayer(on: executor, size: Size(width: 10, height: 5), delegate: delegate)
        for scale in [1.0, 2, 3, 1.5] {
            await executor.drive { await layer.setContentsScale(scale) }
            let bitmap = await executor.drive { await layer.display() }.bitmap
            #expect(bitmap?.width == Int((10 * scale).rounded(.up)))
            #expect(bitmap?.scale == scale)
        }
    }

    @Test("Rule 12: synchronous mode draws on the main actor and commits before display() returns")
    func synchronousMode() async {
        let executor = ManualExecutor()
        let log = DrawLog()
        let delegate = RecordingDelegate()
        delegate.draw = { canvas, size, isCancelled in
            log.recordCheck(isCancelled())
            log.recordCheck(MainActor.assumeIsolated { true })
            canvas.fill(Rect(origin: .zero, size: size), with: .red)
        }
        let layer = await makeLayer(on: executor, delegate: delegate)
        await executor.drive { await layer.setDisplaysAsynchronously(false) }
        let generationBefore = layer.generation.current
        let display = await startDisplay(layer, on: executor)
        executor.runNext()  // the snapshot, on the executor; the draw happens on the main actor
        let outcome = await display.value
        #expect(outcome.isCommitted)
        #expect(layer.contents == outcome.bitmap)
        #expect(log.cancelledChecks == [false, true])
        #expect(layer.generation.current > generationBefore)
        #expect(executor.pendingJobCount == 0)
    }

    @Test("A synchronous display leaves no display counted in flight; the next one counts")
    func synchronousDisplayBookkeeping() async {
        let executor = ManualExecutor()
        let delegate = RecordingDelegate(draw: { _, _, _ in })
        let layer = await makeLayer(on: executor, delegate: delegate)
        await executor.drive { await layer.setDisplaysAsynchronously(false) }
        #expect(await executor.drive { await layer.display() }.isCommitted)
        #expect(!layer.isDisplayInFlight)
        await executor.drive { await layer.setDisplaysAsynchronously(true) }
        let display = await startDisplay(layer, on: executor)
        #expect(layer.isDisplayInFlight)
        executor.runNext()
        #expect(await display.value.isCommitted)
        #expect(!layer.isDisplayInFlight)
    }

    @Test("Rule 13: a bitmap over the pixel budget is never allocated; the contents stay")
    func overBudget() async {
        let executor = ManualExecutor()
        let log = DrawLog()
        let delegate = RecordingDelegate(draw: filling(.red, log: log))
        let layer = await makeLayer(on: executor, delegate: delegate)
        _ = await executor.drive { await layer.display() }
        let kept = layer.contents
        await executor.drive {
            await layer.setBounds(Size(width: 100, height: 100))
            await layer.setPixelBudget(9_999)
        }
        let outcome = await executor.drive { await layer.display() }
        #expect(outcome.error as? DisplayError == .bitmapTooLarge(pixels: 10_000, budget: 9_999))
        #expect(layer.contents == kept)
        #expect(log.draws == 1)
        #expect(delegate.events.suffix(2) == ["will", "did(false)"])
        // The default budget refuses a huge layer too, without allocating.
        await executor.drive {
            await layer.setBounds(Size(width: 1e6, height: 1e6))
            await layer.setPixelBudget(AsyncLayer.defaultPixelBudget)
        }
        #expect(await executor.drive { await layer.display() }.error is DisplayError)
    }

    @Test(
        "Rule 13: NaN, infinite and negative sizes and scales fail with their own errors",
        arguments: [
            (Size(width: .nan, height: 10), 1.0),
            (Size(width: 10, height: .infinity), 1.0),
            (Size(width: -5, height: 10), 1.0),
            (Size(width: 10, height: 10), Double.nan),
            (Size(width: 10, height: 10), 0),
            (Size(width: 10, height: 10), -2),
            (Size(width: 10, height: 10), Double.infinity),
        ] as [(Size, Double)])
    func invalidGeometry(size: Size, scale: Double) async {
        let executor = ManualExecutor()
        let log = DrawLog()
        let delegate = RecordingDelegate(draw: filling(.red, log: log))
        let layer = await makeLayer(on: executor, delegate: delegate)
        _ = await executor.drive { await layer.display() }
        let kept = layer.contents
        await executor.drive {
            await layer.setBounds(size)
            await layer.setContentsScale(scale)
        }
        let outcome = await executor.drive { await layer.display() }
        switch outcome.error as? DisplayError {
        case .invalidSize: #expect(!size.isValid)
        case .invalidScale: #expect(size.isValid)
        default: Issue.record("expected an invalid size or scale, got \(outcome)")
        }
        #expect(layer.contents == kept)
        #expect(log.draws == 1)
        #expect(delegate.events.suffix(2) == ["will", "did(false)"])
    }

    @Test("Rule 14: a draw that throws fails the display and keeps the contents")
    func drawThrows() async {
        struct Broken: Error {}
        let executor = ManualExecutor()
        let delegate = RecordingDelegate(draw: filling(.red, log: DrawLog()))
        let layer = await makeLayer(on: executor, delegate: delegate)
        _ = await executor.drive { await layer.display() }
        let kept = layer.contents
        delegate.draw = { _, _, _ in throw Broken() }
        let outcome = await executor.drive { await layer.display() }
        #expect(outcome.error is Broken)
        #expect(layer.contents == kept)
        #expect(delegate.events.suffix(2) == ["will", "did(false)"])
    }

    @Test("Rule 15: releasing the last reference mid-draw cancels the draw; nothing commits")
    func layerReleasedMidDraw() async {
        final class Holder: @unchecked Sendable {
            // Safe: written only by the draw, which runs while the test waits for it.
            var layer: AsyncLayer?
        }
        let executor = ManualExecutor()
        let log = DrawLog()
        let holder = Holder()
        let delegate = RecordingDelegate()
        delegate.draw = { canvas, size, isCancelled in
            log.recordCheck(isCancelled())
            holder.layer = nil  // the last strong reference goes
            log.recordCheck(isCancelled())
            canvas.fill(Rect(origin: .zero, size: size), with: .red)
        }
        holder.layer = await makeLayer(on: executor, delegate: delegate)
        weak let weakLayer = holder.layer
        let reference = WeakLayerReference(holder.layer!)
        let display = Task { await AsyncLayer.display(reference) }
        await executor.waitForJobs()
        executor.runNext()
        #expect(await display.value.isCancelled)
        #expect(log.cancelledChecks == [false, true])
        #expect(weakLayer == nil)
        #expect(delegate.events == ["will"])
    }
}
