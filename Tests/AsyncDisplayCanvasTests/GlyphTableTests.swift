import Testing

@testable import AsyncDisplayCanvas

/// Hand-built `glyf` and `loca` tables: each glyph's bytes, located with long offsets.
private func glyphTable(_ glyphs: [TableBytes]) throws -> GlyphTable {
    var glyf = TableBytes()
    var loca = TableBytes()
    for glyph in glyphs {
        loca.u32(glyf.bytes.count)
        glyf.bytes += glyph.bytes
    }
    loca.u32(glyf.bytes.count)
    return try GlyphTable(glyf: glyf.reader, loca: loca.reader, glyphCount: glyphs.count, usesLongLocations: true)
}

/// A simple glyph: one contour per array of (x, y, on curve) points, deltas written with the
/// shortest encoding and runs of equal flags repeated.
private func simpleGlyph(_ contours: [[(Int, Int, Bool)]]) -> TableBytes {
    var glyph = TableBytes()
    let points = contours.flatMap { $0 }
    glyph.u16(contours.count)
    for _ in 0..<4 { glyph.u16(0) }
    var end = -1
    for contour in contours {
        end += contour.count
        glyph.u16(end)
    }
    glyph.u16(0)
    var flags: [UInt8] = []
    var xBytes = TableBytes()
    var yBytes = TableBytes()
    var previous = (0, 0)
    for point in points {
        var flag: UInt8 = point.2 ? 1 : 0
        for (delta, shortBit, sameBit, bytes) in [
            (point.0 - previous.0, UInt8(0x02), UInt8(0x10), 0), (point.1 - previous.1, UInt8(0x04), UInt8(0x20), 1),
        ] {
            var target = TableBytes()
            if delta == 0 {
                flag |= sameBit
            } else if abs(delta) < 256 {
                flag |= shortBit | (delta > 0 ? sameBit : 0)
                target.u8(abs(delta))
            } else {
                target.u16(delta)
            }
            if bytes == 0 { xBytes.bytes += target.bytes } else { yBytes.bytes += target.bytes }
        }
        flags.append(flag)
        previous = (point.0, point.1)
    }
    var index = 0
    while index < flags.count {
        var run = 1
        while index + run < flags.count, flags[index + run] == flags[index], run < 255 { run += 1 }
        if run > 1 {
            glyph.u8(Int(flags[index] | 0x08))
            glyph.u8(run - 1)
        } else {
            glyph.u8(Int(flags[index]))
        }
        index += run
    }
    glyph.bytes += xBytes.bytes + yBytes.bytes
    return glyph
}

/// A composite glyph of (glyph, flags, argument and scale words) components.
private func compositeGlyph(_ components: [(glyph: Int, flags: Int, words: [Int])]) -> TableBytes {
    var glyph = TableBytes()
    glyph.u16(0xFFFF)
    for _ in 0..<4 { glyph.u16(0) }
    for (index, component) in components.enumerated() {
        glyph.u16(component.flags | (index < components.count - 1 ? 0x20 : 0))
        glyph.u16(component.glyph)
        for word in component.words { glyph.u16(word) }
    }
    return glyph
}

@Suite("TrueType tables: glyf")
struct GlyphTableTests {
    let square = simpleGlyph([[(0, 0, true), (0, 300, true), (300, 300, true), (300, 0, true)]])

