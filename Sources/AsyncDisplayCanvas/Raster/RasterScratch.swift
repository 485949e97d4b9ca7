/// Buffers reused by a canvas's fills: the rasterizer, two row buffers for compositing, and
/// the rows, columns, weights and entries of an image's row cache. Canvases borrow them from
/// `RasterScratchPool`, one canvas at a time.
///
/// Concurrency: a canvas uses its scratch only while it holds the only reference to its lease
/// (checked before every fill; a copied canvas borrows its own), and a scratch passes between
/// canvases only through the pool's lock, so no two threads ever touch one at once.
final class RasterScratch: @unchecked Sendable {
    // Safe: see above — used only through a uniquely referenced canvas.
    let rasterizer = CoverageRasterizer()
    private(set) var sources: UnsafeMutablePointer<UInt32>
    private(set) var coverage: UnsafeMutablePointer<UInt8>
    /// Two rows, a row each of columns and weights, and the entries, for `imageRows(left:)`.
    private var filtered: UnsafeMutablePointer<UInt32>
    private var filterColumns: UnsafeMutablePointer<Int32>
    private var filterWeights: UnsafeMutablePointer<UInt32>
    private let filteredEntries: UnsafeMutablePointer<ImageRowCache.Entry>
    private var capacity = 0
    /// What the last `Canvas.touchPixels(in:)` read, kept so that its reads aren't optimized away.
    var touched: UInt32 = 0

    init() {
        sources = .allocate(capacity: 1)
        coverage = .allocate(capacity: 1)
        filtered = .allocate(capacity: 2)
        filterColumns = .allocate(capacity: 1)
        filterWeights = .allocate(capacity: 1)
        filteredEntries = .allocate(capacity: ImageRowCache.entryCapacity)
    }

    deinit {
        sources.deallocate()
        coverage.deallocate()
        filtered.deallocate()
        filterColumns.deallocate()
        filterWeights.deallocate()
        filteredEntries.deallocate()
    }

    /// Bytes held by the buffers.
    var retainedBytes: Int {
        rasterizer.retainedBytes + capacity * (4 + 1 + 2 * 4 + 4 + 4)
            + ImageRowCache.entryCapacity * MemoryLayout<ImageRowCache.Entry>.stride
    }

    /// Makes every row buffer hold at least `count` pixels.
    func reserveRows(_ count: Int) {
        guard count > capacity else { return }
        sources.deallocate()
        coverage.deallocate()
        filtered.deallocate()
        filterColumns.deallocate()
        filterWeights.deallocate()
        capacity = count
        sources = .allocate(capacity: count)
        coverage = .allocate(capacity: count)
        filtered = .allocate(capacity: 2 * count)
        filterColumns = .allocate(capacity: count)
        filterWeights = .allocate(capacity: count)
    }

    /// An empty image row cache over this scratch's rows, for spans within the reserved width
    /// from device column `left`; valid until the next `reserveRows(_:)`.
    func imageRows(left: Int) -> ImageRowCache {
        ImageRowCache(
            buffer: filtered, columns: filterColumns, weights: filterWeights, capacity: capacity, left: left,
            entries: filteredEntries)
    }
}
