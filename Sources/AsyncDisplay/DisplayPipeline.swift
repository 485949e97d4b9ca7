import AsyncDisplayExecutors

/// The steps of one display, from start to commit: two hops, as in YYAsyncLayer.
///
/// 1. On the main actor: make the task, `willDisplay`, advance the generation (only the latest
///    display can commit). With no draw closure, clear the contents and finish here.
/// 2. On the layer's executor, through its renderer: snapshot the layer, check its geometry (under
///    a point clears, bad sizes and over-budget bitmaps fail), draw and freeze the bitmap.
/// 3. On the main actor: commit if the token is still current and the task not cancelled, and
///    `didDisplay` in every case. A layer that draws synchronously draws here.
///
/// A display started by a flush on a `ClosureExecutor` takes no task: step 2 runs as a closure on
/// the executor, and step 3 is delivered to the layer's coalescer, to run in its next flush
/// (`renderResultLatency` lets that flush wait for the main run loop's next wake).
///
/// The pipeline holds the layer weakly while its draw runs, so a display in flight never keeps
/// its layer alive. A layer released mid-display commits nothing (and has no `didDisplay`: there
/// is no layer left to pass to it).
enum DisplayPipeline {
    /// What the main actor decided in step 1.
    enum Plan: Sendable {
        case finished(DisplayOutcome)
        case render(DisplayTask, DisplayTask.Draw, Generation.Token, LayerRenderer)
    }

    static func run(_ reference: WeakLayerReference) async -> DisplayOutcome {
        let plan = await begin(reference)
        return await complete(plan, reference)
    }

    /// Step 1, timed, for callers already on the main actor (a transaction flush).
    @MainActor
    static func begin(_ reference: WeakLayerReference) -> Plan {
        DisplayMetrics.timingMainActor { start(reference) }
    }

