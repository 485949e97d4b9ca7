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

    /// Draws the part at `size`, laying the post's text out first (off the main actor, as the
    /// display task runs); stops early once `isCancelled()` turns true.
    func draw(into canvas: inout Canvas, size: Size, isCancelled: () -> Bool) {
        switch part {
        case .content:
            let layout = CellLayout(post: post, width: size.width, engine: engine)
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
    /// Points.
    let width: Double
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
        Task.immediate { await self.setBounds(size) }
    }

    /// Queues the settings every cell layer has, as `enqueueBounds(_:)` does: opaque (starting
    /// white), at `scale`, drawing on the main actor in `sync` mode, letting stale displays run
    /// to completion in `async-no-cancel` mode.
    nonisolated func enqueueCellSettings(scale: Double, mode: FeedMode) {
        Task.immediate { await self.applyCellSettings(scale: scale, mode: mode) }
    }

    private func applyCellSettings(scale: Double, mode: FeedMode) {
        setContentsScale(scale)
        setOpaque(true)
        setDisplaysAsynchronously(mode != .sync)
        setCancelsStaleDisplays(mode != .asyncNoCancel)
    }
}