    @Test("Simple glyphs read back their points through repeats and short and long deltas")
    func simpleGlyphPoints() throws {
        let contours = [
            [(0, 0, true), (10, 0, true), (20, 0, true), (30, 0, true), (1000, -700, false), (-20, 5, true)],
            [(5, 5, false), (5, 5, false), (260, 5, true)],
        ]
        let table = try glyphTable([simpleGlyph(contours)])
        let outline = try table.outline(of: 0)
        #expect(outline.contourEnds == [6, 9])
        #expect(
            outline.points
                == contours.flatMap { $0 }.map { GlyphOutline.Point(x: Double($0.0), y: Double($0.1), isOnCurve: $0.2) }
        )
    }

    @Test("Off-curve points become quadratic curves, with implied on-curve midpoints")
    func impliedMidpoints() throws {
        let table = try glyphTable([simpleGlyph([[(0, 0, true), (100, 0, false), (100, 100, false)]])])
        let path = try table.outline(of: 0).path(scaleX: 1, scaleY: 1, offsetX: 0, offsetY: 0)
        #expect(
            path.elements == [
                .move(Point(x: 0, y: 0)), .quad(Point(x: 100, y: 50), control: Point(x: 100, y: 0)),
                .quad(Point(x: 0, y: 0), control: Point(x: 100, y: 100)), .close,
            ])
        let allOff = try glyphTable([simpleGlyph([[(0, 0, false), (100, 0, false), (100, 100, false)]])])
        let offPath = try allOff.outline(of: 0).path(scaleX: 1, scaleY: 1, offsetX: 0, offsetY: 0)
        #expect(offPath.elements.first == .move(Point(x: 50, y: 0)))
        #expect(offPath.elements.count == 5)
    }

    @Test("Composite glyphs place components by offset, scale, x/y scale and a 2×2 matrix")
    func compositeTransforms() throws {
        let table = try glyphTable([
            square,
            compositeGlyph([
                (0, 0x0003, [0, 0]),  // words, at the origin
                (0, 0x000B, [1000, 0, 0x2000]),  // moved 1000 right, scaled by 0.5
                (0, 0x0042, [0, 0x4000, 0x8000]),  // bytes (two in one word), x 1, y −2
                (0, 0x0083, [0, 0x0200, 0, 0x4000, 0x4000, 0]),  // swap x and y, moved up 512
            ]),
        ])
        let outline = try table.outline(of: 1)
        #expect(outline.contourEnds == [4, 8, 12, 16])
        #expect(outline.points[5] == GlyphOutline.Point(x: 1000, y: 150, isOnCurve: true))
        #expect(outline.points[9] == GlyphOutline.Point(x: 0, y: -600, isOnCurve: true))
        #expect(outline.points[13] == GlyphOutline.Point(x: 300, y: 512, isOnCurve: true))
    }

    @Test("Composite components can be aligned by matching point numbers")
    func pointMatching() throws {
        let table = try glyphTable([
            square,
            compositeGlyph([(0, 0x0003, [0, 0]), (0, 0x0000, [0x0200])]),  // its point 0 on our point 2
            compositeGlyph([(0, 0x0003, [0, 0]), (0, 0x0000, [0x0900])]),  // point 9 doesn't exist
        ])
        let outline = try table.outline(of: 1)
        #expect(outline.points[4] == GlyphOutline.Point(x: 300, y: 300, isOnCurve: true))
        #expect(throws: FontError.malformed("glyf")) { try table.outline(of: 2) }
    }

    @Test("A composite that refers to itself throws instead of recursing forever")
    func compositeCycle() throws {
        let table = try glyphTable([
            compositeGlyph([(0, 0x0003, [0, 0])]), compositeGlyph([(2, 0x0003, [0, 0])]),
            compositeGlyph([(1, 0x0003, [0, 0])]),
        ])
        #expect(throws: FontError.malformed("glyf")) { try table.outline(of: 0) }
        #expect(throws: FontError.malformed("glyf")) { try table.outline(of: 1) }
    }

    @Test("A wide tree of components runs out of budget instead of taking exponential time")
    func componentBudget() throws {
        let empty = TableBytes()
        let fanOut = { (child: Int) in compositeGlyph(Array(repeating: (child, 0x0003, [0, 0]), count: 8)) }
        let table = try glyphTable([empty, fanOut(0), fanOut(1), fanOut(2), fanOut(3)])
        #expect(try table.outline(of: 2).isEmpty)
        #expect(throws: FontError.malformed("glyf")) { try table.outline(of: 4) }
    }

    @Test("Bad glyph data throws: contour ends going backwards, too many flags, a backwards loca")
    func malformedSimpleGlyphs() throws {
        let twoContours = simpleGlyph([[(0, 0, true), (5, 5, true)], [(9, 9, true)]])
        var reversed = twoContours
        reversed.bytes[13] = 0
        var repeatOverflow = TableBytes()
        repeatOverflow.u16(1)
        for _ in 0..<4 { repeatOverflow.u16(0) }
        repeatOverflow.u16(1)
        repeatOverflow.u16(0)
        repeatOverflow.u8(0x09)
        repeatOverflow.u8(200)
        let table = try glyphTable([reversed, repeatOverflow])
        #expect(throws: FontError.malformed("glyf")) { try table.outline(of: 0) }
        #expect(throws: FontError.malformed("glyf")) { try table.outline(of: 1) }
        var loca = TableBytes()
        loca.u16(4)
        loca.u16(0)
        let backwardsLoca = try GlyphTable(
            glyf: TableBytes(bytes: [UInt8](repeating: 0, count: 16)).reader, loca: loca.reader, glyphCount: 1,
            usesLongLocations: false)
        #expect(throws: FontError.malformed("loca")) { try backwardsLoca.outline(of: 0) }
    }

    @Test("A loca table shorter than the glyph count throws truncated")
    func shortLoca() {
        #expect(throws: FontError.truncated("test")) {
            try GlyphTable(
                glyf: TableBytes().reader, loca: TableBytes(bytes: [0, 0]).reader, glyphCount: 3,
                usesLongLocations: false)
        }
    }
}
