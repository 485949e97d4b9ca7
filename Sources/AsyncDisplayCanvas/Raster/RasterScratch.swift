/// Buffers reused by one canvas's fills: the rasterizer and two row buffers for compositing.
///
/// Concurrency: a canvas uses its scratch only while it holds the only reference (checked
/// before every fill; a copied canvas makes its own), so no two threads ever touch one.
final class RasterScratch: @unchecked Sendable {
    // Safe: see above — used only through a uniquely referenced canvas.
    let rasterizer = CoverageRasterizer()
    private(set) var sources: UnsafeMutablePointer<UInt32>
    private(set) var coverage: UnsafeMutablePointer<UInt8>
    private var capacity = 0
    /// What the last `Canvas.touchPixels(in:)` read, kept so that its reads aren't optimized away.
    var touched: UInt32 = 0

    init() {
        sources = .allocate(capacity: 1)
        coverage = .allocate(capacity: 1)
    }

    deinit {
        sources.deallocate()
        coverage.deallocate()
    }

    /// Makes both row buffers hold at least `count` pixels.
    func reserveRows(_ count: Int) {
        guard count > capacity else { return }
        sources.deallocate()
        coverage.deallocate()
        capacity = count
        sources = .allocate(capacity: count)
        coverage = .allocate(capacity: count)
    }
}
