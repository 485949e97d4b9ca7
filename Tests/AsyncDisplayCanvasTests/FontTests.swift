import Testing

@testable import AsyncDisplayCanvas

@Suite("TrueType fonts: DejaVu Sans", .enabled(if: TestFonts.hasDejaVuSans, "DejaVu Sans is not installed"))
struct FontTests {
    let font = TestFonts.font

    @Test("Header metrics come from head and hhea")
    func metrics() {
        #expect(font.metrics == FontMetrics(unitsPerEm: 2048, ascender: 1901, descender: -483, lineGap: 0))
        #expect(font.glyphCount == 6253)
    }

    @Test("Characters map to their glyphs through cmap")
    func characterMap() {
        #expect(font.glyphIndex(for: "A") == GlyphIndex(rawValue: 36))
        #expect(font.glyphIndex(for: "i") == GlyphIndex(rawValue: 76))
        #expect(font.glyphIndex(for: " ") == GlyphIndex(rawValue: 3))
        #expect(font.glyphIndex(for: "\u{E9}") == GlyphIndex(rawValue: 171))
        #expect(font.glyphIndex(for: "\u{2026}") == GlyphIndex(rawValue: 2825))
        // Beyond the Basic Multilingual Plane: only the format 12 subtable reaches it.
        #expect(font.glyphIndex(for: "\u{1F600}") == GlyphIndex(rawValue: 5857))
        #expect(font.glyphIndex(for: "\u{4E00}") == nil)
    }

    @Test("Advance widths and side bearings come from hmtx")
    func advances() {
        #expect(font.advance(of: TestFonts.glyph("A")) == 1401)
        #expect(font.advance(of: TestFonts.glyph("i")) == 569)
        #expect(font.advance(of: TestFonts.glyph(" ")) == 651)
        #expect(font.leftSideBearing(of: TestFonts.glyph("i")) == 193)
        #expect(font.advance(of: GlyphIndex(rawValue: 60000)) == 0)
        #expect(font.width(of: "Ai ", size: 2048, usesKerning: false) == 1401 + 569 + 651)
    }

    @Test("Kerning pairs come from the kern table")
    func kerning() {
        #expect(font.hasKerning)
        #expect(font.kerning(between: TestFonts.glyph("A"), and: TestFonts.glyph("V")) == -131)
        #expect(font.kerning(between: TestFonts.glyph("T"), and: TestFonts.glyph("o")) == -348)
        #expect(font.kerning(between: TestFonts.glyph("o"), and: TestFonts.glyph("o")) == 0)
        #expect(font.width(of: "AV", size: 2048) == 1401 + 1401 - 131)
    }

    @Test(
        "A simple glyph's outline spans the bounding box its header records",
        arguments: ["A", "i", "g", "1", "\u{3A9}", "\u{2026}", "\u{1F600}"] as [Unicode.Scalar])
    func simpleGlyphBounds(_ scalar: Unicode.Scalar) throws {
        let glyph = TestFonts.glyph(scalar)
        let recorded = try #require(try font.bounds(of: glyph, size: 2048))
        let outline = try font.outline(of: glyph, size: 2048)
        #expect(outline.controlPointBounds(transform: .identity) == recorded)
        let parsed = try #require(try font.face.glyphs.outline(of: Int(glyph.rawValue)).controlBounds)
        let header = try #require(try font.face.glyphs.recordedBounds(of: Int(glyph.rawValue)))
        #expect(parsed == (Double(header.0), Double(header.1), Double(header.2), Double(header.3)))
    }

    @Test("The bounds of A match its glyf header: 16, 0, 1384, 1493")
    func knownBounds() throws {
        let bounds = try font.bounds(of: TestFonts.glyph("A"), size: 2048)
        #expect(bounds == Rect(x: 16, y: -1493, width: 1368, height: 1493))
    }

    @Test("A space has no outline and no bounds")
    func space() throws {
        #expect(try font.outline(of: TestFonts.glyph(" "), size: 12).isEmpty)
        #expect(try font.bounds(of: TestFonts.glyph(" "), size: 12) == nil)
    }

