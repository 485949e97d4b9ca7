import Testing

@testable import AsyncDisplayCanvas

/// A format 4 subtable: segments (start, end, delta, glyph array or nil for delta mapping).
private func format4(_ segments: [(Int, Int, Int, [Int]?)]) -> TableBytes {
    let count = segments.count
    var table = TableBytes()
    // Glyph arrays follow the idRangeOffset array, in segment order.
    var arrayOffsets: [Int?] = []
    var arrayWords = 0
    for (index, segment) in segments.enumerated() {
        if let glyphs = segment.3 {
            arrayOffsets.append(2 * (count - index) + 2 * arrayWords)
            arrayWords += glyphs.count
        } else {
            arrayOffsets.append(nil)
        }
    }
    table.u16(4)
    table.u16(16 + 8 * count + 2 * arrayWords)
    table.u16(0)
    table.u16(2 * count)
    table.u16(0)
    table.u16(0)
    table.u16(0)
    for segment in segments { table.u16(segment.1) }
    table.u16(0)
    for segment in segments { table.u16(segment.0) }
    for segment in segments { table.u16(segment.2) }
    for offset in arrayOffsets { table.u16(offset ?? 0) }
    for segment in segments { for glyph in segment.3 ?? [] { table.u16(glyph) } }
    return table
}

/// A format 12 subtable of (start, end, first glyph) groups.
private func format12(_ groups: [(Int, Int, Int)]) -> TableBytes {
    var table = TableBytes()
    table.u16(12)
    table.u16(0)
    table.u32(16 + 12 * groups.count)
    table.u32(0)
    table.u32(groups.count)
    for group in groups {
        table.u32(group.0)
        table.u32(group.1)
        table.u32(group.2)
    }
    return table
}

/// A cmap table holding `subtables` under (platform, encoding) records.
private func cmap(_ subtables: [(Int, Int, TableBytes)]) -> TableBytes {
    var table = TableBytes()
    table.u16(0)
    table.u16(subtables.count)
    var offset = 4 + 8 * subtables.count
    for subtable in subtables {
        table.u16(subtable.0)
        table.u16(subtable.1)
        table.u32(offset)
        offset += subtable.2.bytes.count
    }
    for subtable in subtables { table.bytes += subtable.2.bytes }
    return table
}

@Suite("TrueType tables: cmap and kern")
struct FontTableTests {
    @Test("Format 4 maps every BMP code like a naive reading of its segments")
    func format4Exhaustive() throws {
        let segments: [(Int, Int, Int, [Int]?)] = [
            (0x41, 0x43, 10 - 0x41, nil), (0x61, 0x63, 5, [20, 0, 22]), (0x3000, 0x3001, 0, nil),
            (0xFFF0, 0xFFFE, -0xFFF0 + 40, nil), (0xFFFF, 0xFFFF, 1, nil),
        ]
        let map = try CharacterMap(subtable: format4(segments).reader)
        func naive(_ code: Int) -> Int {
            for segment in segments where segment.0 <= code && code <= segment.1 {
                if let glyphs = segment.3 {
                    let glyph = glyphs[code - segment.0]
                    return glyph == 0 ? 0 : (glyph + segment.2) & 0xFFFF
                }
                return (code + segment.2) & 0xFFFF
            }
            return 0
        }
        for code in 0...0x10000 where Int(map.glyph(for: UInt32(code))) != naive(code) {
            Issue.record("code \(code): \(map.glyph(for: UInt32(code))) instead of \(naive(code))")
            return
        }
        #expect(map.glyph(for: 0x42) == 11)
        #expect(map.glyph(for: 0x61) == 25)
        #expect(map.glyph(for: 0x62) == 0)
    }

    @Test("Format 4 ignores idRangeOffsets that point past the subtable")
    func format4OutOfRange() throws {
        var table = format4([(0x41, 0x41, 0, [7]), (0xFFFF, 0xFFFF, 1, nil)])
        // Point the first segment's idRangeOffset far beyond the end.
        let rangeOffsetPosition = 16 + 3 * 4
        table.bytes[rangeOffsetPosition] = 0x7F
        let map = try CharacterMap(subtable: table.reader)
        #expect(map.glyph(for: 0x41) == 0)
    }

    @Test("Format 12 maps codes in and between its groups, beyond the BMP too")
    func format12Lookups() throws {
        let groups = [(0x20, 0x7E, 1), (0x1F600, 0x1F64F, 500), (0x10FFF0, 0x10FFFF, 0xFFFA)]
        let map = try CharacterMap(subtable: format12(groups).reader)
        func naive(_ code: Int) -> Int {
            for group in groups where group.0 <= code && code <= group.1 {
                let glyph = group.2 + code - group.0
                return glyph <= 0xFFFF ? glyph : 0
            }
            return 0
        }
        for code in Array(0...0x2_0000) + Array(0x10FF00...0x110001)
        where Int(map.glyph(for: UInt32(code))) != naive(code) {
            Issue.record("code \(code): \(map.glyph(for: UInt32(code))) instead of \(naive(code))")
            return
        }
    }

