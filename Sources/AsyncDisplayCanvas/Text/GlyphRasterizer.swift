/// A rasterized glyph: its coverage mask and where the mask sits relative to the pen.
struct GlyphImage: Sendable {
    let mask: CoverageMask
    /// Pixels from the pen (at a whole pixel, on the baseline's row) to the mask's left column
    /// and top row; y down.
    let left: Int
    let top: Int

    static let empty = GlyphImage(mask: .empty, left: 0, top: 0)

    /// Bytes the image holds, for the cache's budget: its levels and a fixed overhead.
    var byteCost: Int { mask.levels.count + 64 }
}

/// Turns glyph outlines into coverage masks with the canvas's coverage rasterizer, reusing its
/// buffers from one glyph to the next.
struct GlyphRasterizer {
    /// Positions within a pixel a glyph can be drawn at: quarters of a pixel.
    static let subpixelSteps = 4
    /// The most pixels a glyph mask may have; a larger glyph is drawn as empty.
    static let maximumArea = 1 << 20

    private var rasterizer = CoverageRasterizer(width: 0, height: 0)
    private var lines: [(Point, Point)] = []

    /// The image of `glyph` at `pixelSize` pixels per em with the pen `subpixel` quarters of a
    /// pixel right of a whole pixel; empty for a glyph without an outline or a malformed one.
    mutating func image(of glyph: UInt16, in face: FontFace, pixelSize: Double, subpixel: Int) -> GlyphImage {
        guard let outline = try? face.glyphs.outline(of: Int(glyph)), !outline.isEmpty else { return .empty }
        let scale = pixelSize / Double(face.metrics.unitsPerEm)
        let path = outline.path(
            scaleX: scale, scaleY: -scale, offsetX: Double(subpixel) / Double(Self.subpixelSteps), offsetY: 0)
        lines.removeAll(keepingCapacity: true)
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        path.forEachLine(scale: 1) { start, end in
            lines.append((start, end))
            minX = min(minX, start.x, end.x)
            minY = min(minY, start.y, end.y)
            maxX = max(maxX, start.x, end.x)
            maxY = max(maxY, start.y, end.y)
        }
        // Glyph coordinates are int16 font units times a bounded scale, so these are small.
        guard minX <= maxX, minY <= maxY, maxX - minX < 16384, maxY - minY < 16384 else { return .empty }
        let left = Int(minX.rounded(.down))
        let top = Int(minY.rounded(.down))
        let width = Int(maxX.rounded(.up)) - left
        let height = Int(maxY.rounded(.up)) - top
        // A fuzzed font could ask for an enormous mask; real glyphs at cached sizes are far smaller.
        guard width > 0, height > 0, width * height <= Self.maximumArea else { return .empty }
        rasterizer.reset(width: width, height: height)
        for (start, end) in lines {
            rasterizer.addLine(
                from: Point(x: start.x - Double(left), y: start.y - Double(top)),
                to: Point(x: end.x - Double(left), y: end.y - Double(top)))
        }
        // Rows padded with blank columns to a multiple of four: the blend works four pixels at a time.
        let stride = (width + 3) & ~3
        var levels = [UInt8](repeating: 0, count: stride * height)
        rasterizer.drain(rule: .nonZero) { row, rowLevels in
            guard row >= 0, row < height else { return }
            for column in 0..<min(width, rowLevels.count) { levels[row * stride + column] = rowLevels[column] }
        }
        return GlyphImage(
            mask: CoverageMask(width: stride, height: height, levels: levels) ?? .empty, left: left, top: top)
    }
}