    @Test("A composite glyph (é) combines its base letter with its accent")
    func compositeGlyph() throws {
        let accented = try font.face.glyphs.outline(of: 171)
        let base = try font.face.glyphs.outline(of: Int(TestFonts.glyph("e").rawValue))
        #expect(accented.points.count > base.points.count)
        #expect(Array(accented.points.prefix(base.points.count)) == base.points)
        let accentedBounds = try #require(
            try font.outline(of: GlyphIndex(rawValue: 171), size: 2048).controlPointBounds(transform: .identity))
        let baseBounds = try #require(
            try font.outline(of: TestFonts.glyph("e"), size: 2048).controlPointBounds(transform: .identity))
        #expect(accentedBounds.intersection(baseBounds) == baseBounds)
        #expect(accentedBounds.minY < baseBounds.minY)
        // The composite's own header records the union, 113, -29, 1151, 1638.
        #expect(try font.bounds(of: GlyphIndex(rawValue: 171), size: 2048) == accentedBounds)
    }

    @Test("The outline scales with the size and flips y")
    func outlineScale() throws {
        let bounds = try #require(
            try font.outline(of: TestFonts.glyph("A"), size: 20.48).controlPointBounds(transform: .identity))
        #expect(abs(bounds.minX - 0.16) < 1e-9 && abs(bounds.maxX - 13.84) < 1e-9)
        #expect(abs(bounds.minY + 14.93) < 1e-9 && abs(bounds.maxY) < 1e-9)
    }

    @Test("A glyph past the font's end throws instead of reading out of bounds")
    func glyphOutOfRange() {
        #expect(throws: FontError.malformed("glyf")) { try font.outline(of: GlyphIndex(rawValue: 7000), size: 12) }
    }

    @Test("The system default font on Linux is DejaVu Sans, loaded once")
    func systemDefault() throws {
        #if os(Linux)
        let first = try Font.systemDefault()
        let second = try Font.systemDefault()
        #expect(first == second)
        #expect(first.glyphCount == font.glyphCount)
        #expect(Font.systemDefaultPath() == TestFonts.dejaVuSansPath)
        #endif
    }

    @Test("Copies of a font are equal; separate loads are not")
    func identity() throws {
        let copy = font
        #expect(copy == font)
        let again = try Font(contentsOfFile: TestFonts.dejaVuSansPath)
        #expect(again != font)
    }
}

@Suite("TrueType fonts: loading")
struct FontLoadingTests {
    @Test("A missing file throws unreadableFile")
    func missingFile() {
        #expect(throws: FontError.unreadableFile(path: "/nonexistent/font.ttf")) {
            try Font(contentsOfFile: "/nonexistent/font.ttf")
        }
    }

    @Test("Bytes that are not a font throw notTrueType or truncated")
    func notAFont() {
        #expect(throws: FontError.truncated("sfnt")) { try Font(data: []) }
        #expect(throws: FontError.notTrueType) { try Font(data: Array("OTTO and then some".utf8)) }
        #expect(throws: FontError.notTrueType) { try Font(data: [UInt8](repeating: 0, count: 64)) }
    }

    @Test("A font without required tables throws missingTable")
    func missingTables() {
        var data = TableBytes()
        data.u32(0x0001_0000)
        data.u16(0)
        data.u16(0)
        data.u16(0)
        data.u16(0)
        #expect(throws: FontError.missingTable("head")) { try Font(data: data.bytes) }
    }

    @Test(
        "A truncated DejaVu Sans throws a typed error", .enabled(if: TestFonts.hasDejaVuSans),
        arguments: [4, 12, 100, 300, 5000, 200_000, 614_200, 640_000, 680_000])
    func truncated(length: Int) throws {
        // Lengths that cut the header, the directory, and then glyf, head, kern and loca.
        let bytes = try #require(TestFonts.dejaVuSansBytes)
        #expect(throws: FontError.self) { try Font(data: Array(bytes.prefix(length))) }
    }

    @Test("A font cut after its last needed table still loads", .enabled(if: TestFonts.hasDejaVuSans))
    func truncatedUnusedTables() throws {
        let bytes = try #require(TestFonts.dejaVuSansBytes)
        let font = try Font(data: Array(bytes.prefix(700_000)))
        #expect(font.glyphIndex(for: "A") == GlyphIndex(rawValue: 36))
    }
}
