import AsyncDisplay

/// One cell of the feed, reused for post after post as a table view reuses its cells: a display
/// group holding the content layer and a layer for each photo of the post.
///
/// Each photo has a layer of its own, as each image of a Texture cell is a network image node:
/// a photo arriving redraws that photo alone, not the grid around it.
///
/// In the layer modes each layer displays through its `AsyncLayer` (this cell is the delegate);
/// in `unbounded` mode each request draws in a detached task instead and sets the contents when
/// it lands, if the request is still the latest.
///
/// Concurrency: main-actor state; what a render needs is copied into a `CellRender` value.
@MainActor
final class FeedCell: AsyncLayerDelegate {
    /// A layer of the cell and what the cell remembers about it.
    private struct LayerSlot {
        let layer: AsyncLayer
        /// The bounds last queued on the layer.
        var size = Size.zero
        /// The latest request, in `unbounded` mode.
        let requests = Generation()
    }

    let container: AsyncLayer
    private var contentSlot: LayerSlot
    /// Photo layers made so far; the first `photoCount` show the post's photos, the others wait
    /// out of the tree for a post with more.
    private var photoSlots: [LayerSlot] = []
    private var photoCount = 0
    private let context: CellContext
    /// The post shown; nil while the cell waits for reuse.
    private(set) var post: Post?
    /// The post's images loaded so far.
    private(set) var loaded = LoadedImages()

    /// Makes a cell waiting for reuse: out of the tree, its displays suspended.
    init(context: CellContext) {
        self.context = context
        container = AsyncLayer(transactions: context.transactions)
        container.isDisplayGroup = context.mode.usesLayerDisplay
        contentSlot = LayerSlot(layer: AsyncLayer(transactions: context.transactions))
        container.addSublayer(contentSlot.layer)
        prepare(contentSlot.layer)
    }

    var content: AsyncLayer { contentSlot.layer }

    /// The layers of the photos shown, in grid order.
    var photos: [AsyncLayer] { photoSlots.prefix(photoCount).map(\.layer) }

    /// Shows post `index` of `geometry` in `parent`, and asks every layer to display.
    func configure(_ post: Post, at index: Int, of geometry: FeedGeometry, loaded: LoadedImages, in parent: AsyncLayer)
    {
        self.post = post
        self.loaded = loaded
        let width = geometry.width
        let contentHeight = geometry.contentHeights[index]
        container.frame = Rect(x: 0, y: geometry.tops[index], width: width, height: geometry.height(of: index))
        place(&contentSlot, at: Rect(x: 0, y: 0, width: width, height: contentHeight))
        let frames = geometry.photoFrames[index]
        while photoSlots.count < frames.count {
            let slot = LayerSlot(layer: AsyncLayer(transactions: context.transactions))
            prepare(slot.layer)
            photoSlots.append(slot)
        }
        for (photo, frame) in frames.enumerated() {
            place(
                &photoSlots[photo],
                at: Rect(origin: Point(x: frame.minX, y: frame.minY + contentHeight), size: frame.size))
            if photoSlots[photo].layer.superlayer !== container { container.addSublayer(photoSlots[photo].layer) }
        }
        for slot in photoSlots[frames.count...] { slot.layer.removeFromSuperlayer() }
        photoCount = frames.count
        parent.addSublayer(container)
        display(.content)
        for photo in 0..<photoCount { display(.photo(photo)) }
    }

    /// The avatar arrived: the content layer displays again with it.
    func avatarDidLoad() {
        guard post != nil, !loaded.avatar else { return }
        loaded.avatar = true
        display(.content)
    }

    /// Photo `index` arrived: its layer displays again with it.
    func photoDidLoad(_ index: Int) {
        guard post != nil, index >= 0, index < photoCount, !loaded.hasPhoto(index) else { return }
        loaded.insertPhoto(index)
        display(.photo(index))
    }

    /// Takes the cell off screen for reuse: renders in flight go stale, the contents are released
    /// now.
    func recycle() {
        suspend()
        for slot in [contentSlot] + photoSlots where slot.layer.contents != nil { slot.layer.setContents(nil) }
        container.removeFromSuperlayer()
        post = nil
    }

