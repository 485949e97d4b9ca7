import Testing

@testable import AsyncDisplayCanvas

@Suite("Text layout", .enabled(if: TestFonts.hasDejaVuSans, "DejaVu Sans is not installed"))
struct TextLayoutTests {
    let font = TestFonts.font

    /// The visible characters of each line, read back from its glyphs.
    private func lineTexts(_ layout: TextLayout, _ string: String) -> [String] {
        var byGlyph: [GlyphIndex: Character] = [:]
        for scalar in string.unicodeScalars {
            if let glyph = font.glyphIndex(for: scalar) { byGlyph[glyph] = Character(scalar) }
        }
        if let ellipsis = font.glyphIndex(for: "\u{2026}") { byGlyph[ellipsis] = "\u{2026}" }
        return layout.lines.map { String($0.glyphs.map { byGlyph[$0.glyph] ?? "?" }) }
    }

    private func layout(
        _ string: String, width: Double = .infinity, options: TextLayoutOptions = .init()
    )
        -> TextLayout
    {
        TextLayout(StyledText(string, font: font, size: 20), width: width, options: options)
    }

    @Test("A single line measures as the sum of its advances and the font's line height")
    func measureLine() {
        let line = layout("Ai i", options: TextLayoutOptions(usesKerning: false))
        let points = 20.0 / 2048
        #expect(line.lineCount == 1)
        #expect(line.size.width == Double(1401 + 569 + 651 + 569) * points)
        #expect(line.size.height == Double(1901 + 483) * points)
        #expect(line.lines[0].origin.y == 1901 * points)
        #expect(line.lines[0].glyphs.map(\.position.x) == [0, 1401, 1970, 2621].map { $0 * points })
        #expect(!line.isTruncated)
    }

    @Test("Glyph positions step by each advance, and kerning pulls AV together")
    func positionsAndKerning() {
        let points = 20.0 / 2048
        let kerned = layout("AV")
        #expect(kerned.lines[0].glyphs.map(\.position.x) == [0, Double(1401 - 131) * points])
        #expect(kerned.size.width == Double(1401 - 131 + 1401) * points)
        let plain = layout("AV", options: TextLayoutOptions(usesKerning: false))
        #expect(plain.lines[0].glyphs.map(\.position.x) == [0, 1401 * points])
    }

    @Test("Wrapped lines never pass the width, and break at spaces", arguments: [40.0, 75, 120, 200, 333])
    func wrapping(width: Double) {
        let string = "The quick brown fox jumps over the lazy dog, then naps in the warm afternoon sun."
        let wrapped = layout(string, width: width)
        #expect(wrapped.lineCount > 1)
        for line in wrapped.lines {
            #expect(line.width <= width)
            #expect(line.glyphs.last.map { $0.glyph != font.glyphIndex(for: " ") } ?? true)
        }
        let texts = lineTexts(wrapped, string)
        #expect(texts.joined().filter { $0 != " " } == string.filter { $0 != " " })
        // Where every word fits the width alone, lines break only between words.
        let words = string.split(separator: " ")
        if words.allSatisfy({ font.width(of: String($0), size: 20) <= width }) {
            #expect(texts.joined(separator: " ").split(separator: " ") == words)
        }
    }

