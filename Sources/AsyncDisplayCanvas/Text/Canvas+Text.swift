extension Canvas {
    /// Draws `layout` with its top-left corner at `origin` (in points), each glyph in its run's
    /// colour, blending source-over, through `cache`.
    ///
    /// Glyphs are placed at a quarter of a pixel horizontally and on whole pixel rows.
    ///
    /// Complexity: O(glyphs × their pixels), plus rasterizing glyphs the cache lacks.
    public mutating func draw(_ layout: TextLayout, at origin: Point, cache: GlyphCache = .shared) {
        guard origin.x.isFinite, origin.y.isFinite else { return }
        var rasterizer: GlyphRasterizer?
        var runIndex = -1
        var run = GlyphRun?.none
        for line in layout.lines {
            for glyph in line.glyphs {
                if glyph.runIndex != runIndex {
                    runIndex = glyph.runIndex
                    run = GlyphRun(layout.runs[runIndex], scale: scale)
                }
                guard let run else { continue }
                drawGlyph(
                    glyph.glyph.rawValue, of: run,
                    at: Point(x: origin.x + glyph.position.x, y: origin.y + glyph.position.y), cache: cache,
                    rasterizer: &rasterizer)
            }
        }
    }

    /// Draws `string` on one line from `baselineOrigin` (the pen's start on the baseline, in
    /// points) at `size` points per em, blending source-over, through `cache`.
    ///
    /// Nothing wraps: control characters, newlines included, are skipped (lay out paragraphs
    /// with `TextLayout`). Characters the font lacks draw its missing glyph.
    ///
    /// Complexity: O(characters × their pixels), plus rasterizing glyphs the cache lacks.
    public mutating func drawText(
        _ string: String, at baselineOrigin: Point, font: Font, size: Double, color: Color,
        usesKerning: Bool = true, cache: GlyphCache = .shared
    ) {
        guard baselineOrigin.x.isFinite, baselineOrigin.y.isFinite,
            let run = GlyphRun(TextRun("", font: font, size: size, color: color), scale: scale)
        else { return }
        let face = font.face
        let pointsPerUnit = size / Double(face.metrics.unitsPerEm)
        var rasterizer: GlyphRasterizer?
        var pen = baselineOrigin
        var previous: UInt16?
        for scalar in string.unicodeScalars where !scalar.isInvisibleControl {
            let glyph = face.glyph(for: scalar)
            if usesKerning, let previous {
                pen.x += Double(face.kerning.adjustment(between: previous, and: glyph)) * pointsPerUnit
            }
            drawGlyph(glyph, of: run, at: pen, cache: cache, rasterizer: &rasterizer)
            pen.x += Double(face.advance(of: glyph)) * pointsPerUnit
            previous = glyph
        }
    }

    /// Where a point lands on the canvas, in device pixels: the one place text positions leave
    /// points, so a transform can apply here.
    @inline(__always)
    func devicePosition(of point: Point) -> Point {
        Point(x: point.x * scale, y: point.y * scale)
    }

    /// Draws one glyph with its pen at `position` (points, on the baseline).
    private mutating func drawGlyph(
        _ glyph: UInt16, of run: GlyphRun, at position: Point, cache: GlyphCache, rasterizer: inout GlyphRasterizer?
    ) {
        let device = devicePosition(of: position)
        // Positions this far out cannot touch the canvas, and would overflow an Int.
        let reach = Double(1 << 30)
        guard device.x > -reach, device.x < reach, device.y > -reach, device.y < reach else { return }
        guard run.pixelSize <= GlyphCache.maximumPixelSize else {
            drawLargeGlyph(glyph, of: run, at: position)
            return
        }
        let floorX = device.x.rounded(.down)
        var column = Int(floorX)
        var subpixel = Int((device.x - floorX) * Double(GlyphRasterizer.subpixelSteps) + 0.5)
        if subpixel == GlyphRasterizer.subpixelSteps {
            column += 1
            subpixel = 0
        }
        let row = Int(device.y.rounded())
        let image = cache.image(
            of: glyph, in: run.face, pixelSize: run.pixelSize, subpixel: subpixel, rasterizer: &rasterizer)
        blendMask(image.mask, left: column + image.left, top: row + image.top, color: run.color)
    }

    /// Fills a glyph too large to cache as a path; only its part on the canvas is rasterized.
    private mutating func drawLargeGlyph(_ glyph: UInt16, of run: GlyphRun, at position: Point) {
        guard let outline = try? run.face.glyphs.outline(of: Int(glyph)), !outline.isEmpty else { return }
        let scale = run.pixelSize / self.scale / Double(run.face.metrics.unitsPerEm)
        fill(
            outline.path(scaleX: scale, scaleY: -scale, offsetX: position.x, offsetY: position.y),
            with: Color(packedPremultiplied: run.color))
    }
}

/// A run's drawing parameters at a canvas's scale.
private struct GlyphRun {
    let face: FontFace
    let pixelSize: Double
    let color: UInt32

    /// Nil for a run that draws nothing: a size that is not positive and finite, or a clear
    /// colour.
    init?(_ run: TextRun, scale: Double) {
        pixelSize = run.size * scale
        color = run.color.premultiplied.packed
        guard pixelSize.isFinite, pixelSize > 0, color != 0 else { return nil }
        face = run.font.face
    }
}

extension Color {
    /// The colour whose premultiplied form is the packed pixel `packed`.
    fileprivate init(packedPremultiplied packed: UInt32) {
        let pixel = Pixel(packed: packed)
        let alpha = Double(pixel.alpha) / 255
        func straight(_ component: UInt8) -> Double { alpha > 0 ? Double(component) / 255 / alpha : 0 }
        self.init(red: straight(pixel.red), green: straight(pixel.green), blue: straight(pixel.blue), alpha: alpha)
    }
}