    /// Holds back every further display and makes the renders in flight stale.
    func suspend() {
        for slot in [contentSlot] + photoSlots {
            if context.mode.usesLayerDisplay {
                slot.layer.isDisplaySuspended = true
            } else {
                slot.requests.advance()
            }
        }
    }

    func makeDisplayTask(for layer: AsyncLayer) -> DisplayTask {
        guard let part = part(of: layer), let (draw, record) = makeRender(of: part) else { return DisplayTask() }
        let ledger = context.ledger
        return DisplayTask(
            willDisplay: { layer in record.noteRequest(layer.generation.capture()) },
            display: { canvas, size, isCancelled in draw(&canvas, size, isCancelled) },
            didDisplay: { _, finished in ledger.settle(record, committed: finished) })
    }

    // MARK: Private

    /// A render of `part` of the post shown, counted in the ledger: a draw that measures itself
    /// and samples the live bitmap bytes after, and its record. Nil while no post is shown.
    private func makeRender(
        of part: CellRender.Part
    ) -> (draw: @Sendable (inout Canvas, Size, () -> Bool) -> Void, record: RenderRecord)? {
        guard let post else { return nil }
        let render = CellRender(post: post, part: part, loaded: loaded, engine: context.engine)
        let record = context.ledger.request()
        let memory = context.memory
        let draw: @Sendable (inout Canvas, Size, () -> Bool) -> Void = { canvas, size, isCancelled in
            record.measureDraw { render.draw(into: &canvas, size: size, isCancelled: isCancelled) }
            memory.recordLiveBitmapBytes()
        }
        return (draw, record)
    }

    /// Suspends a new layer's displays and queues the settings every cell layer has.
    private func prepare(_ layer: AsyncLayer) {
        layer.isDisplaySuspended = true
        layer.delegate = self
        layer.enqueueCellSettings(scale: context.scale, mode: context.mode)
    }

    /// Moves `slot`'s layer to `frame`, queueing new bounds when its size changed.
    private func place(_ slot: inout LayerSlot, at frame: Rect) {
        slot.layer.frame = frame
        guard frame.size != slot.size else { return }
        slot.layer.enqueueBounds(frame.size)
        slot.size = frame.size
    }

    /// Which part `layer` shows; nil for a photo layer out of the tree.
    private func part(of layer: AsyncLayer) -> CellRender.Part? {
        if layer === content { return .content }
        for photo in 0..<photoCount where photoSlots[photo].layer === layer { return .photo(photo) }
        return nil
    }

    private subscript(part: CellRender.Part) -> LayerSlot {
        switch part {
        case .content: contentSlot
        case .photo(let index): photoSlots[index]
        }
    }

    private func display(_ part: CellRender.Part) {
        context.ledger.invalidate()
        let layer = self[part].layer
        if !context.mode.usesLayerDisplay {
            spawnRender(of: part)
        } else if layer.isDisplaySuspended {
            layer.isDisplaySuspended = false  // asks for a display
        } else {
            layer.setNeedsDisplay()
        }
    }

    /// Draws `part` in an unstructured task on the global executor, to completion, and sets the
    /// contents on the main actor if no newer request was made meanwhile.
    private func spawnRender(of part: CellRender.Part) {
        guard let (draw, record) = makeRender(of: part) else { return }
        let slot = self[part]
        let layer = slot.layer
        let size = slot.size
        let token = slot.requests.advanceAndCapture()
        record.noteRequest(token)
        let scale = context.scale
        let ledger = context.ledger
        Task.detached(priority: .userInitiated) {
            // The layer modes' pipeline makes the canvas and freezes the bitmap outside the draw
            // it measures; so does this.
            var canvas = Canvas(
                width: Int((size.width * scale).rounded(.up)), height: Int((size.height * scale).rounded(.up)),
                scale: scale, background: .white)
            draw(&canvas, size, { false })
            let bitmap = canvas.makeBitmap()
            // A stale bitmap is dropped here, off the main actor.
            let fresh = token.isCurrent ? bitmap : nil
            _ = consume bitmap
            await MainActor.run {
                if let fresh, token.isCurrent {
                    layer.setContents(fresh)
                    ledger.settle(record, committed: true)
                } else {
                    ledger.settle(record, committed: false)
                }
            }
        }
    }
}
