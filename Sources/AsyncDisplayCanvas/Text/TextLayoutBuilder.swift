/// The work behind `TextLayout`: characters become glyph items, paragraphs become lines,
/// lines are truncated, stacked and aligned.
struct TextLayoutBuilder {
    /// One character's glyph, with its advance and the kerning before it, in points.
    private struct Item {
        var glyph: UInt16
        var run: Int
        var advance: Double
        /// The adjustment between the previous item of the paragraph and this one.
        var kerning: Double
        var isSpace: Bool
    }

    /// A line's glyphs before it is stacked and aligned: x relative to its start.
    private struct PendingLine {
        var glyphs: [PositionedGlyph]
        var width: Double
        var ascent = 0.0
        var descent = 0.0
        var gap = 0.0
    }

    private let runs: [TextRun]
    /// The wrapping width: infinity for none, never negative or NaN.
    let width: Double
    private let options: TextLayoutOptions
    private var items: [Item] = []
    /// Each paragraph's items and the run that gives an empty line its height.
    private var paragraphs: [(items: Range<Int>, run: Int)] = []
    private var pending: [PendingLine] = []
    private(set) var lines: [TextLine] = []
    private(set) var isTruncated = false

    init(runs: [TextRun], width: Double, options: TextLayoutOptions) {
        self.runs = runs
        self.width = width.isNaN ? .infinity : max(width, 0)
        self.options = options
    }

    mutating func layOut() {
        makeItems()
        let limit = options.maximumLineCount
        paragraphLoop: for (index, paragraph) in paragraphs.enumerated() {
            var start = paragraph.items.lowerBound
            repeat {
                let end = lineEnd(from: start, before: paragraph.items.upperBound)
                let isLast = end == paragraph.items.upperBound && index == paragraphs.count - 1
                if limit > 0, pending.count == limit - 1, !isLast {
                    // Only text still to show is cut: trailing spaces and empty lines are not.
                    if items[end...].contains(where: { !$0.isSpace }) {
                        pending.append(truncatedLine(start..<end, run: paragraph.run))
                        isTruncated = true
                    } else {
                        pending.append(line(start..<end, run: paragraph.run))
                    }
                    break paragraphLoop
                }
                pending.append(line(start..<end, run: paragraph.run))
                start = end
            } while start < paragraph.items.upperBound
        }
        stackAndAlign()
    }

