/// Draws a layer's bitmaps on the layer's executor, without holding the layer.
///
/// It shares the layer's executor, so its work is serialised with the layer's own (and calls
/// between the two never hop), while a draw in flight does not keep the layer alive: releasing
/// the layer's last reference mid-draw makes the draw's `isCancelled()` true at its next check.
///
/// Concurrency: an actor on the layer's serial executor; it holds no mutable state.
actor LayerRenderer {
    nonisolated let executor: any SerialExecutor

    init(executor: any SerialExecutor) { self.executor = executor }

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// What a render produced.
    enum Result: Sendable {
        case bitmap(Bitmap)
        case cancelled
        case failed(any Error)
    }

    /// Draws one bitmap, checking for cancellation before the draw, after it, and after the
    /// bitmap is frozen.
    func render(
        _ snapshot: LayerSnapshot, width: Int, height: Int, token: Generation.Token, draw: DisplayTask.Draw
    ) -> Result {
        let isCancelled: @Sendable () -> Bool = { !token.isCurrent || Task.isCancelled }
        guard !isCancelled() else { return .cancelled }
        var canvas = snapshot.makeCanvas(width: width, height: height)
        do {
            try draw(&canvas, snapshot.size, isCancelled)
        } catch {
            return isCancelled() ? .cancelled : .failed(error)
        }
        guard !isCancelled() else { return .cancelled }
        let bitmap = canvas.makeBitmap()
        guard !isCancelled() else {
            BitmapRelease.release(bitmap)
            return .cancelled
        }
        return .bitmap(bitmap)
    }
}
