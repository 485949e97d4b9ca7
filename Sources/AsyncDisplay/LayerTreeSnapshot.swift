/// An immutable picture of a layer tree at one frame commit: each layer's contents, where they
/// land on screen, how opaque they are and what clips them, in drawing order (parents before their
/// sublayers, sublayers back to front).
///
/// Opacity multiplies down the tree (a layer at 0.5 in a parent at 0.5 draws at 0.25).
public struct LayerTreeSnapshot: Sendable {
    /// One layer, resolved to screen coordinates (points).
    public struct Node: Sendable {
        /// The layer's identity, for telling frames apart.
        public let id: ObjectIdentifier
        public let contents: Bitmap?
        /// Where the contents' top-left corner lands.
        public let origin: Point
        /// What the contents may cover: the frames of masking ancestors (and its own, when it
        /// masks), intersected; nil when nothing clips.
        public let clip: Rect?
        public let opacity: Double

        public init(id: ObjectIdentifier, contents: Bitmap?, origin: Point, clip: Rect?, opacity: Double) {
            self.id = id
            self.contents = contents
            self.origin = origin
            self.clip = clip
            self.opacity = opacity
        }

        /// The screen area the contents cover: their own size at `origin`, clipped.
        public var coveredRect: Rect {
            guard let contents, opacity > 0 else { return .zero }
            let drawn = Rect(origin: origin, size: contents.size)
            return clip.map { drawn.intersection($0) } ?? drawn
        }

        /// Whether the node paints every pixel of `rect` opaquely on a screen at `scale`, so
        /// nothing beneath shows there. Decided in whole pixels, as the compositor draws.
        func hidesEverythingBeneath(_ rect: Rect, scale: Double) -> Bool {
            guard let contents, contents.isOpaque, opacity >= 1, contents.scale == scale else { return false }
            let left = (origin.x * scale).rounded()
            let top = (origin.y * scale).rounded()
            var painted = Rect(x: left, y: top, width: Double(contents.width), height: Double(contents.height))
            if let clip { painted = painted.intersection(clip.scaled(by: scale).snappedOutwards) }
            let target = rect.scaled(by: scale).snappedOutwards
            return painted.minX <= target.minX && painted.minY <= target.minY
                && painted.maxX >= target.maxX && painted.maxY >= target.maxY
        }

        /// Whether `other` draws the same pixels in the same place.
        func drawsLike(_ other: Node) -> Bool {
            origin == other.origin && clip == other.clip && opacity == other.opacity
                && contents?.pixelIdentity == other.contents?.pixelIdentity
        }
    }

    public let nodes: [Node]

    public init(nodes: [Node]) { self.nodes = nodes }

    /// Takes the snapshot of `root` and everything under it, as the screen should show it now.
    ///
    /// Layers show their committed contents, except inside a display group that is still waiting
    /// for some of its layers to finish drawing (and whose deadline has not passed): there the
    /// contents presented last stay up. Taking the snapshot moves each layer's presented
    /// contents forward, so take one per frame.
    ///
    /// Complexity: O(layers).
    @MainActor
    public init(root: AsyncLayer, now: ContinuousClock.Instant = .now) {
        var nodes: [Node] = []
        Self.collect(root, offset: .zero, clip: nil, opacity: 1, holding: false, now: now, into: &nodes)
        self.nodes = nodes
    }

    @MainActor
    private static func collect(
        _ layer: AsyncLayer, offset: Point, clip: Rect?, opacity: Double, holding: Bool,
        now: ContinuousClock.Instant, into nodes: inout [Node]
    ) {
        var holding = holding
        if layer.isDisplayGroup && !holding { holding = layer.isHoldingDisplayGroup(now: now) }
        if !holding { layer.tree.presentedContents = layer.contents }
        let frame = layer.frame
        let origin = Point(x: offset.x + frame.minX, y: offset.y + frame.minY)
        let opacity = opacity * layer.opacity
        var clip = clip
        if layer.masksToBounds {
            let own = Rect(origin: origin, size: frame.size)
            clip = if let clip { clip.intersection(own) } else { own }
        }
        nodes.append(
            Node(
                id: ObjectIdentifier(layer), contents: layer.tree.presentedContents, origin: origin, clip: clip,
                opacity: opacity))
        for sublayer in layer.sublayers {
            collect(sublayer, offset: origin, clip: clip, opacity: opacity, holding: holding, now: now, into: &nodes)
        }
    }
}

extension Rect {
    /// The smallest rectangle with whole-number edges that contains this one.
    var snappedOutwards: Rect {
        let minX = self.minX.rounded(.down)
        let minY = self.minY.rounded(.down)
        return Rect(x: minX, y: minY, width: maxX.rounded(.up) - minX, height: maxY.rounded(.up) - minY)
    }
}

extension AsyncLayer {
    /// Whether this display group keeps its presented contents this frame: some layer in it is
    /// still drawing and the deadline, counted from when the group started waiting, has not passed.
    /// While it holds, a frame is asked for at the deadline (groups that start holding in the same
    /// snapshot share one).
    @MainActor
    func isHoldingDisplayGroup(now: ContinuousClock.Instant) -> Bool {
        guard isDrawingInSubtree else {
            tree.groupHoldingSince = nil
            return false
        }
        let since = tree.groupHoldingSince ?? now
        let deadline = since + tree.displayGroupDeadline
        guard now < deadline else {
            tree.groupHoldingSince = nil
            return false
        }
        tree.groupHoldingSince = since
        transactions.requestFrame(at: deadline)
        return true
    }

    /// Whether this layer or one of its ancestors is a display group.
    @MainActor
    var isInDisplayGroup: Bool {
        var layer: AsyncLayer? = self
        while let current = layer {
            if current.isDisplayGroup { return true }
            layer = current.superlayer
        }
        return false
    }

    /// Whether this layer or any below it has a current display in flight (one that may yet
    /// commit; superseded displays still running do not count).
    ///
    /// Main-actor tree walks use plain loops: a main-actor closure handed to a collection
    /// algorithm checks its isolation at run time on every call.
    @MainActor
    var isDrawingInSubtree: Bool {
        if isCurrentDisplayInFlight { return true }
        for sublayer in tree.sublayers where sublayer.isDrawingInSubtree { return true }
        return false
    }
}