    /// Turns the runs' characters into items, split into paragraphs at newlines.
    private mutating func makeItems() {
        var paragraphStart = 0
        var lastRun: Int?
        var afterCarriageReturn = false
        for (runIndex, run) in runs.enumerated() where run.hasUsableSize {
            lastRun = runIndex
            let face = run.font.face
            let scale = run.size / Double(face.metrics.unitsPerEm)
            for scalar in run.string.unicodeScalars {
                defer { afterCarriageReturn = scalar == "\r" }
                if scalar == "\n" && afterCarriageReturn { continue }
                if scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    paragraphs.append((paragraphStart..<items.count, runIndex))
                    paragraphStart = items.count
                    continue
                }
                let character = scalar == "\t" ? " " : scalar
                guard !character.isInvisibleControl else { continue }
                let glyph = face.glyph(for: character)
                var kerning = 0.0
                if options.usesKerning, items.count > paragraphStart, let previous = items.last,
                    runs[previous.run].font == run.font, runs[previous.run].size == run.size
                {
                    kerning = Double(face.kerning.adjustment(between: previous.glyph, and: glyph)) * scale
                }
                items.append(
                    Item(
                        glyph: glyph, run: runIndex, advance: Double(face.advance(of: glyph)) * scale,
                        kerning: kerning, isSpace: Self.isBreakingSpace(character)))
            }
        }
        // Text without a single character (newlines included) has no lines at all.
        guard let lastRun, !(paragraphs.isEmpty && items.isEmpty) else { return }
        paragraphs.append((paragraphStart..<items.count, lastRun))
    }

    /// Spaces a line may break after (not the no-break ones).
    private static func isBreakingSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\u{3000}"
            || (scalar.properties.isWhitespace && scalar != "\u{A0}" && scalar != "\u{2007}" && scalar != "\u{202F}")
    }

    /// Where the line starting at `start` ends: after the last space before the first glyph
    /// that would pass the width, or at that glyph when the line has no space; never before
    /// one glyph.
    private func lineEnd(from start: Int, before end: Int) -> Int {
        var pen = 0.0
        var lastBreak: Int?
        var index = start
        while index < end {
            let item = items[index]
            let next = pen + (index > start ? item.kerning : 0) + item.advance
            if !item.isSpace && next > width && index > start { return lastBreak ?? index }
            pen = next
            index += 1
            if item.isSpace { lastBreak = index }
        }
        return end
    }

    /// Pen positions of the items in `range`, kerning between them included.
    private func positions(_ range: Range<Int>) -> [Double] {
        var pen = 0.0
        return range.map { index in
            if index > range.lowerBound { pen += items[index].kerning }
            defer { pen += items[index].advance }
            return pen
        }
    }

    /// The line of the items in `range` (trailing spaces left out), followed by `extra`, whose
    /// x positions are already relative to the line's start.
    private func line(
        _ range: Range<Int>, run fallback: Int, extra: [PositionedGlyph] = [], extraWidth: Double = 0
    )
        -> PendingLine
    {
        let kept = range.lowerBound..<(range.last { !items[$0].isSpace }.map { $0 + 1 } ?? range.lowerBound)
        let x = positions(kept)
        var line = PendingLine(
            glyphs: kept.indices.map { index in
                PositionedGlyph(
                    glyph: GlyphIndex(rawValue: items[index].glyph),
                    position: Point(x: x[index - kept.lowerBound], y: 0),
                    runIndex: items[index].run)
            } + extra,
            width: (kept.last.map { x[$0 - kept.lowerBound] + items[$0].advance } ?? 0) + extraWidth)
        for runIndex in Set(line.glyphs.map(\.runIndex)).union(line.glyphs.isEmpty ? [fallback] : []) {
            let run = runs[runIndex]
            let metrics = run.font.metrics
            let scale = run.size / Double(metrics.unitsPerEm)
            line.ascent = max(line.ascent, Double(metrics.ascender) * scale)
            line.descent = max(line.descent, -Double(metrics.descender) * scale)
            line.gap = max(line.gap, Double(metrics.lineGap) * scale)
        }
        return line
    }

    /// The line of the items in `range`, cut so that an ellipsis after it fits the width.
    ///
    /// The ellipsis takes the style of the last glyph kept (of the first visible glyph when
    /// none is kept).
    private func truncatedLine(_ range: Range<Int>, run fallback: Int) -> PendingLine {
        let x = positions(range)
        // Keep the longest prefix ending in a visible glyph that leaves room for the ellipsis.
        func cut(ellipsisWidth: Double) -> (end: Int, pen: Double) {
            var end = range.lowerBound
            var pen = 0.0
            for index in range where !items[index].isSpace {
                let right = x[index - range.lowerBound] + items[index].advance
                guard right + ellipsisWidth <= width else { break }
                end = index + 1
                pen = right
            }
            return (end, pen)
        }
        var runIndex = range.last { !items[$0].isSpace }.map { items[$0].run } ?? fallback
        var (glyphs, ellipsisWidth) = ellipsis(in: runIndex)
        var (end, pen) = cut(ellipsisWidth: ellipsisWidth)
        let keptRun =
            end > range.lowerBound
            ? items[end - 1].run : range.first { !items[$0].isSpace }.map { items[$0].run } ?? fallback
        if keptRun != runIndex {
            // Cut again for the kept run's ellipsis; if that keeps less, its last glyph's run
            // may differ once more, which is left as it is.
            runIndex = keptRun
            (glyphs, ellipsisWidth) = ellipsis(in: runIndex)
            (end, pen) = cut(ellipsisWidth: ellipsisWidth)
        }
        let run = runs[runIndex]
        let face = run.font.face
        let scale = run.size / Double(face.metrics.unitsPerEm)
        var extra: [PositionedGlyph] = []
        for glyph in glyphs {
            extra.append(
                PositionedGlyph(glyph: GlyphIndex(rawValue: glyph), position: Point(x: pen, y: 0), runIndex: runIndex))
            pen += Double(face.advance(of: glyph)) * scale
        }
        return line(range.lowerBound..<end, run: fallback, extra: extra, extraWidth: ellipsisWidth)
    }

    /// The glyphs of an ellipsis in run `runIndex` ("…", or three full stops where the font has
    /// no "…") and their width in points.
    private func ellipsis(in runIndex: Int) -> (glyphs: [UInt16], width: Double) {
        let run = runs[runIndex]
        let face = run.font.face
        let scale = run.size / Double(face.metrics.unitsPerEm)
        let ellipsis = face.glyph(for: "…")
        let glyphs = ellipsis != 0 ? [ellipsis] : [UInt16](repeating: face.glyph(for: "."), count: 3)
        return (glyphs, glyphs.reduce(0) { $0 + Double(face.advance(of: $1)) * scale })
    }

    /// Gives the pending lines their heights and baselines, and aligns them.
    private mutating func stackAndAlign() {
        let container = width.isFinite ? width : (pending.map(\.width).max() ?? 0)
        var top = 0.0
        for line in pending {
            let natural = line.ascent + line.descent + line.gap
            let height: Double
            switch options.lineHeight {
            case .multiple(let factor): height = factor.isFinite && factor > 0 ? natural * factor : natural
            case .fixed(let points): height = points.isFinite && points >= 0 ? points : natural
            }
            let baseline = top + (height - line.ascent - line.descent) / 2 + line.ascent
            let offset: Double
            switch options.alignment {
            case .leading: offset = 0
            case .center: offset = max(0, (container - line.width) / 2)
            case .trailing: offset = max(0, container - line.width)
            }
            lines.append(
                TextLine(
                    glyphs: line.glyphs.map {
                        PositionedGlyph(
                            glyph: $0.glyph, position: Point(x: $0.position.x + offset, y: baseline),
                            runIndex: $0.runIndex)
                    },
                    origin: Point(x: offset, y: baseline), width: line.width, top: top, bottom: top + height,
                    ascent: line.ascent, descent: line.descent))
            top += height
        }
    }
}