    /// Steps 2 and 3 of a display a flush started (step 1 made `plan`), without keeping a task for
    /// them when the layer's executor runs closures.
    @MainActor
    static func continueFromFlush(_ plan: Plan, _ reference: WeakLayerReference) {
        guard case .render(let task, let draw, let token, let renderer) = plan,
            let executor = renderer.executor as? any ClosureExecutor
        else {
            if #available(macOS 26, iOS 26, *) {
                // Runs here until its first hop, straight to the layer's executor: no extra main job.
                Task.immediate { _ = await complete(plan, reference) }
            } else {
                Task { _ = await complete(plan, reference) }
            }
            return
        }
        reference.transactions.expectResult()
        executor.execute {
            // The closure runs isolated to the renderer's executor.
            let result = renderer.assumeIsolated { $0.render(reference, token: token, draw: draw) }
            reference.transactions.deliverResult(
                RenderResult(result, reference, token, task, draw), RenderResult.settle)
        }
    }

    /// What step 2 produced, on its way to step 3 in a flush.
    final class RenderResult: Sendable {
        let result: LayerRenderer.Result
        let reference: WeakLayerReference
        let token: Generation.Token
        let task: DisplayTask
        let draw: DisplayTask.Draw

        init(
            _ result: LayerRenderer.Result, _ reference: WeakLayerReference, _ token: Generation.Token,
            _ task: DisplayTask, _ draw: @escaping DisplayTask.Draw
        ) {
            self.result = result
            self.reference = reference
            self.token = token
            self.task = task
            self.draw = draw
        }

        /// Step 3, in a flush.
        static let settle = TransactionAction<RenderResult>("settle render") { rendered in
            _ = DisplayMetrics.record(
                end(rendered.result, rendered.reference, rendered.token, rendered.task, rendered.draw))
        }
    }

    /// Steps 2 and 3.
    static func complete(_ plan: Plan, _ reference: WeakLayerReference) async -> DisplayOutcome {
        guard case .render(let task, let draw, let token, let renderer) = plan else {
            if case .finished(let outcome) = plan { return DisplayMetrics.record(outcome) }
            return DisplayMetrics.record(.cancelled)
        }
        let result = await renderer.render(reference, token: token, draw: draw)
        let outcome = await end(result, reference, token, task, draw)
        return DisplayMetrics.record(outcome)
    }

    /// Step 1, on the main actor.
    @MainActor
    private static func start(_ reference: WeakLayerReference) -> Plan {
        guard let layer = reference.layer, !layer.isDisplaySuspended else { return .finished(.cancelled) }
        let task = layer.delegate?.makeDisplayTask(for: layer)
        let token = layer.startDisplay()
        task?.willDisplay?(layer)
        guard let task, let draw = task.display else {
            layer.replaceContents(with: nil, generation: token.value)
            task?.didDisplay?(layer, true)
            return .finished(.cleared)
        }
        layer.tree.displaysInFlight += 1
        layer.tree.latestDisplayInFlight = token.value
        return .render(task, draw, token, layer.renderer)
    }

    /// Step 3, timed: an isolated call, so the hop to the main actor is the only check.
    @MainActor
    private static func end(
        _ result: LayerRenderer.Result, _ reference: WeakLayerReference, _ token: Generation.Token,
        _ task: DisplayTask, _ draw: DisplayTask.Draw
    ) -> DisplayOutcome {
        DisplayMetrics.timingMainActor { finish(result, reference, token, task, draw) }
    }

    /// Step 3, on the main actor.
    @MainActor
    private static func finish(
        _ result: LayerRenderer.Result, _ reference: WeakLayerReference, _ token: Generation.Token,
        _ task: DisplayTask, _ draw: DisplayTask.Draw
    ) -> DisplayOutcome {
        guard let layer = reference.layer else {
            if case .bitmap(let bitmap) = result { BitmapRelease.release(bitmap) }
            reference.transactions.displayFinished()
            return .cancelled
        }
        layer.tree.displaysInFlight -= 1
        if layer.tree.latestDisplayInFlight == token.value { layer.tree.latestDisplayInFlight = nil }
        defer { layer.transactions.displayFinished() }
        // A display group may have been waiting for this one.
        if !layer.isCurrentDisplayInFlight && layer.isInDisplayGroup { layer.transactions.frameNeeded() }
        return settle(result, layer, token, task, draw)
    }

    /// Commits, clears, draws synchronously or cancels, as `result` says; `didDisplay` once.
    @MainActor
    private static func settle(
        _ result: LayerRenderer.Result, _ layer: AsyncLayer, _ token: Generation.Token, _ task: DisplayTask,
        _ draw: DisplayTask.Draw
    ) -> DisplayOutcome {
        let isCurrent = token.isCurrent && !Task.isCancelled
        switch result {
        case .bitmap(let bitmap) where isCurrent:
            layer.replaceContents(with: bitmap, generation: token.value)
            task.didDisplay?(layer, true)
            return .committed(bitmap)
        case .bitmap(let bitmap):
            BitmapRelease.release(bitmap)
            return cancel(layer, token, task)
        case .cleared where isCurrent:
            layer.replaceContents(with: nil, generation: token.value)
            task.didDisplay?(layer, true)
            return .cleared
        case .drawOnMainActor(let snapshot, let width, let height) where isCurrent:
            // Synchronous mode: isCancelled() is constantly false.
            var canvas = snapshot.makeCanvas(width: width, height: height)
            DisplayMetrics.countDrawStarted()
            do {
                try draw(&canvas, snapshot.size, { false })
            } catch {
                task.didDisplay?(layer, false)
                return .failed(error)
            }
            return settle(.bitmap(canvas.makeBitmap()), layer, token, task, draw)
        case .cleared, .drawOnMainActor, .cancelled:
            return cancel(layer, token, task)
        case .failed(let error):
            task.didDisplay?(layer, false)
            return .failed(error)
        }
    }

    /// Ends a display that will not commit; the layer stays dirty unless a newer request
    /// superseded it.
    @MainActor
    private static func cancel(_ layer: AsyncLayer, _ token: Generation.Token, _ task: DisplayTask) -> DisplayOutcome {
        task.didDisplay?(layer, false)
        layer.markDirtyIfCurrent(token)
        return .cancelled
    }
}

extension AsyncLayer {
    /// Sets the contents drawn for `generation` and releases the old bitmap off the main actor.
    @MainActor
    func replaceContents(with bitmap: Bitmap?, generation: UInt64) {
        let old = contents
        contents = bitmap
        contentsGeneration = generation
        BitmapRelease.release(old)
        transactions.contentsChanged(self)
    }
}
