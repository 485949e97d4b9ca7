/// Draws a layer's bitmaps on the layer's executor, without holding the layer.
///
/// It shares the layer's executor, so its work is serialised with the layer's own (and calls
/// between the two never hop), and it may read the layer's state through `assumeIsolated`; yet a
/// draw in flight does not keep the layer alive: releasing the layer's last reference mid-draw
/// makes the draw's `isCancelled()` true at its next check.
///
/// Concurrency: an actor on the layer's serial executor; it holds no mutable state.
actor LayerRenderer {
    nonisolated let executor: any SerialExecutor

    init(executor: any SerialExecutor) { self.executor = executor }

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// What a render produced.
    enum Result: Sendable {
        case bitmap(Bitmap)
        /// Nothing to draw: under one point wide or high.
        case cleared
        /// The layer draws on the main actor: draw there, at this size.
        case drawOnMainActor(LayerSnapshot, width: Int, height: Int)
        case cancelled
        case failed(any Error)
    }

    /// Snapshots the layer, checks its geometry, and draws one bitmap, checking for cancellation
    /// before the draw, after it, and after the bitmap is frozen. A layer that lets stale displays
    /// run to completion skips the first check and shows its draw a constant false.
    func render(_ reference: WeakLayerReference, token: Generation.Token, draw: DisplayTask.Draw) -> Result {
        let isStale: @Sendable () -> Bool = { !token.isCurrent || Task.isCancelled }
        guard let snapshot = reference.layer.map({ layer in layer.assumeIsolated { $0.snapshot } }),
            !(snapshot.cancelsStaleDisplays && isStale())
        else { return .cancelled }
        let cancels = snapshot.cancelsStaleDisplays
        let isCancelled: @Sendable () -> Bool = { cancels && isStale() }
        let extent: LayerSnapshot.Extent
        do {
            extent = try snapshot.extent()
        } catch {
            return .failed(error)
        }
        guard case .pixels(let width, let height) = extent else { return .cleared }
        guard snapshot.displaysAsynchronously else {
            return .drawOnMainActor(snapshot, width: width, height: height)
        }
        var canvas = snapshot.makeCanvas(width: width, height: height)
        DisplayMetrics.countDrawStarted()
        do {
            try draw(&canvas, snapshot.size, isCancelled)
        } catch {
            return isStale() ? .cancelled : .failed(error)
        }
        guard !isStale() else { return .cancelled }
        let bitmap = canvas.makeBitmap()
        guard !isStale() else {
            BitmapRelease.release(bitmap)
            return .cancelled
        }
        return .bitmap(bitmap)
    }
}
