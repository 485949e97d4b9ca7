import AsyncDisplay

/// One cell of the feed, reused for post after post as a table view reuses its cells: a display
/// group holding the content layer and, for posts with photos, the photo layer.
///
/// In the layer modes each part displays through its `AsyncLayer` (this cell is the delegate);
/// in `unbounded` mode each request draws in a detached task instead and sets the contents when
/// it lands, if the request is still the latest.
///
/// Concurrency: main-actor state; what a render needs is copied into a `CellRender` value.
@MainActor
final class FeedCell: AsyncLayerDelegate {
    let container: AsyncLayer
    let content: AsyncLayer
    let photos: AsyncLayer
    private let context: CellContext
    /// The post shown; nil while the cell waits for reuse.
    private(set) var post: Post?
    /// The post's images loaded so far.
    private(set) var loaded = LoadedImages()
    /// The bounds last queued on each part's layer.
    private var contentSize = Size.zero
    private var photoSize = Size.zero
    /// The latest request of each part, in `unbounded` mode.
    private let contentRequests = Generation()
    private let photoRequests = Generation()

    /// Makes a cell waiting for reuse: out of the tree, its displays suspended.
    init(context: CellContext) {
        self.context = context
        container = AsyncLayer(transactions: context.transactions)
        content = AsyncLayer(transactions: context.transactions)
        photos = AsyncLayer(transactions: context.transactions)
        container.isDisplayGroup = context.mode.usesLayerDisplay
        container.addSublayer(content)
        for layer in [content, photos] {
            layer.isDisplaySuspended = true
            layer.delegate = self
            layer.enqueueCellSettings(scale: context.scale, mode: context.mode)
        }
    }

    /// Shows `post` with its top at `top` in `parent`, and asks both parts to display.
    func configure(
        _ post: Post, contentHeight: Double, photoHeight: Double, top: Double, loaded: LoadedImages,
        in parent: AsyncLayer
    ) {
        self.post = post
        self.loaded = loaded
        let width = context.width
        container.frame = Rect(x: 0, y: top, width: width, height: contentHeight + photoHeight)
        content.frame = Rect(x: 0, y: 0, width: width, height: contentHeight)
        resize(content, to: Size(width: width, height: contentHeight), from: &contentSize)
        if photoHeight > 0 {
            photos.frame = Rect(x: 0, y: contentHeight, width: width, height: photoHeight)
            resize(photos, to: Size(width: width, height: photoHeight), from: &photoSize)
            if photos.superlayer !== container { container.addSublayer(photos) }
        } else {
            photos.removeFromSuperlayer()
        }
        parent.addSublayer(container)
        display(.content)
        if photoHeight > 0 { display(.photos) }
    }

    /// The avatar arrived: the content part displays again with it.
    func avatarDidLoad() {
        guard post != nil, !loaded.avatar else { return }
        loaded.avatar = true
        display(.content)
    }

    /// Photo `index` arrived: the photo part displays again with it.
    func photoDidLoad(_ index: Int) {
        guard post != nil, !loaded.hasPhoto(index) else { return }
        loaded.insertPhoto(index)
        if photos.superlayer != nil { display(.photos) }
    }

    /// Takes the cell off screen for reuse: renders in flight go stale, the contents are released
    /// now.
    func recycle() {
        suspend()
        content.setContents(nil)
        photos.setContents(nil)
        container.removeFromSuperlayer()
        post = nil
    }

    /// Holds back every further display and makes the renders in flight stale.
    func suspend() {
        if context.mode.usesLayerDisplay {
            content.isDisplaySuspended = true
            photos.isDisplaySuspended = true
        } else {
            contentRequests.advance()
            photoRequests.advance()
        }
    }

    func makeDisplayTask(for layer: AsyncLayer) -> DisplayTask {
        guard let post else { return DisplayTask() }
        let render = CellRender(
            post: post, part: layer === content ? .content : .photos, loaded: loaded, engine: context.engine)
        let record = context.ledger.request()
        let memory = context.memory
        let ledger = context.ledger
        return DisplayTask(
            display: { canvas, size, isCancelled in
                record.measureDraw { render.draw(into: &canvas, size: size, isCancelled: isCancelled) }
                memory.recordLiveBitmapBytes()
            },
            didDisplay: { _, finished in ledger.settle(record, committed: finished) })
    }

    // MARK: Private

    private func display(_ part: CellRender.Part) {
        context.ledger.invalidate()
        let layer = part == .content ? content : photos
        if !context.mode.usesLayerDisplay {
            spawnRender(of: part)
        } else if layer.isDisplaySuspended {
            layer.isDisplaySuspended = false  // asks for a display
        } else {
            layer.setNeedsDisplay()
        }
    }

    private func resize(_ layer: AsyncLayer, to size: Size, from current: inout Size) {
        guard size != current else { return }
        layer.enqueueBounds(size)
        current = size
    }

    /// Draws `part` in an unstructured task on the global executor, to completion, and sets the
    /// contents on the main actor if no newer request was made meanwhile.
    private func spawnRender(of part: CellRender.Part) {
        guard let post else { return }
        let layer = part == .content ? content : photos
        let token = (part == .content ? contentRequests : photoRequests).advanceAndCapture()
        let render = CellRender(post: post, part: part, loaded: loaded, engine: context.engine)
        let record = context.ledger.request()
        let size = part == .content ? contentSize : photoSize
        let scale = context.scale
        let memory = context.memory
        let ledger = context.ledger
        Task.detached(priority: .userInitiated) {
            let bitmap = record.measureDraw { () -> Bitmap in
                var canvas = Canvas(
                    width: Int((size.width * scale).rounded(.up)), height: Int((size.height * scale).rounded(.up)),
                    scale: scale, background: .white)
                render.draw(into: &canvas, size: size, isCancelled: { false })
                return canvas.makeBitmap()
            }
            memory.recordLiveBitmapBytes()
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
