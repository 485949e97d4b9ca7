import AsyncDisplay

/// The feed on screen: a screen-sized root layer, a scroll layer moved by the offset, and a cell
/// for every post in the display range (the screen plus a lookahead in the scroll direction),
/// reused as posts leave the range.
///
/// It also plays the image loader: each image of a post (avatar, photos) arrives its latency after
/// a cell shows the post, unless the cell is reused first; what arrived stays cached.
///
/// Concurrency: main-actor state, like a view hierarchy.
@MainActor
final class FeedView {
    /// The screen: clips everything to its frame.
    let root: AsyncLayer
    /// The cells' parent, moved up as the feed scrolls.
    private let scroller: AsyncLayer
    private let posts: [Post]
    let geometry: FeedGeometry
    private let context: CellContext
    let screen: Size
    /// How far ahead of the screen cells display, in screen heights.
    private let lookahead: Double
    private let refreshRate: Double
    /// The cells in the display range, by post index.
    private(set) var cells: [Int: FeedCell] = [:]
    private var reusable: [FeedCell] = []
    /// What has arrived of each post's images.
    private var loadedImages: [Int: LoadedImages] = [:]
    /// The images arriving at each frame: a post and a photo index (nil for the avatar).
    private var arrivals: [Int: [(post: Int, photo: Int?)]] = [:]
    private var lastArrivalFrame = -1

    init(
        posts: [Post], geometry: FeedGeometry, context: CellContext, screen: Size, lookahead: Double,
        refreshRate: Double
    ) {
        self.posts = posts
        self.geometry = geometry
        self.context = context
        self.screen = screen
        self.lookahead = lookahead
        self.refreshRate = refreshRate
        root = AsyncLayer(transactions: context.transactions)
        scroller = AsyncLayer(transactions: context.transactions)
        root.frame = Rect(origin: .zero, size: screen)
        root.masksToBounds = true
        root.addSublayer(scroller)
    }

    /// Makes `count` cells ready for reuse, as a table view registers a few up front.
    func prepareCells(_ count: Int) {
        for _ in 0..<max(count, 0) { reusable.append(FeedCell(context: context)) }
    }

    /// All cells made so far, on screen or waiting for reuse.
    var cellCount: Int { cells.count + reusable.count }

    /// Shows the feed scrolled down by `offset` points at frame `frame`, moving `direction` (+1
    /// down the feed, −1 back up): cells leaving the display range are reused for those
    /// entering it, and images due by this frame arrive.
    func scroll(to offset: Double, direction: Double, frame: Int) {
        scroller.frame = Rect(x: 0, y: -offset, width: geometry.width, height: geometry.totalHeight)
        let ahead = screen.height * lookahead
        let wanted =
            direction >= 0
            ? geometry.cells(from: offset, to: offset + screen.height + ahead)
            : geometry.cells(from: offset - ahead, to: offset + screen.height)
        // Plain loops in per-frame main-actor code: a main-actor closure handed to a collection
        // algorithm checks its isolation at run time on every call.
        var leaving: [Int] = []
        for index in cells.keys where !wanted.contains(index) { leaving.append(index) }
        for index in leaving {
            if let cell = cells.removeValue(forKey: index) {
                cell.recycle()
                reusable.append(cell)
            }
        }
        for index in wanted where cells[index] == nil { show(index, at: frame) }
        deliverArrivals(through: frame)
    }

    /// The screen areas of cell parts on screen that show no contents in `snapshot`.
    func undrawnAreas(in snapshot: LayerTreeSnapshot, offset: Double) -> [Rect] {
        var drawn = Set<ObjectIdentifier>()
        for node in snapshot.nodes where node.contents != nil { drawn.insert(node.id) }
        var areas: [Rect] = []
        for index in geometry.cells(from: offset, to: offset + screen.height) {
            guard let cell = cells[index] else { continue }
            let top = geometry.tops[index] - offset
            let contentHeight = geometry.contentHeights[index]
            if !drawn.contains(ObjectIdentifier(cell.content)) {
                areas.append(Rect(x: 0, y: top, width: geometry.width, height: contentHeight))
            }
            for (layer, frame) in zip(cell.photos, geometry.photoFrames[index])
            where !drawn.contains(ObjectIdentifier(layer)) {
                areas.append(
                    Rect(x: frame.minX, y: frame.minY + top + contentHeight, width: frame.width, height: frame.height))
            }
        }
        return areas
    }

    /// The bytes of the bitmaps of every cell on screen at `offset`, drawn or not.
    func visibleBitmapBytes(at offset: Double) -> Int {
        var bytes = 0
        for index in geometry.cells(from: offset, to: offset + screen.height) {
            bytes += geometry.bitmapBytes(of: index, scale: context.scale)
        }
        return bytes
    }

    /// Holds back every further display; renders in flight go stale.
    func suspendDisplays() {
        for cell in cells.values { cell.suspend() }
        for cell in reusable { cell.suspend() }
    }

    /// Takes every cell off screen, releasing its contents.
    func removeAllCells() {
        for cell in cells.values {
            cell.recycle()
            reusable.append(cell)
        }
        cells.removeAll()
    }

    // MARK: Private

    private func show(_ index: Int, at frame: Int) {
        let post = posts[index]
        let cell = reusable.popLast() ?? FeedCell(context: context)
        let loaded = loadedImages[index] ?? LoadedImages(cachedOf: post)
        loadedImages[index] = loaded
        if !loaded.avatar { arrivals[frame + frames(post.avatarLatency), default: []].append((index, nil)) }
        for (photo, info) in post.photos.enumerated() where !loaded.hasPhoto(photo) {
            arrivals[frame + frames(info.latency), default: []].append((index, photo))
        }
        cell.configure(post, at: index, of: geometry, loaded: loaded, in: scroller)
        cells[index] = cell
    }

    /// Frames from now until `latency` has passed: at least the next one.
    private func frames(_ latency: Duration) -> Int {
        let (seconds, attoseconds) = latency.components
        let delay = (Double(seconds) + Double(attoseconds) / 1e18) * refreshRate
        return max(1, Int(min(delay, 1e6).rounded(.up)))
    }

    private func deliverArrivals(through frame: Int) {
        while lastArrivalFrame < frame {
            lastArrivalFrame += 1
            for (index, photo) in arrivals.removeValue(forKey: lastArrivalFrame) ?? [] {
                // A load for a cell reused meanwhile was cancelled with it.
                guard let cell = cells[index], cell.post?.id == index else { continue }
                if let photo {
                    loadedImages[index]?.insertPhoto(photo)
                    cell.photoDidLoad(photo)
                } else {
                    loadedImages[index]?.avatar = true
                    cell.avatarDidLoad()
                }
            }
        }
    }
}
