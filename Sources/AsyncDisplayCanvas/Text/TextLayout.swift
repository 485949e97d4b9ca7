/// Text arranged into lines within a width: every glyph's position, ready to draw.
///
/// A layout is a `Sendable` value: compute it off the main actor (it only reads fonts), keep
/// it, and draw it later with `Canvas.draw(_:at:)` — what YYLabel does with its text layouts.
///
/// Positions are in points relative to the layout's top-left corner, y down.
///
/// - Newlines (`\n`, `\r\n`, `\r`, U+2028, U+2029) start new paragraphs; other control
///   characters are skipped.
/// - Lines break after spaces; a word wider than the width breaks between two of its
///   characters, and every line holds at least one glyph, so a single glyph wider than the
///   width still shows (and overflows). Spaces at the end of a line hang: they don't count
///   toward its width.
/// - A width that is NaN or infinite means no limit (a line per paragraph); zero or a negative
///   width puts each visible character on its own line.
public struct TextLayout: Sendable {
    /// The runs laid out, indexed by `PositionedGlyph.runIndex`.
    public let runs: [TextRun]
    public let lines: [TextLine]
    /// The widest line's width and the lines' total height: the size the text needs.
    public let size: Size
    /// Whether lines beyond `maximumLineCount` were cut (the last line then ends in an ellipsis).
    public let isTruncated: Bool
    /// The width lines were wrapped and aligned in (infinity for none).
    public let width: Double

    /// Lays out `text` in `width` points.
    ///
    /// Complexity: O(characters × log kerning pairs).
    public init(_ text: StyledText, width: Double = .infinity, options: TextLayoutOptions = TextLayoutOptions()) {
        var builder = TextLayoutBuilder(runs: text.runs, width: width, options: options)
        builder.layOut()
        runs = text.runs
        lines = builder.lines
        isTruncated = builder.isTruncated
        self.width = builder.width
        size = Size(width: builder.lines.map(\.width).max() ?? 0, height: builder.lines.last?.bottom ?? 0)
    }

    /// How many lines there are.
    public var lineCount: Int { lines.count }

    /// The box of every line (its aligned advance width by its height), in points.
    public var bounds: Rect {
        lines.reduce(into: Rect?.none) { union, line in
            let rect = Rect(x: line.origin.x, y: line.top, width: line.width, height: line.bottom - line.top)
            union = union.map { enclosing($0, rect) } ?? rect
        } ?? .zero
    }

    /// The box every glyph's outline lies in (from the fonts' glyph bounding boxes), in points:
    /// drawing the layout at the origin marks no pixel outside it, beyond anti-aliasing's
    /// rounding out to whole pixels and a quarter-pixel glyph placement.
    public var imageBounds: Rect {
        var union: Rect?
        for line in lines {
            for glyph in line.glyphs {
                let run = runs[glyph.runIndex]
                guard let box = try? run.font.bounds(of: glyph.glyph, size: run.size) else { continue }
                let placed = Rect(
                    x: box.minX + glyph.position.x, y: box.minY + glyph.position.y, width: box.width,
                    height: box.height)
                union = union.map { enclosing($0, placed) } ?? placed
            }
        }
        return union ?? .zero
    }
}

/// One line of a `TextLayout`.
public struct TextLine: Sendable, Hashable {
    /// The line's glyphs in order, trailing spaces left out.
    public let glyphs: [PositionedGlyph]
    /// Where the line starts: x after alignment, y at its baseline.
    public let origin: Point
    /// The advance width of the line's glyphs.
    public let width: Double
    /// The top and bottom of the line's box (its line height), in layout coordinates.
    public let top: Double
    public let bottom: Double
    /// How far the line's fonts rise above and reach below the baseline (both positive).
    public let ascent: Double
    public let descent: Double
}

/// A glyph placed in a layout.
public struct PositionedGlyph: Sendable, Hashable {
    public let glyph: GlyphIndex
    /// The pen position on the baseline, in layout coordinates.
    public let position: Point
    /// Which of the layout's `runs` gives the glyph its font, size and colour.
    public let runIndex: Int
}

/// The smallest rectangle containing both.
private func enclosing(_ a: Rect, _ b: Rect) -> Rect {
    let minX = min(a.minX, b.minX)
    let minY = min(a.minY, b.minY)
    return Rect(x: minX, y: minY, width: max(a.maxX, b.maxX) - minX, height: max(a.maxY, b.maxY) - minY)
}
