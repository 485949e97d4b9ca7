import Testing

@testable import AsyncDisplayCanvas

/// The naive reference for one masked pixel: `color × level ÷ 255` over `pixel`, each
/// component rounded to nearest in floating point.
private func naiveMaskBlend(_ color: Pixel, level: Int, over pixel: Pixel) -> Pixel {
    func times(_ a: UInt8, _ b: Int) -> Int { Int((Double(a) * Double(b) / 255).rounded()) }
    let source = [color.red, color.green, color.blue, color.alpha].map { times($0, level) }
    let inverse = 255 - source[3]
    // The destination's share rounded down, as in every source-over blend.
    let blended = zip(source, [pixel.red, pixel.green, pixel.blue, pixel.alpha]).map {
        UInt8($0 + Int($1) * inverse / 255)
    }
    return Pixel(red: blended[0], green: blended[1], blue: blended[2], alpha: blended[3])
}

/// Pixels of `canvas` that differ from `background`.
private func changedPixels(_ canvas: Canvas, from background: Pixel) -> [(x: Int, y: Int)] {
    var changed: [(Int, Int)] = []
    for y in 0..<canvas.height {
        for x in 0..<canvas.width where canvas[x: x, y: y] != background { changed.append((x, y)) }
    }
    return changed
}

@Suite("Text drawing: the mask kernel")
struct MaskBlendTests {
    @Test("Blending through a mask matches the naive reference for every level, in both paths")
    func everyLevel() {
        var random = TestRandom(seed: 7)
        let colors = [
            Pixel(red: 0, green: 0, blue: 0, alpha: 255), Pixel(red: 255, green: 128, blue: 3, alpha: 255),
            Pixel(red: 100, green: 20, blue: 90, alpha: 128), Pixel(red: 1, green: 0, blue: 1, alpha: 1),
        ]
        for color in colors {
            // 256 levels in one row of a width that is not a multiple of four, so the vector and
            // the one-pixel paths both run.
            for width in [256, 259] {
                let levels = (0..<width).map { UInt8($0 % 256) }
                let background = (0..<width).map { _ in
                    let alpha = UInt8(random.int(256))
                    return Pixel(
                        red: UInt8(random.int(Int(alpha) + 1)), green: UInt8(random.int(Int(alpha) + 1)),
                        blue: UInt8(random.int(Int(alpha) + 1)), alpha: alpha)
                }
                var canvas = Canvas(width: width, height: 1)
                for (x, pixel) in background.enumerated() { canvas.storage.pixels[x] = pixel.packed }
                canvas.blendMask(
                    CoverageMask(width: width, height: 1, levels: levels)!, left: 0, top: 0, color: color.packed)
                for x in 0..<width {
                    let expected = naiveMaskBlend(color, level: Int(levels[x]), over: background[x])
                    if canvas[x: x, y: 0] != expected {
                        Issue.record("colour \(color), level \(levels[x]): \(canvas[x: x, y: 0]) != \(expected)")
                        return
                    }
                }
            }
        }
    }

    @Test("A mask hanging over any edge draws only its part inside the canvas")
    func clipping() {
        let mask = CoverageMask(width: 5, height: 4, levels: (0..<20).map { UInt8(60 + $0 * 9) })!
        let color = Pixel(red: 0, green: 0, blue: 255, alpha: 255).packed
        for (left, top) in [(-3, -2), (6, 5), (-4, 5), (6, -3), (-5, 0), (8, 0), (0, -4), (0, 6), (2, 1)] {
            var canvas = Canvas(width: 8, height: 6, background: .white)
            canvas.blendMask(mask, left: left, top: top, color: color)
            for y in 0..<6 {
                for x in 0..<8 {
                    let (column, row) = (x - left, y - top)
                    let inside = column >= 0 && column < 5 && row >= 0 && row < 4
                    let expected =
                        inside
                        ? naiveMaskBlend(Pixel(packed: color), level: Int(mask.levels[row * 5 + column]), over: .white)
                        : .white
                    #expect(canvas[x: x, y: y] == expected)
                }
            }
        }
        var canvas = Canvas(width: 8, height: 6, background: .white)
        canvas.blendMask(mask, left: Int.max - 2, top: Int.min + 1, color: color)
        #expect(changedPixels(canvas, from: .white).isEmpty)
    }
}

