import Testing

@testable import AsyncDisplayCanvas

/// A synthetic glyph image of `bytes` levels, tagged by its first level.
private func image(tag: UInt8, bytes: Int) -> GlyphImage {
    GlyphImage(
        mask: CoverageMask(width: bytes, height: 1, levels: [tag] + Array(repeating: 0, count: bytes - 1))!, left: 0,
        top: 0)
}

@Suite("Glyph cache: the table")
struct GlyphCacheTableTests {
    @Test("Lookups agree with a dictionary through growth, evictions and rebuilds")
    func matchesDictionary() {
        var table = GlyphCacheTable(byteLimit: 40_000)
        var model: [UInt32: UInt8] = [:]
        var random = TestRandom(seed: 11)
        for _ in 0..<20_000 {
            let key = GlyphCacheTable.Key(font: 1 + UInt64(random.int(3)), size: 14, glyph: UInt32(random.int(900)))
            let modelKey = UInt32(key.font) << 24 | key.glyph
            if let found = table.image(for: key) {
                // Present in the table: it must be what was stored (evicted ones may be absent).
                #expect(found.mask.levels[0] == model[modelKey])
            } else {
                let tag = UInt8(random.int(256))
                table.insert(image(tag: tag, bytes: 1 + random.int(200)), for: key)
                model[modelKey] = tag
            }
            #expect(table.byteCount <= 40_000)
        }
        #expect(table.evictions > 0)
        #expect(table.hits > 0 && table.misses > 0)
    }

    @Test("A glyph in use survives evictions that take the rest")
    func clockKeepsUsedEntries() {
        var table = GlyphCacheTable(byteLimit: 10_000)
        let hot = GlyphCacheTable.Key(font: 1, size: 14, glyph: 0)
        table.insert(image(tag: 42, bytes: 100), for: hot)
        for glyph in 1..<2_000 {
            #expect(table.image(for: hot)?.mask.levels[0] == 42)
            table.insert(image(tag: 1, bytes: 100), for: GlyphCacheTable.Key(font: 1, size: 14, glyph: UInt32(glyph)))
        }
        #expect(table.evictions > 1_000)
        #expect(table.image(for: hot) != nil)
    }

    @Test("Removing everything empties the table")
    func removeAll() {
        var table = GlyphCacheTable(byteLimit: 10_000)
        for glyph in 0..<50 {
            table.insert(image(tag: 1, bytes: 10), for: .init(font: 1, size: 1, glyph: UInt32(glyph)))
        }
        #expect(table.count == 50)
        table.removeAll()
        #expect(table.count == 0 && table.byteCount == 0)
        #expect(table.image(for: .init(font: 1, size: 1, glyph: 3)) == nil)
    }
}

@Suite("Glyph cache", .enabled(if: TestFonts.hasDejaVuSans, "DejaVu Sans is not installed"))
struct GlyphCacheTests {
    let face = TestFonts.font.face

    @Test("The first lookup of a glyph misses and rasterizes; the same glyph and position then hit")
    func hitsAndMisses() {
        let cache = GlyphCache()
        var rasterizer: GlyphRasterizer?
        let first = cache.image(of: 36, in: face, pixelSize: 14, subpixel: 0, rasterizer: &rasterizer)
        #expect(cache.statistics.misses == 1 && cache.statistics.hits == 0)
        let second = cache.image(of: 36, in: face, pixelSize: 14, subpixel: 0, rasterizer: &rasterizer)
        #expect(cache.statistics.hits == 1)
        #expect(first.mask == second.mask)
        _ = cache.image(of: 36, in: face, pixelSize: 14, subpixel: 2, rasterizer: &rasterizer)
        _ = cache.image(of: 36, in: face, pixelSize: 15, subpixel: 0, rasterizer: &rasterizer)
        _ = cache.image(of: 37, in: face, pixelSize: 14, subpixel: 0, rasterizer: &rasterizer)
        #expect(cache.statistics.misses == 4)
        #expect(cache.count == 4)
    }

    @Test("Two loads of one font are cached apart")
    func fontIdentity() throws {
        let cache = GlyphCache()
        let again = try Font(contentsOfFile: TestFonts.dejaVuSansPath)
        var rasterizer: GlyphRasterizer?
        _ = cache.image(of: 36, in: face, pixelSize: 14, subpixel: 0, rasterizer: &rasterizer)
        _ = cache.image(of: 36, in: again.face, pixelSize: 14, subpixel: 0, rasterizer: &rasterizer)
        #expect(cache.statistics.misses == 2)
    }

    @Test("Drawing through a small cache stays within its budget and still draws the same pixels")
    func boundedMemory() {
        let small = GlyphCache(byteLimit: 4096)
        let large = GlyphCache()
        let string = "Pack my box with five dozen liquor jugs! 0123456789"
        var bounded = Canvas(width: 400, height: 40, background: .white)
        var unbounded = Canvas(width: 400, height: 40, background: .white)
        for size in [9.0, 12, 17] {
            bounded.drawText(
                string, at: Point(x: 1, y: 30), font: TestFonts.font, size: size, color: .black, cache: small)
            unbounded.drawText(
                string, at: Point(x: 1, y: 30), font: TestFonts.font, size: size, color: .black, cache: large)
            #expect(small.byteCount <= 4096)
        }
        #expect(small.statistics.evictions > 0)
        #expect(bounded.snapshot == unbounded.snapshot)
        small.removeAll()
        #expect(small.count == 0 && small.byteCount == 0)
    }

    @Test("A glyph image's mask and offsets cover the glyph's bounds at its pixel size")
    func imageGeometry() throws {
        var rasterizer = GlyphRasterizer()
        let image = rasterizer.image(of: 36, in: face, pixelSize: 20.48, subpixel: 0)
        // "A" spans 16...1384 by 0...1493 font units: 0.16...13.84 by −14.93...0 pixels.
        #expect(image.left == 0 && image.top == -15)
        #expect(image.mask.height == 15 && image.mask.width >= 14 && image.mask.width % 4 == 0)
        #expect(rasterizer.image(of: 3, in: face, pixelSize: 14, subpixel: 0).mask == .empty)
    }

    @Test("The shared cache serves many tasks drawing at once, each getting the serial result")
    func concurrentDrawing() async {
        let font = TestFonts.font
        let strings = (0..<8).map { "Task \($0): the quick brown fox ÆØÅ jumps \($0 * 7919)" }
        func render(_ string: String, cache: GlyphCache) -> Bitmap {
            var canvas = Canvas(width: 300, height: 24, background: .white)
            canvas.drawText(string, at: Point(x: 1.3, y: 17), font: font, size: 13, color: .black, cache: cache)
            return canvas.makeBitmap()
        }
        let expected = strings.map { render($0, cache: GlyphCache()) }
        let tiny = GlyphCache(byteLimit: 2048)
        for cache in [GlyphCache.shared, tiny] {
            let results = await withTaskGroup(of: (Int, Bitmap).self) { group in
                for _ in 0..<4 {
                    for (index, string) in strings.enumerated() {
                        group.addTask { (index, render(string, cache: cache)) }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.count == 32)
            for (index, bitmap) in results { #expect(bitmap == expected[index]) }
        }
    }
}
