/// The values this parser uses from `head`, `hhea` and `maxp`.
struct FontHeaderTables {
    var unitsPerEm: Int
    /// Whether `loca` holds 32-bit offsets (`indexToLocFormat` 1) rather than halved 16-bit ones.
    var usesLongLocations: Bool
    /// The font's bounding box: x minimum, y minimum, x maximum, y maximum, in font units.
    var boundingBox: (Int, Int, Int, Int)
    var ascender: Int
    var descender: Int
    var lineGap: Int
    var horizontalMetricCount: Int
    var glyphCount: Int

    init(_ directory: TableDirectory) throws(FontError) {
        let head = try directory.table("head")
        guard try head.uint32(at: 12) == 0x5F0F_3CF5 else { throw .malformed("head") }  // magic number
        unitsPerEm = Int(try head.uint16(at: 18))
        // The specification allows 16...16384; anything else would make sizes meaningless.
        guard (16...16384).contains(unitsPerEm) else { throw .malformed("head") }
        boundingBox = (
            Int(try head.int16(at: 36)), Int(try head.int16(at: 38)), Int(try head.int16(at: 40)),
            Int(try head.int16(at: 42))
        )
        switch try head.int16(at: 50) {
        case 0: usesLongLocations = false
        case 1: usesLongLocations = true
        case let format: throw .unsupportedFormat(table: "loca", format: Int(format))
        }
        let hhea = try directory.table("hhea")
        ascender = Int(try hhea.int16(at: 4))
        descender = Int(try hhea.int16(at: 6))
        lineGap = Int(try hhea.int16(at: 8))
        horizontalMetricCount = Int(try hhea.uint16(at: 34))
        glyphCount = Int(try directory.table("maxp").uint16(at: 4))
        guard glyphCount > 0, (1...glyphCount).contains(horizontalMetricCount) else { throw .malformed("hhea") }
    }
}

/// Advance widths and left side bearings from `hmtx`, one per glyph.
struct HorizontalMetrics {
    /// Advance width of each glyph, in font units.
    let advances: [UInt16]
    /// Left side bearing of each glyph, in font units.
    let leftBearings: [Int16]

    init(_ table: FontDataReader, metricCount: Int, glyphCount: Int) throws(FontError) {
        let bearingCount = glyphCount - metricCount
        try table.check(0, 4 * metricCount + 2 * bearingCount)
        var advances = [UInt16](repeating: 0, count: glyphCount)
        var leftBearings = [Int16](repeating: 0, count: glyphCount)
        for glyph in 0..<metricCount {
            advances[glyph] = try table.uint16(at: 4 * glyph)
            leftBearings[glyph] = try table.int16(at: 4 * glyph + 2)
        }
        // Glyphs after the last full metric share its advance (monospaced tails).
        let last = advances[metricCount - 1]
        for index in 0..<bearingCount {
            advances[metricCount + index] = last
            leftBearings[metricCount + index] = try table.int16(at: 4 * metricCount + 2 * index)
        }
        self.advances = advances
        self.leftBearings = leftBearings
    }
}
