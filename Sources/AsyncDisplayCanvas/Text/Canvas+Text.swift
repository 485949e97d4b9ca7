extension Canvas {
    /// Draws `layout` with its top-left corner at `origin` (in user space), each glyph in its
    /// run's colour, through the graphics state and `cache`.
    ///
    /// `lines` picks the lines drawn, each where it sits in the whole layout (all of them by
    /// default; indices past the layout's are ignored): a long paragraph can be drawn a few lines
    /// at a time, checking for cancellation in between.
    ///
    /// Where user space is only moved and uniformly scaled, glyphs come from the cache, placed at
    /// a quarter of a pixel horizontally and on whole pixel rows; under rotation or skew each
    /// glyph is filled as a path. A shadow falls from the glyphs' outlines, as if opaque.
    ///
    /// Complexity: O(glyphs × their pixels), plus rasterizing glyphs the cache lacks.
    public mutating func draw(
        _ layout: TextLayout, at origin: Point, lines: Range<Int>? = nil, cache: GlyphCache = .shared
    ) {
        guard origin.x.isFinite, origin.y.isFinite else { return }
        let all = layout.lines.indices
        let drawn = lines.map { $0.clamped(to: all) } ?? all
        guard !drawn.isEmpty else { return }
        drawGlyphs(cache: cache) { visit in
            var runIndex = -1
            var run = TextRun?.none
            for line in layout.lines[drawn] {
                for glyph in line.glyphs {
                    if glyph.runIndex != runIndex {
                        runIndex = glyph.runIndex
                        run = layout.runs[runIndex]
                    }
                    guard let run else { continue }
                    visit(
                        glyph.glyph.rawValue, runIndex, run,
                        Point(x: origin.x + glyph.position.x, y: origin.y + glyph.position.y))
                }
            }
        }
    }

    /// Draws `string` on one line from `baselineOrigin` (the pen's start on the baseline, in
    /// user space) at `size` points per em, through the graphics state and `cache`.
    ///
    /// Nothing wraps: control characters, newlines included, are skipped (lay out paragraphs
    /// with `TextLayout`). Characters the font lacks draw its missing glyph.
    ///
    /// Complexity: O(characters × their pixels), plus rasterizing glyphs the cache lacks.
    public mutating func drawText(
        _ string: String, at baselineOrigin: Point, font: Font, size: Double, color: Color,
        usesKerning: Bool = true, cache: GlyphCache = .shared
    ) {
        guard baselineOrigin.x.isFinite, baselineOrigin.y.isFinite else { return }
        let run = TextRun("", font: font, size: size, color: color)
        let face = font.face
        let pointsPerUnit = size / Double(face.metrics.unitsPerEm)
        drawGlyphs(cache: cache) { visit in
            var pen = baselineOrigin
            var previous: UInt16?
            for scalar in string.unicodeScalars where !scalar.isInvisibleControl {
                let glyph = face.glyph(for: scalar)
                if usesKerning, let previous {
                    pen.x += Double(face.kerning.adjustment(between: previous, and: glyph)) * pointsPerUnit
                }
                visit(glyph, 0, run, pen)
                pen.x += Double(face.advance(of: glyph)) * pointsPerUnit
                previous = glyph
            }
        }
    }

    /// Draws the glyphs `walk` visits (glyph, run number, run, pen position in user space):
    /// their shadow first, then each glyph, from the cache or as a path.
    private mutating func drawGlyphs(
        cache: GlyphCache, _ walk: ((UInt16, Int, TextRun, Point) -> Void) -> Void
    ) {
        let device = deviceTransform
        if state.shadow != nil {
            var outlines = Path()
            walk { glyph, _, run, position in
                guard let outline = Self.outline(of: glyph, in: run, at: position) else { return }
                outlines.append(contentsOf: outline)
            }
            drawShadow(
                of: outlines, rule: .nonZero, transform: device, shader: .solid(Color.black.premultiplied.packed))
        }
        let shadow = state.shadow
        state.shadow = nil
        defer { state.shadow = shadow }
        // Cached masks need user space only moved and uniformly scaled (by `magnification`).
        let magnification = device.a
        let usesMasks = device.b == 0 && device.c == 0 && device.d == magnification && magnification > 0
        var rasterizer: GlyphRasterizer?
        var current: (number: Int, glyphRun: GlyphRun?)?
        walk { glyph, number, run, position in
            guard usesMasks else {
                if let outline = Self.outline(of: glyph, in: run, at: position) { fill(outline, with: run.color) }
                return
            }
            if current?.number != number { current = (number, GlyphRun(run, scale: magnification)) }
            guard let glyphRun = current?.glyphRun else { return }
            drawGlyph(glyph, of: glyphRun, at: device.apply(to: position), cache: cache, rasterizer: &rasterizer)
        }
    }

    /// The outline of `glyph` of `run` with its pen at `position`, in user space; nil for a
    /// glyph without one (or a malformed one) or a run that draws nothing.
    private static func outline(of glyph: UInt16, in run: TextRun, at position: Point) -> Path? {
        guard run.size.isFinite, run.size > 0,
            let outline = try? run.font.face.glyphs.outline(of: Int(glyph)), !outline.isEmpty
        else { return nil }
        let scale = run.size / Double(run.font.face.metrics.unitsPerEm)
        return outline.path(scaleX: scale, scaleY: -scale, offsetX: position.x, offsetY: position.y)
    }

    /// Draws one glyph from the cache with its pen at `device` (device pixels, on the baseline).
    private mutating func drawGlyph(
        _ glyph: UInt16, of run: GlyphRun, at device: Point, cache: GlyphCache, rasterizer: inout GlyphRasterizer?
    ) {
        // Positions this far out cannot touch the canvas, and would overflow an Int.
        let reach = Double(1 << 30)
        guard device.x > -reach, device.x < reach, device.y > -reach, device.y < reach else { return }
        guard run.pixelSize <= GlyphCache.maximumPixelSize else {
            drawLargeGlyph(glyph, of: run, at: device)
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

    /// Fills a glyph too large to cache as a path in device pixels; only its part inside the
    /// clip is rasterized.
    private mutating func drawLargeGlyph(_ glyph: UInt16, of run: GlyphRun, at device: Point) {
        guard let outline = try? run.face.glyphs.outline(of: Int(glyph)), !outline.isEmpty else { return }
        let scale = run.pixelSize / Double(run.face.metrics.unitsPerEm)
        let path = outline.path(scaleX: scale, scaleY: -scale, offsetX: device.x, offsetY: device.y)
        fillCoverage(of: path, rule: .nonZero, transform: .identity, shader: .solid(run.color), isOpaqueSource: false)
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
