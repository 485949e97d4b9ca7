import AsyncDisplayLocks

/// Rasterized glyphs, kept for reuse: coverage masks keyed by font, glyph, pixel size and
/// quarter-pixel horizontal position.
///
/// The cache holds at most about `byteLimit` bytes of masks. Passing it evicts by the clock
/// (second-chance) policy down to three quarters of the limit: glyphs used since the last sweep
/// stay, the rest go, oldest first. Text drawing uses `GlyphCache.shared` unless given another
/// cache.
///
/// Glyphs larger than `maximumPixelSize` pixels per em are not cached: they are filled as paths.
///
/// Concurrency: the table lives behind a lock held only for a lookup or an insertion;
/// rasterizing a missing glyph happens outside it, so two threads may rasterize the same glyph
/// at once, and the first to insert it wins.
public final class GlyphCache: Sendable {
    /// The cache every canvas draws text through by default: 8 MiB.
    public static let shared = GlyphCache(byteLimit: 8 << 20)

    /// The largest glyph size, in pixels per em, that is cached.
    public static let maximumPixelSize = 256.0

    // guarded by its own lock
    private let table: LockedState<GlyphCacheTable>

    /// A cache that keeps about `byteLimit` bytes of glyph masks (at least 1 KiB).
    public init(byteLimit: Int = 4 << 20) {
        table = LockedState(GlyphCacheTable(byteLimit: max(byteLimit, 1024)))
    }

    /// Bytes of glyph masks held now (with a small fixed overhead per glyph).
    public var byteCount: Int { table.withLock { $0.byteCount } }

    /// How many glyph images are held.
    public var count: Int { table.withLock { $0.count } }

    /// Lookups that found their glyph, lookups that did not, and glyphs evicted, since the cache
    /// was made.
    public var statistics: (hits: Int, misses: Int, evictions: Int) {
        table.withLock { ($0.hits, $0.misses, $0.evictions) }
    }

    /// Drops every glyph.
    public func removeAll() {
        table.withLock { $0.removeAll() }
    }

    /// The image of `glyph` at `pixelSize` pixels per em and `subpixel` quarters of a pixel,
    /// rasterized with `rasterizer` (made when first needed) and stored when missing.
    func image(
        of glyph: UInt16, in face: FontFace, pixelSize: Double, subpixel: Int, rasterizer: inout GlyphRasterizer?
    ) -> GlyphImage {
        let key = GlyphCacheTable.Key(
            font: face.identity, size: pixelSize.bitPattern, glyph: UInt32(glyph) << 2 | UInt32(subpixel & 3))
        if let image = table.withLock({ $0.image(for: key) }) { return image }
        if rasterizer == nil { rasterizer = GlyphRasterizer() }
        let image = rasterizer!.image(of: glyph, in: face, pixelSize: pixelSize, subpixel: subpixel)
        table.withLock { $0.insert(image, for: key) }
        return image
    }
}
