import AsyncDisplay

/// The text cases under `canvas.c.`: scene (c) of shared/bench/CANVAS_SCENES.md, 2,000 lines of
/// 40 random printable ASCII characters in DejaVu Sans at 14 px, opaque black, advances only,
/// on a 1024 × 1024 canvas cleared to opaque white, one thread.
///
/// `canvas.c.text` draws with the glyph cache warm (its warm-up run fills it);
/// `canvas.c.text.cold` empties the cache before each run, so every glyph is rasterized once.
func textBenchmarks() -> [Benchmark] {
    // Made once (the font is parsed here, outside the timing); each case keeps its own cache.
    let scene = Result { () throws(FontError) in try TextScene() }
    let warmCache = GlyphCache(byteLimit: 8 << 20)
    let coldCache = GlyphCache(byteLimit: 8 << 20)
    return [
        Benchmark(name: "canvas.c.text", unit: .milliseconds, samples: 5) {
            try scene.get().timeDrawing(cache: warmCache)
        },
        Benchmark(name: "canvas.c.text.cold", unit: .milliseconds, samples: 5) {
            coldCache.removeAll()
            return try scene.get().timeDrawing(cache: coldCache)
        },
    ]
}

/// Scene (c) drawn into a fresh 1024 × 1024 bitmap, for writing out as an image.
func renderTextScene() throws -> Bitmap {
    let scene = try TextScene()
    var canvas = Canvas(width: 1024, height: 1024, background: .white)
    scene.draw(on: &canvas, cache: GlyphCache())
    return canvas.makeBitmap()
}

/// The lines of scene (c) and where each starts.
struct TextScene: Sendable {
    let font: Font
    let lines: [(text: String, origin: Point)]

    init() throws(FontError) {
        font = try Font(contentsOfFile: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        var random = SceneRandom(seed: 0x5EED_0003)
        lines = (0..<2_000).map { index in
            let scalars = (0..<40).map { _ in Character(Unicode.Scalar(UInt8(0x20 + random.int(95)))) }
            let origin = Point(x: 4 + Double(index % 3) * 340, y: 14 + Double((index / 3) % 63) * 16)
            return (String(scalars), origin)
        }
    }

    func draw(on canvas: inout Canvas, cache: GlyphCache) {
        for line in lines {
            canvas.drawText(
                line.text, at: line.origin, font: font, size: 14, color: .black, usesKerning: false, cache: cache)
        }
    }

    /// Milliseconds one drawing of the scene takes on a fresh canvas cleared to opaque white.
    func timeDrawing(cache: GlyphCache) -> Double {
        var canvas = Canvas(width: 1024, height: 1024, background: .white)
        let start = monotonicNanoseconds()
        draw(on: &canvas, cache: cache)
        let elapsed = Double(monotonicNanoseconds() - start) / 1e6
        withExtendedLifetime(canvas) {}
        return elapsed
    }
}