    @Test("Format 12 rejects a group count larger than the subtable")
    func format12Truncated() {
        var table = format12([(0x20, 0x7E, 1)])
        table.bytes[12] = 0x10
        #expect(throws: FontError.truncated("cmap")) { try CharacterMap(subtable: table.reader) }
    }

    @Test("The Windows full-repertoire subtable is preferred, and a broken one yields to the next")
    func subtableChoice() throws {
        let bmp = format4([(0x41, 0x41, 1, nil), (0xFFFF, 0xFFFF, 1, nil)])
        let full = format12([(0x41, 0x41, 9)])
        let preferred = try CharacterMap(table: cmap([(3, 1, bmp), (3, 10, full)]).reader)
        #expect(preferred.glyph(for: 0x41) == 9)
        var broken = full
        broken.bytes[12] = 0x7F
        let fallback = try CharacterMap(table: cmap([(3, 1, bmp), (3, 10, broken)]).reader)
        #expect(fallback.glyph(for: 0x41) == 0x42)
    }

    @Test("A cmap with only unsupported formats throws unsupportedFormat")
    func unsupportedSubtable() {
        var format6 = TableBytes()
        format6.u16(6)
        format6.u16(10)
        #expect(throws: FontError.unsupportedFormat(table: "cmap", format: 6)) {
            try CharacterMap(table: cmap([(1, 0, format6)]).reader)
        }
        #expect(throws: FontError.malformed("cmap")) { try CharacterMap(table: cmap([]).reader) }
    }

    /// A kern table with one format 0 subtable of `pairs`, with the given coverage.
    private func kern(_ pairs: [(Int, Int, Int)], coverage: Int = 1) -> TableBytes {
        var table = TableBytes()
        table.u16(0)
        table.u16(1)
        table.u16(0)
        table.u16(14 + 6 * pairs.count)
        table.u16(coverage)
        table.u16(pairs.count)
        table.u16(0)
        table.u16(0)
        table.u16(0)
        for pair in pairs {
            table.u16(pair.0)
            table.u16(pair.1)
            table.u16(pair.2)
        }
        return table
    }

    @Test("Kern format 0 finds every pair by binary search, even from an unsorted table")
    func kernPairs() throws {
        let pairs = [(5, 9, -40), (1, 2, -10), (1, 3, 20), (65535, 1, 7), (3, 1, -32768)]
        let table = try KerningTable(table: kern(pairs).reader)
        for pair in pairs {
            #expect(table.adjustment(between: UInt16(pair.0), and: UInt16(pair.1)) == pair.2)
        }
        for left in 0..<10 {
            for right in 0..<10 where !pairs.contains(where: { $0.0 == left && $0.1 == right }) {
                #expect(table.adjustment(between: UInt16(left), and: UInt16(right)) == 0)
            }
        }
    }

    @Test("Vertical and cross-stream kern subtables are skipped")
    func kernCoverage() throws {
        #expect(try KerningTable(table: kern([(1, 2, -10)], coverage: 0).reader).isEmpty)
        #expect(try KerningTable(table: kern([(1, 2, -10)], coverage: 5).reader).isEmpty)
    }

    @Test("A kern table whose pairs run past its end throws truncated")
    func kernTruncated() {
        var table = kern([(1, 2, -10)])
        table.bytes[11] = 0x40
        #expect(throws: FontError.truncated("test")) { try KerningTable(table: table.reader) }
    }

    @Test("Every read past a table's end throws truncated instead of trapping")
    func readerBounds() throws {
        let reader = try FontDataReader(bytes: [1, 2, 3, 4, 5, 6], offset: 2, length: 3, tag: "abcd")
        #expect(try reader.uint16(at: 0) == 0x0304)
        #expect(try reader.uint8(at: 2) == 5)
        #expect(throws: FontError.truncated("abcd")) { try reader.uint16(at: 2) }
        #expect(throws: FontError.truncated("abcd")) { try reader.uint32(at: 0) }
        #expect(throws: FontError.truncated("abcd")) { try reader.uint8(at: -1) }
        #expect(throws: FontError.truncated("abcd")) { try reader.uint16Array(at: 0, count: Int.max / 2) }
        #expect(throws: FontError.truncated("abcd")) { try reader.subrange(at: 1, length: 3) }
        #expect(throws: FontError.truncated("x")) { try FontDataReader(bytes: [1], offset: 1, length: 1, tag: "x") }
        #expect(throws: FontError.truncated("x")) {
            try FontDataReader(bytes: [1], offset: Int.max, length: Int.max, tag: "x")
        }
    }
}