    @Test("A word wider than the width breaks between its letters")
    func longWord() {
        let string = "Supercalifragilistic"
        let wrapped = layout(string, width: 60)
        #expect(wrapped.lineCount > 2)
        #expect(lineTexts(wrapped, string).joined() == string)
        for line in wrapped.lines { #expect(line.width <= 60) }
    }

    @Test("Zero and negative widths put one glyph on each line; NaN means no limit")
    func degenerateWidths() {
        for width in [0.0, -5] {
            let wrapped = layout("ab c", width: width)
            #expect(lineTexts(wrapped, "ab c") == ["a", "b", "c"])
        }
        #expect(layout("ab c", width: .nan).lineCount == 1)
        #expect(layout("ab c", width: .nan).width == .infinity)
    }

    @Test("A single glyph wider than the width still gets its own line")
    func glyphWiderThanWidth() {
        let wrapped = layout("WW", width: 5)
        #expect(wrapped.lineCount == 2)
        #expect(wrapped.lines.allSatisfy { $0.glyphs.count == 1 && $0.width > 5 })
    }

    @Test("Alignment offsets each line within the width", arguments: [TextAlignment.leading, .center, .trailing])
    func alignment(_ alignment: TextAlignment) {
        let width = 300.0
        let aligned = layout(
            "Short line here\nA somewhat longer line", width: width, options: .init(alignment: alignment))
        #expect(aligned.lineCount == 2)
        for line in aligned.lines {
            let expected: Double
            switch alignment {
            case .leading: expected = 0
            case .center: expected = (width - line.width) / 2
            case .trailing: expected = width - line.width
            }
            #expect(abs(line.origin.x - expected) < 1e-9)
            #expect(line.glyphs.first?.position.x == line.origin.x)
        }
    }

    @Test("Without a width, lines align within the widest one")
    func alignmentWithoutWidth() {
        let aligned = layout("ab\nabcd", options: .init(alignment: .trailing))
        #expect(aligned.lines[1].origin.x == 0)
        #expect(abs(aligned.lines[0].origin.x + aligned.lines[0].width - aligned.lines[1].width) < 1e-9)
    }

    @Test("Newlines start paragraphs; empty paragraphs keep their height")
    func newlines() {
        let string = "one\n\ntwo\r\nthree\rfour\u{2029}"
        let lines = layout(string)
        #expect(lineTexts(lines, string) == ["one", "", "two", "three", "four", ""])
        let height = Double(1901 + 483) * 20 / 2048
        for (index, line) in lines.lines.enumerated() {
            #expect(abs(line.top - Double(index) * height) < 1e-9)
        }
        #expect(abs(lines.size.height - 6 * height) < 1e-9)
    }

    @Test("An empty string lays out to no lines and zero size")
    func emptyString() {
        let empty = layout("")
        #expect(empty.lineCount == 0)
        #expect(empty.size == .zero)
        #expect(empty.bounds == .zero)
        #expect(TextLayout(StyledText()).lineCount == 0)
    }

    @Test("Line height: a multiple scales the natural height, a fixed height replaces it, centred")
    func lineHeights() {
        let natural = Double(1901 + 483) * 20 / 2048
        let double = layout("a\nb", options: .init(lineHeight: .multiple(2)))
        #expect(abs(double.size.height - 4 * natural) < 1e-9)
        #expect(abs(double.lines[0].origin.y - (natural / 2 + 1901 * 20 / 2048)) < 1e-9)
        let fixed = layout("a\nb\nc", options: .init(lineHeight: .fixed(30)))
        #expect(fixed.size.height == 90)
        #expect(fixed.lines.map(\.top) == [0, 30, 60])
        #expect(layout("a", options: .init(lineHeight: .multiple(.nan))).size.height == natural)
        #expect(layout("a", options: .init(lineHeight: .fixed(-1))).size.height == natural)
    }

    @Test("A line limit cuts the text and ends the last line with an ellipsis that fits")
    func truncation() {
        let string = "The quick brown fox jumps over the lazy dog, then naps in the warm afternoon sun."
        let limited = layout(string, width: 150, options: .init(maximumLineCount: 2))
        #expect(limited.lineCount == 2)
        #expect(limited.isTruncated)
        let last = lineTexts(limited, string)[1]
        #expect(last.hasSuffix("\u{2026}"))
        #expect(!last.dropLast().hasSuffix(" "))
        #expect(limited.lines.allSatisfy { $0.width <= 150 })
        let full = layout(string, width: 150)
        #expect(lineTexts(limited, string)[0] == lineTexts(full, string)[0])
    }

    @Test("Text that fits in the line limit is not truncated")
    func noTruncationWhenFitting() {
        let fitting = layout("one\ntwo", options: .init(maximumLineCount: 2))
        #expect(!fitting.isTruncated)
        #expect(lineTexts(fitting, "one\ntwo") == ["one", "two"])
        let cut = layout("one\ntwo\nthree", options: .init(maximumLineCount: 2))
        #expect(cut.isTruncated)
        #expect(lineTexts(cut, "one\ntwo\nthree") == ["one", "two\u{2026}"])
    }

    @Test("Only text still to show counts as cut: a trailing newline or spaces at the limit add no ellipsis")
    func trailingEmptyLinesAreNotTruncation() {
        for string in ["abc\n", "abc\n\n", "abc   \n  "] {
            let cut = layout(string, options: .init(maximumLineCount: 1))
            #expect(!cut.isTruncated && cut.lineCount == 1)
            #expect(lineTexts(cut, string) == ["abc"])
        }
        let blankThenText = layout("abc\n\ndef", options: .init(maximumLineCount: 2))
        #expect(blankThenText.isTruncated && lineTexts(blankThenText, "abc\n\ndef") == ["abc", "\u{2026}"])
    }

    @Test("The ellipsis takes the style of the last glyph kept, not of a run cut away whole")
    func ellipsisStyleFollowsKeptText() throws {
        var text = StyledText("Hello", font: font, size: 10, color: .black)
        text.append(TextRun("WORLD more", font: font, size: 30, color: .red))
        let cut = TextLayout(text, width: 60, options: .init(maximumLineCount: 1))
        #expect(cut.isTruncated)
        let ellipsis = try #require(cut.lines.first?.glyphs.last)
        #expect(ellipsis.glyph == font.glyphIndex(for: "\u{2026}"))
        #expect(cut.runs[ellipsis.runIndex].color == .black && cut.runs[ellipsis.runIndex].size == 10)
        #expect(cut.lines[0].glyphs.allSatisfy { cut.runs[$0.runIndex].size == 10 })
        #expect(abs(cut.lines[0].ascent - 1901 * 10 / 2048) < 1e-9)
        #expect(cut.lines[0].width <= 60)
    }

    @Test("Runs keep their own font size and colour, and lines take the tallest run's metrics")
    func attributedRuns() {
        var text = StyledText("small ", font: font, size: 10, color: .red)
        text.append(TextRun("BIG", font: font, size: 30, color: .blue))
        text.append(TextRun(" and invisible", font: font, size: .nan, color: .green))
        let styled = TextLayout(text)
        #expect(styled.lineCount == 1)
        let colors = styled.lines[0].glyphs.map { styled.runs[$0.runIndex].color }
        #expect(colors == Array(repeating: .red, count: 6) + Array(repeating: .blue, count: 3))
        #expect(abs(styled.lines[0].ascent - 1901 * 30 / 2048) < 1e-9)
        let bigStart = styled.lines[0].glyphs[6].position.x
        #expect(abs(bigStart - font.width(of: "small ", size: 10)) < 1e-9)
    }

    @Test("A font without the ellipsis character falls back to three full stops")
    func ellipsisFallback() throws {
        let bytes = try #require(TestFonts.dejaVuSansBytes)
        let stripped = try Font(data: removingEllipsis(from: bytes))
        #expect(stripped.glyphIndex(for: "\u{2026}") == nil)
        let cut = TextLayout(
            StyledText("aaaa\nbbbb", font: stripped, size: 20), options: .init(maximumLineCount: 1))
        let period = try #require(stripped.glyphIndex(for: "."))
        #expect(cut.lines[0].glyphs.suffix(3).map(\.glyph) == [period, period, period])
    }

    @Test("Layouts are Sendable values that can be made off the main actor")
    func concurrentLayout() async {
        let font = self.font
        let widths = await withTaskGroup(of: Double.self) { group in
            for index in 0..<8 {
                group.addTask { TextLayout(StyledText("Line \(index) of text", font: font, size: 14)).size.width }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(widths.count == 8 && widths.allSatisfy { $0 > 0 })
    }
}

/// DejaVu Sans with U+2026 unmapped: its directory points `cmap` at a hand-made table, appended
/// at the end, whose one format 4 subtable maps only printable ASCII.
private func removingEllipsis(from bytes: [UInt8]) throws -> [UInt8] {
    var font = bytes
    func u16(_ offset: Int) -> Int { Int(font[offset]) << 8 | Int(font[offset + 1]) }
    let tableCount = u16(4)
    var cmapRecord = -1
    for index in 0..<tableCount where font[12 + 16 * index..<12 + 16 * index + 4].elementsEqual("cmap".utf8) {
        cmapRecord = 12 + 16 * index
    }
    try #require(cmapRecord >= 0)
    // A new cmap with one format 4 subtable mapping 0x20...0x7E as DejaVu does (glyph = code − 29).
    var table = TableBytes()
    table.u16(0)
    table.u16(1)
    table.u16(3)
    table.u16(1)
    table.u32(12)
    table.u16(4)
    table.u16(32)
    table.u16(0)
    table.u16(4)
    table.u16(0)
    table.u16(0)
    table.u16(0)
    table.u16(0x7E)
    table.u16(0xFFFF)
    table.u16(0)
    table.u16(0x20)
    table.u16(0xFFFF)
    table.u16(-29)
    table.u16(1)
    table.u16(0)
    table.u16(0)
    let offset = font.count
    font += table.bytes
    for (position, value) in [(cmapRecord + 8, offset), (cmapRecord + 12, table.bytes.count)] {
        for byte in 0..<4 { font[position + byte] = UInt8(truncatingIfNeeded: value >> (24 - 8 * byte)) }
    }
    return font
}
