import AsyncDisplay

/// What one render of a cell part draws: a value, made on the main actor and drawn anywhere.
struct CellRender: Sendable {
    /// The layers of a cell.
    enum Part: Sendable, Hashable {
        /// Avatar, name, timestamp, body.
        case content
        /// Photo `index` of the grid.
        case photo(Int)
    }

    let post: Post
    let part: Part
    let loaded: LoadedImages
    let engine: FeedTextEngine

    /// Draws the part at `size` (the content part lays the post's text out first, off the main
    /// actor, as the display task runs); stops early once `isCancelled()` turns true.
    func draw(into canvas: inout Canvas, size: Size, isCancelled: () -> Bool) {
        switch part {
        case .content:
            let layout = CellLayout(post: post, width: size.width, engine: engine)
            guard !isCancelled() else { return }
            CellPainter.drawContent(
                layout, of: post, loaded: loaded, engine: engine, in: &canvas, isCancelled: isCancelled)
        case .photo(let index):
            guard post.photos.indices.contains(index) else { return }
            CellPainter.drawPhoto(
                post.photos[index], isLoaded: loaded.hasPhoto(index), size: size, in: &canvas,
                isCancelled: isCancelled)
        }
    }
}

/// What the cells of one run share.
struct CellContext: Sendable {
    let mode: FeedMode
    let scale: Double
    let engine: FeedTextEngine
    let ledger: RenderLedger
    let transactions: TransactionCoalescer
    /// Peak bytes of live bitmaps, sampled after every draw.
    let memory: PeakGauge
}

extension AsyncLayer {
    /// Queues new bounds on the layer's executor now, without waiting: a display started after
    /// this call (its render job queues behind) draws at the new size.
    nonisolated func enqueueBounds(_ size: Size) {
        enqueue { await $0.setBounds(size) }
    }

    /// Queues the settings every cell layer has, as `enqueueBounds(_:)` does: opaque (starting
    /// white), at `scale`, drawing on the main actor in `sync` mode, letting stale displays run
    /// to completion in `async-no-cancel` mode.
    nonisolated func enqueueCellSettings(scale: Double, mode: FeedMode) {
        enqueue { await $0.applyCellSettings(scale: scale, mode: mode) }
    }

    /// Runs `change` on the layer's executor, queued now where `Task.immediate` exists (on older
    /// Apple systems it queues when the task starts, so a display started meanwhile may not see
    /// it).
    private nonisolated func enqueue(_ change: @escaping @Sendable (AsyncLayer) async -> Void) {
        if #available(macOS 26, iOS 26, *) {
            Task.immediate { await change(self) }
        } else {
            Task { await change(self) }
        }
    }

    private func applyCellSettings(scale: Double, mode: FeedMode) {
        setContentsScale(scale)
        setOpaque(true)
        setDisplaysAsynchronously(mode != .sync)
        setCancelsStaleDisplays(mode != .asyncNoCancel)
    }
}
