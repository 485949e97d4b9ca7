/// The steps of one display, from start to commit.
///
/// 1. On the layer's executor: advance the generation, snapshot the layer (`beginDisplay`).
/// 2. On the main actor: make the task, `willDisplay`, then the guards — nothing to draw
///    clears the contents; bad sizes and over-budget bitmaps fail. In synchronous mode the draw
///    and commit happen here too.
/// 3. On the layer's executor, through its renderer: draw and freeze the bitmap.
/// 4. On the main actor: commit if the token is still current and the task not cancelled;
///    `didDisplay` in every case.
///
/// The pipeline holds the layer weakly between steps, so a display in flight never keeps its
/// layer alive. A layer released mid-display commits nothing (and has no `didDisplay`: there is
/// no layer left to pass to it).
enum DisplayPipeline {
    /// What the main actor decided in step 2.
    private enum Plan: Sendable {
        case finished(DisplayOutcome)
        case render(DisplayTask, DisplayTask.Draw, width: Int, height: Int)
    }

    static func run(_ reference: WeakLayerReference) async -> DisplayOutcome {
        guard let start = await reference.layer?.beginDisplay() else { return .cancelled }
        let plan = await MainActor.run { prepare(reference, start) }
        guard case .render(let task, let draw, let width, let height) = plan else {
            if case .finished(let outcome) = plan { return outcome }
            return .cancelled
        }
        let result = await start.renderer.render(
            start.snapshot, width: width, height: height, token: start.token, draw: draw)
        return await MainActor.run { commit(result, reference, start.token, task) }
    }

    /// Step 2, on the main actor.
    @MainActor
    private static func prepare(_ reference: WeakLayerReference, _ start: DisplayStart) -> Plan {
        guard let layer = reference.layer else { return .finished(.cancelled) }
        let task = start.delegate?.makeDisplayTask(for: layer)
        task?.willDisplay?(layer)
        guard let task, let draw = task.display else {
            layer.replaceContents(with: nil)
            task?.didDisplay?(layer, true)
            return .finished(.cleared)
        }
        let extent: LayerSnapshot.Extent
        do {
            extent = try start.snapshot.extent()
        } catch {
            task.didDisplay?(layer, false)
            return .finished(.failed(error))
        }
        guard case .pixels(let width, let height) = extent else {
            layer.replaceContents(with: nil)
            task.didDisplay?(layer, true)
            return .finished(.cleared)
        }
        guard start.token.isCurrent, !Task.isCancelled else {
            task.didDisplay?(layer, false)
            layer.markDirtyIfCurrent(start.token)
            return .finished(.cancelled)
        }
        guard !start.snapshot.displaysAsynchronously else {
            return .render(task, draw, width: width, height: height)
        }
        // Synchronous mode: draw here, on the main actor; isCancelled() is constantly false.
        var canvas = start.snapshot.makeCanvas(width: width, height: height)
        do {
            try draw(&canvas, start.snapshot.size, { false })
        } catch {
            task.didDisplay?(layer, false)
            return .finished(.failed(error))
        }
        return .finished(commit(.bitmap(canvas.makeBitmap()), reference, start.token, task))
    }

    /// Step 4, on the main actor.
    @MainActor
    private static func commit(
        _ result: LayerRenderer.Result, _ reference: WeakLayerReference, _ token: Generation.Token,
        _ task: DisplayTask
    ) -> DisplayOutcome {
        guard let layer = reference.layer else {
            if case .bitmap(let bitmap) = result { BitmapRelease.release(bitmap) }
            return .cancelled
        }
        switch result {
        case .bitmap(let bitmap):
            guard token.isCurrent, !Task.isCancelled else {
                BitmapRelease.release(bitmap)
                task.didDisplay?(layer, false)
                layer.markDirtyIfCurrent(token)
                return .cancelled
            }
            layer.replaceContents(with: bitmap)
            task.didDisplay?(layer, true)
            return .committed(bitmap)
        case .cancelled:
            task.didDisplay?(layer, false)
            layer.markDirtyIfCurrent(token)
            return .cancelled
        case .failed(let error):
            task.didDisplay?(layer, false)
            return .failed(error)
        }
    }
}

extension AsyncLayer {
    /// Sets the contents and releases the old bitmap off the main actor.
    @MainActor
    func replaceContents(with bitmap: Bitmap?) {
        let old = contents
        contents = bitmap
        BitmapRelease.release(old)
    }
}
