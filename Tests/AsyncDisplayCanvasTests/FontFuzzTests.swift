import Testing

@testable import AsyncDisplayCanvas

/// Where each table of `bytes` lies, from its directory (which the tests leave intact).
private func tableRanges(_ bytes: [UInt8]) -> [String: Range<Int>] {
    func u16(_ offset: Int) -> Int { Int(bytes[offset]) << 8 | Int(bytes[offset + 1]) }
    func u32(_ offset: Int) -> Int { u16(offset) << 16 | u16(offset + 2) }
    var ranges: [String: Range<Int>] = [:]
    for index in 0..<u16(4) {
        let record = 12 + 16 * index
        let tag = String(decoding: bytes[record..<record + 4], as: UTF8.self)
        ranges[tag] = u32(record + 8)..<(u32(record + 8) + u32(record + 12))
    }
    return ranges
}

@Suite("TrueType fonts: mutated", .enabled(if: TestFonts.hasDejaVuSans, "DejaVu Sans is not installed"))
struct FontFuzzTests {
    /// Applies one seeded mutation: bit flips anywhere, a truncation, a corrupted directory
    /// entry, or random bytes in a table the parser reads (glyph data of common letters most).
    private func mutate(_ bytes: inout [UInt8], _ random: inout TestRandom, tables: [String: Range<Int>]) {
        let tableCount = Int(bytes[5])
        switch random.int(6) {
        case 0:
            for _ in 0...random.int(8) { bytes[random.int(bytes.count)] ^= 1 << UInt8(random.int(8)) }
        case 1:
            bytes.removeLast(random.int(bytes.count))
        case 2:
            // A table's offset or length replaced, nudged, or pointed past the end.
            let field = 12 + 16 * random.int(tableCount) + 8 + 4 * random.int(2)
            let value: UInt32 = [UInt32.max, UInt32(random.int(bytes.count)), UInt32(bytes.count + random.int(100))][
                random.int(3)]
            for byte in 0..<4 { bytes[field + byte] = UInt8(truncatingIfNeeded: value >> (24 - 8 * byte)) }
        case 3:
            // The glyph data of the letters the test draws.
            let glyf = tables["glyf"]!
            let start = glyf.lowerBound + random.int(1200) * 4 + random.int(24_000)
            for offset in start..<min(start + 1 + random.int(16), glyf.upperBound) {
                bytes[offset] = UInt8(random.int(256))
            }
        case 4:
            // Random bytes in one of the tables read at load.
            let tag = ["head", "hhea", "maxp", "hmtx", "cmap", "loca", "kern"][random.int(7)]
            let range = tables[tag]!
            for _ in 0...random.int(6) {
                bytes[range.lowerBound + random.int(min(range.count, 4096))] = UInt8(random.int(256))
            }
        default:
            // A big-endian field set to an extreme value somewhere in the first tables' headers.
            let range = tables[["head", "hhea", "maxp", "cmap", "loca", "kern"][random.int(6)]]!
            let offset = range.lowerBound + 2 * random.int(min(range.count / 2, 32))
            let value = [0, 0xFFFF, 0x8000, 0x7FFF, 1][random.int(5)]
            bytes[offset] = UInt8(value >> 8)
            bytes[offset + 1] = UInt8(value & 0xFF)
        }
    }

    @Test("Two thousand mutated fonts each load or throw, and what loads lays out and draws")
    func mutatedFonts() throws {
        let original = try #require(TestFonts.dejaVuSansBytes)
        let tables = tableRanges(original)
        var random = TestRandom(seed: 0xF0_0D)
        var loaded = 0
        for _ in 0..<2_000 {
            var bytes = original
            mutate(&bytes, &random, tables: tables)
            guard let font = try? Font(data: bytes) else { continue }
            loaded += 1
            let text = StyledText("Hamburg AVé…😀", font: font, size: 9)
            let layout = TextLayout(text, width: 40, options: .init(maximumLineCount: 2))
            var canvas = Canvas(width: 48, height: 24, background: .white)
            canvas.draw(layout, at: Point(x: 1, y: 1), cache: GlyphCache(byteLimit: 16_384))
            for scalar in "Hé".unicodeScalars {
                if let glyph = font.glyphIndex(for: scalar) { _ = try? font.outline(of: glyph, size: 9) }
            }
        }
        // Most mutations leave the tables read at load intact enough to load.
        #expect(loaded > 500)
    }
}
