/// Flattens a layer tree into a framebuffer after each frame commit: a render server, off the
/// main actor.
///
/// Attach it to a root layer and the coalescer of its frames; at every frame commit the main actor
/// hands it an immutable `LayerTreeSnapshot` and returns at once, and the compositor draws the
/// frame on its own executor, redrawing only the damaged regions when little changed.
///
/// ```swift
/// let compositor = Compositor(size: Size(width: 390, height: 844), scale: 3)
/// compositor.attach(root: window, to: .main)
/// let frame = await compositor.frame(after: commit.sequence)
/// ```
///
/// Concurrency: an actor on its own serial executor; snapshots are immutable values.
public actor Compositor {
    public nonisolated let executor: any SerialExecutor
    /// The screen size in points.
    public nonisolated let size: Size
    /// Pixels per point.
    public nonisolated let scale: Double
    /// What shows where no layer draws.
    public nonisolated let background: Color
    /// How long a frame waits for displays in flight at its commit, so that contents ready within
    /// it show in that same frame: one frame at the refresh rate by default.
    public nonisolated let boundedWait: Duration

    private var canvas: Canvas
    private var previous: LayerTreeSnapshot?
    private var composedSequence = 0
    private var waiters: [(sequence: Int, continuation: CheckedContinuation<Bitmap, Never>)] = []
    /// What the compositor has done so far.
    public private(set) var statistics = CompositorStatistics()

    /// Damage over this share of the screen is recomposed whole.
    static let fullRecompositionThreshold = 0.5
    /// The largest framebuffer a compositor allocates: 256 megapixels.
    public static let maximumPixels = 256_000_000
    /// More damaged rectangles than this are merged into their bounding box.
    static let maximumDamageRects = 16

    /// The thread compositors run on unless given an executor: one user-interactive thread for the
    /// process, as a render server has one.
    public static let sharedExecutor = ThreadExecutor(
        name: "asyncdisplay.compositor", qualityOfService: .userInteractive)

    /// Makes a compositor for a screen of `size` points at `scale`, refreshing `refreshRate` times
    /// a second, on `executor` (by default `sharedExecutor`). A size or scale
    /// that is not finite and positive, or a screen over `maximumPixels`, gets an empty
    /// framebuffer: frames compose to nothing rather than fail.
    public init(
        size: Size, scale: Double, background: Color = .white, refreshRate: Double = 60,
        executor: any SerialExecutor = Compositor.sharedExecutor
    ) {
        self.executor = executor
        let rate = refreshRate.isFinite && refreshRate > 0 ? max(refreshRate, 0.001) : 60
        boundedWait = .nanoseconds(Int64(1e9 / rate))
        self.size = size
        self.scale = scale
        self.background = background
        // A screen that is invalid or over `maximumPixels` gets an empty framebuffer.
        let pixelWidth = size.width * scale
        let pixelHeight = size.height * scale
        let isDrawable =
            size.isValid && scale.isFinite && scale > 0 && pixelWidth * pixelHeight <= Double(Self.maximumPixels)
        let width = isDrawable ? Int(pixelWidth.rounded(.up)) : 0
        let height = isDrawable ? Int(pixelHeight.rounded(.up)) : 0
        canvas = Canvas(width: width, height: height, scale: scale, background: background.premultiplied)
    }

    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Composes `root`'s tree after every frame commit of `transactions`.
    ///
    /// Bounded wait, no flash: a reloading layer keeps its old contents up, at their own size,
    /// until the new bitmap is ready; when displays are in flight at a commit, the frame waits up
    /// to `boundedWait` for them (on the main actor's queue, without blocking it), so contents
    /// ready within it show in that same frame.
    ///
    /// Neither the root nor the compositor is kept alive by the coalescer: once either is
    /// released, commits pass it by.
    public nonisolated func attach(root: AsyncLayer, to transactions: TransactionCoalescer) {
        let boundedWait = boundedWait
        transactions.addFrameObserver { [weak self, weak root] commit in
            guard let self, let root else { return }
            guard root.isDrawingInSubtree else {
                self.submit(LayerTreeSnapshot(root: root), sequence: commit.sequence)
                return
            }
            let deadline = ContinuousClock.now + boundedWait
            Task { @MainActor [weak self, weak root] in
                while let root, root.isDrawingInSubtree, ContinuousClock.now < deadline {
                    await transactions.nextDisplayFinish(orUntil: deadline)
                }
                guard let self, let root else { return }
                self.submit(LayerTreeSnapshot(root: root), sequence: commit.sequence)
            }
        }
    }

    /// Hands a snapshot over to be composed; returns at once.
    public nonisolated func submit(_ snapshot: LayerTreeSnapshot, sequence: Int) {
        Task { await self.compose(snapshot, sequence: sequence) }
    }

    /// The frame composed for `sequence` or a later one, once there is one.
    public func frame(after sequence: Int) async -> Bitmap {
        if composedSequence >= sequence { return canvas.snapshot }
        return await withCheckedContinuation { waiters.append((sequence, $0)) }
    }

    /// The framebuffer as last composed.
    public var currentFrame: Bitmap { canvas.snapshot }

    /// The sequence of the last frame composed.
    public var lastComposedSequence: Int { composedSequence }

    /// How one frame was composed.
    public enum Composition: Sendable, Equatable {
        /// Nothing changed since the last frame.
        case unchanged
        /// Only these screen areas (points) were redrawn.
        case damaged([Rect])
        case full
    }

    /// Composes one frame: only what changed since the previous snapshot, unless that is most of
    /// the screen (or `fullRecomposition` is asked for). Snapshots older than the last composed
    /// one are ignored.
    @discardableResult
    public func compose(_ snapshot: LayerTreeSnapshot, sequence: Int, fullRecomposition: Bool = false) -> Composition {
        guard sequence > composedSequence || fullRecomposition else { return .unchanged }
        let screen = Rect(origin: .zero, size: size)
        var composition = Composition.full
        if !fullRecomposition, let previous {
            composition = Self.damage(from: previous, to: snapshot, screen: screen)
        }
        switch composition {
        case .unchanged:
            break
        case .damaged(let rects):
            // Whole pixels: the clear and the draws must agree on which pixels a rect touches.
            for rect in rects { redraw(snapshot, in: rect.scaled(by: scale).snappedOutwards.scaled(by: 1 / scale)) }
            statistics.damagedRecompositions += 1
        case .full:
            redraw(snapshot, in: screen)
            statistics.fullRecompositions += 1
        }
        previous = snapshot
        composedSequence = max(composedSequence, sequence)
        statistics.frames += 1
        let ready = waiters.filter { $0.sequence <= composedSequence }
        waiters.removeAll { $0.sequence <= composedSequence }
        if !ready.isEmpty {
            let frame = canvas.snapshot
            for waiter in ready { waiter.continuation.resume(returning: frame) }
        }
        return composition
    }

    /// Clears `rect` to the background and draws every node that reaches into it, in order,
    /// starting from the topmost node that hides everything beneath it there.
    private func redraw(_ snapshot: LayerTreeSnapshot, in rect: Rect) {
        let nodes = snapshot.nodes
        let firstVisible = nodes.lastIndex { $0.hidesEverythingBeneath(rect, scale: scale) } ?? -1
        if firstVisible < 0 { canvas.replace(rect, with: background) }
        for node in nodes[max(firstVisible, 0)...] {
            guard let contents = node.contents, node.opacity > 0 else { continue }
            let covered = node.coveredRect
            guard !covered.intersection(rect).isEmpty else { continue }
            let clip = node.clip.map { $0.intersection(rect) } ?? rect
            canvas.draw(contents, at: node.origin, opacity: node.opacity, clip: clip)
        }
        statistics.pointsRecomposed += rect.intersection(Rect(origin: .zero, size: size)).area
    }

    /// The areas that differ between two snapshots.
    static func damage(from old: LayerTreeSnapshot, to new: LayerTreeSnapshot, screen: Rect) -> Composition {
        let oldOrder = old.nodes.map(\.id)
        let newOrder = new.nodes.map(\.id)
        let oldByID = Dictionary(old.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newByID = Set(newOrder)
        // Layers present in both must keep their relative order; otherwise redraw everything.
        guard oldOrder.filter(newByID.contains) == newOrder.filter({ oldByID[$0] != nil }) else { return .full }
        var rects: [Rect] = []
        for node in new.nodes {
            if let before = oldByID[node.id] {
                if !node.drawsLike(before) {
                    rects.append(node.coveredRect)
                    if before.coveredRect != node.coveredRect { rects.append(before.coveredRect) }
                }
            } else {
                rects.append(node.coveredRect)
            }
        }
        for node in old.nodes where !newByID.contains(node.id) { rects.append(node.coveredRect) }
        rects = rects.map { $0.intersection(screen) }.filter { !$0.isEmpty }
        guard !rects.isEmpty else { return .unchanged }
        if rects.count > maximumDamageRects { rects = [rects.dropFirst().reduce(rects[0]) { $0.union($1) }] }
        let area = rects.reduce(0) { $0 + $1.area }
        return area > screen.area * fullRecompositionThreshold ? .full : .damaged(rects)
    }
}

/// Counts of a compositor's work.
public struct CompositorStatistics: Sendable, Hashable {
    public var frames = 0
    public var fullRecompositions = 0
    public var damagedRecompositions = 0
    /// Square points redrawn in all.
    public var pointsRecomposed = 0.0
}

extension Rect {
    /// Width times height (0 when empty).
    var area: Double { isEmpty ? 0 : width * height }

    /// The smallest rectangle containing both.
    func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let minX = min(self.minX, other.minX)
        let minY = min(self.minY, other.minY)
        return Rect(x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
    }
}
