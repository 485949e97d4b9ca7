import AsyncDisplay

/// Where every post's cell sits in the scrolling feed: the part heights of each cell laid out at
/// the feed's width, stacked top to bottom. Computed once, off the main actor, as a table view's
/// row heights are precomputed (YYKit's feed lays out every post in the background first).
public struct FeedGeometry: Sendable {
    /// The feed's width in points.
    public let width: Double
    /// Each cell's top, from the top of the feed.
    public let tops: [Double]
    /// Each cell's content part height.
    public let contentHeights: [Double]
    /// Each cell's photo grid height with the padding under it (zero without photos).
    public let photoHeights: [Double]
    /// Each cell's photo frames, from the top of its photo grid.
    public let photoFrames: [[Rect]]

    /// Lays out every post at `width`.
    ///
    /// Complexity: O(posts × text length).
    public init<Engine: TextEngine>(posts: [Post], width: Double, engine: Engine) {
        self.width = width
        var tops: [Double] = []
        var contentHeights: [Double] = []
        var photoHeights: [Double] = []
        var photoFrames: [[Rect]] = []
        tops.reserveCapacity(posts.count)
        var top = 0.0
        for post in posts {
            let layout = CellLayout(post: post, width: width, engine: engine)
            tops.append(top)
            contentHeights.append(layout.contentHeight)
            photoHeights.append(layout.photoHeight)
            photoFrames.append(layout.photos)
            top += layout.height
        }
        self.tops = tops
        self.contentHeights = contentHeights
        self.photoHeights = photoHeights
        self.photoFrames = photoFrames
    }

    public var count: Int { tops.count }

    /// The height of every cell together.
    public var totalHeight: Double {
        guard let last = tops.indices.last else { return 0 }
        return tops[last] + height(of: last)
    }

    /// The whole height of cell `index`.
    public func height(of index: Int) -> Double { contentHeights[index] + photoHeights[index] }

    /// The smallest cell height (zero for an empty feed).
    public var minimumHeight: Double {
        tops.indices.lazy.map(height(of:)).min() ?? 0
    }

    /// The cells that reach into `minY..<maxY`, as a range of indices.
    ///
    /// Complexity: O(log cells).
    public func cells(from minY: Double, to maxY: Double) -> Range<Int> {
        // The first cell whose bottom is below minY, then the first whose top is at or past maxY.
        let first = partition { tops[$0] + height(of: $0) > minY }
        let end = partition { tops[$0] >= maxY }
        return first..<max(first, end)
    }

    /// The bytes of the bitmaps of cell `index` at `scale` (the content part's and each
    /// photo's, RGBA8); zero for a scale that is not a finite positive number.
    public func bitmapBytes(of index: Int, scale: Double) -> Int {
        guard scale.isFinite, scale > 0, scale <= 64 else { return 0 }
        func bytes(_ size: Size) -> Int {
            Int((size.width * scale).rounded(.up)) * Int((size.height * scale).rounded(.up)) * 4
        }
        return photoFrames[index].reduce(bytes(Size(width: width, height: contentHeights[index]))) {
            $0 + bytes($1.size)
        }
    }

    /// The first index for which `isPast` holds, for a predicate false then true along the feed.
    private func partition(_ isPast: (Int) -> Bool) -> Int {
        var low = 0
        var high = tops.count
        while low < high {
            let middle = (low + high) / 2
            if isPast(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