@Suite("Text drawing", .enabled(if: TestFonts.hasDejaVuSans, "DejaVu Sans is not installed"))
struct TextDrawingTests {
    let font = TestFonts.font

    @Test(
        "A drawn glyph's ink lies within its bounding box, and there is ink",
        arguments: ["A", "g", "j", "W", "\u{E9}", "@", "\u{2026}", "\u{1F600}"] as [Unicode.Scalar])
    func inkWithinBounds(_ scalar: Unicode.Scalar) throws {
        let glyph = TestFonts.glyph(scalar)
        for (size, scale, x) in [(14.0, 1.0, 20.0), (14, 2, 20.25), (31, 1, 20.6), (9, 3, 20.5)] {
            var canvas = Canvas(width: Int(80 * scale), height: Int(80 * scale), scale: scale, background: .white)
            canvas.drawText(
                String(scalar), at: Point(x: x, y: 50), font: font, size: size, color: .black, cache: GlyphCache())
            let bounds = try #require(try font.bounds(of: glyph, size: size))
            // Pen positions snap to a quarter of a pixel, so allow an eighth of one.
            let slack = 0.125 / scale
            let allowed = PixelBox(
                covering: Rect(
                    x: bounds.minX + x - slack, y: bounds.minY + 50, width: bounds.width + 2 * slack,
                    height: bounds.height
                ).scaled(by: scale))
            let changed = changedPixels(canvas, from: .white)
            #expect(!changed.isEmpty)
            for pixel in changed {
                #expect(
                    pixel.x >= allowed.left && pixel.x < allowed.right && pixel.y >= allowed.top
                        && pixel.y < allowed.bottom)
            }
        }
    }

    @Test("Black text on white changes pixels only inside the layout's image bounds")
    func layoutInkWithinBounds() {
        var text = StyledText("Typography, wrapped & aligned: ", font: font, size: 13)
        text.append(TextRun("jumpy Qg Wé…", font: font, size: 21, color: .black))
        let layout = TextLayout(text, width: 150, options: .init(alignment: .center))
        let origin = Point(x: 7.3, y: 5.6)
        var canvas = Canvas(width: 180, height: 160, background: .white)
        canvas.draw(layout, at: origin)
        let image = layout.imageBounds
        let allowed = PixelBox(
            covering: Rect(
                x: image.minX + origin.x - 0.125, y: image.minY + origin.y - 0.5, width: image.width + 0.25,
                height: image.height + 1))
        let changed = changedPixels(canvas, from: .white)
        #expect(changed.count > 500)
        #expect(
            changed.allSatisfy {
                $0.x >= allowed.left && $0.x < allowed.right && $0.y >= allowed.top && $0.y < allowed.bottom
            })
        let box = layout.bounds
        #expect(box.width <= 150 && box.minX >= 0)
    }

    @Test("drawText and drawing a one-line layout give the same pixels")
    func drawTextMatchesLayout() {
        let string = "AVATAR Wave, tiny kerning"
        var direct = Canvas(width: 220, height: 30, background: .white)
        direct.drawText(string, at: Point(x: 3.3, y: 20), font: font, size: 14, color: .blue)
        var laidOut = Canvas(width: 220, height: 30, background: .white)
        let layout = TextLayout(StyledText(string, font: font, size: 14, color: .blue))
        laidOut.draw(layout, at: Point(x: 3.3, y: 20 - layout.lines[0].origin.y))
        #expect(direct.snapshot == laidOut.snapshot)
    }

    @Test("Drawing a layout's lines a few at a time gives the pixels of drawing it whole")
    func linesAtATime() {
        let text = StyledText(
            "A paragraph long enough to wrap onto several lines, drawn in parts", font: font, size: 12, color: .black)
        let layout = TextLayout(text, width: 90)
        #expect(layout.lineCount >= 4)
        let origin = Point(x: 2.6, y: 3.2)
        var whole = Canvas(width: 100, height: 120, scale: 2, background: .white)
        whole.draw(layout, at: origin)
        var parts = Canvas(width: 100, height: 120, scale: 2, background: .white)
        parts.draw(layout, at: origin, lines: 2..<99)
        parts.draw(layout, at: origin, lines: -3..<1)
        parts.draw(layout, at: origin, lines: 1..<2)
        #expect(parts.snapshot == whole.snapshot)

        var none = Canvas(width: 100, height: 120, scale: 2, background: .white)
        none.draw(layout, at: origin, lines: 40..<50)
        none.draw(layout, at: origin, lines: 1..<1)
        #expect(changedPixels(none, from: .white).isEmpty)
    }

    @Test("Drawing at scale 2 matches drawing twice the size at scale 1")
    func scaleMultipliesPositions() {
        var doubled = Canvas(width: 200, height: 60, scale: 2, background: .white)
        doubled.drawText("Scale me", at: Point(x: 5.125, y: 20), font: font, size: 11, color: .black)
        var plain = Canvas(width: 200, height: 60, background: .white)
        plain.drawText("Scale me", at: Point(x: 10.25, y: 40), font: font, size: 22, color: .black)
        #expect(doubled.snapshot.withPackedPixels(Array.init) == plain.snapshot.withPackedPixels(Array.init))
    }

    @Test("Text keeps an opaque canvas known opaque, even in a translucent colour")
    func opacity() {
        var canvas = Canvas(width: 50, height: 20, background: .white)
        canvas.drawText(
            "Hi", at: Point(x: 2, y: 15), font: font, size: 14, color: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(canvas.isKnownOpaque)
        #expect(!changedPixels(canvas, from: .white).isEmpty)
    }

    @Test("Text over the canvas edges draws its visible part like a larger canvas would")
    func edges() {
        var large = Canvas(width: 140, height: 60, background: .white)
        large.drawText("Edge cases", at: Point(x: 0, y: 30), font: font, size: 30, color: .black)
        var small = Canvas(width: 100, height: 20, background: .white)
        small.drawText("Edge cases", at: Point(x: -20, y: 10), font: font, size: 30, color: .black)
        for y in 0..<20 {
            for x in 0..<100 where small[x: x, y: y] != large[x: x + 20, y: y + 20] {
                Issue.record("pixel (\(x), \(y)) differs")
                return
            }
        }
    }

    @Test("Glyphs beyond the cache's largest size are filled as paths")
    func largeGlyphs() throws {
        var canvas = Canvas(width: 400, height: 400, background: .white)
        canvas.drawText("g", at: Point(x: 20, y: 280), font: font, size: 300, color: .black)
        let bounds = try #require(try font.bounds(of: TestFonts.glyph("g"), size: 300))
        let allowed = PixelBox(
            covering: Rect(x: bounds.minX + 20, y: bounds.minY + 280, width: bounds.width, height: bounds.height))
        let changed = changedPixels(canvas, from: .white)
        #expect(changed.count > 10_000)
        #expect(
            changed.allSatisfy {
                $0.x >= allowed.left && $0.x < allowed.right && $0.y >= allowed.top && $0.y < allowed.bottom
            })
    }

    @Test("Non-finite positions, bad sizes and clear colours draw nothing")
    func degenerateInput() {
        var canvas = Canvas(width: 40, height: 20, background: .white)
        canvas.drawText("x", at: Point(x: .nan, y: 10), font: font, size: 14, color: .black)
        canvas.drawText("x", at: Point(x: 5, y: .infinity), font: font, size: 14, color: .black)
        canvas.drawText("x", at: Point(x: 5, y: 10), font: font, size: -3, color: .black)
        canvas.drawText("x", at: Point(x: 5, y: 10), font: font, size: .nan, color: .black)
        canvas.drawText("x", at: Point(x: 5, y: 10), font: font, size: 14, color: .clear)
        canvas.drawText("x", at: Point(x: 1e300, y: 10), font: font, size: 14, color: .black)
        canvas.draw(TextLayout(StyledText("x", font: font, size: 14)), at: Point(x: -.infinity, y: 0))
        #expect(changedPixels(canvas, from: .white).isEmpty)
    }
}
