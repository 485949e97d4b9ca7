/// Glyph outlines from `glyf`, located through `loca`, parsed one glyph at a time on demand.
///
/// Composite glyphs are followed at most `maximumDepth` levels deep and through at most
/// `maximumComponents` components in all, so a cycle or an exponential tree of references
/// throws instead of looping or exhausting memory.
struct GlyphTable: Sendable {
    static let maximumDepth = 8
    static let maximumComponents = 256
    static let maximumPoints = 1 << 16

    private let glyf: FontDataReader
    /// `glyphCount + 1` byte offsets into `glyf`: glyph `g` spans `locations[g]..<locations[g + 1]`.
    private let locations: [UInt32]

    init(glyf: FontDataReader, loca: FontDataReader, glyphCount: Int, usesLongLocations: Bool) throws(FontError) {
        self.glyf = glyf
        var locations = [UInt32](repeating: 0, count: glyphCount + 1)
        for index in 0...glyphCount {
            locations[index] =
                usesLongLocations ? try loca.uint32(at: 4 * index) : UInt32(try loca.uint16(at: 2 * index)) * 2
        }
        self.locations = locations
    }

    var glyphCount: Int { locations.count - 1 }

    /// The glyph's data within `glyf`, or nil for a glyph without an outline (a space).
    private func data(of glyph: Int) throws(FontError) -> FontDataReader? {
        guard glyph >= 0, glyph < glyphCount else { throw .malformed("glyf") }
        let start = Int(locations[glyph])
        let end = Int(locations[glyph + 1])
        guard start <= end else { throw .malformed("loca") }
        guard start < end else { return nil }
        return try glyf.subrange(at: start, length: end - start)
    }

    /// The bounding box the glyph's header records, as (x minimum, y minimum, x maximum,
    /// y maximum) in font units; nil for a glyph without an outline.
    func recordedBounds(of glyph: Int) throws(FontError) -> (Int, Int, Int, Int)? {
        guard let data = try data(of: glyph) else { return nil }
        return (
            Int(try data.int16(at: 2)), Int(try data.int16(at: 4)), Int(try data.int16(at: 6)),
            Int(try data.int16(at: 8))
        )
    }

    /// The glyph's outline in font units; empty for a glyph without one.
    func outline(of glyph: Int) throws(FontError) -> GlyphOutline {
        var budget = Self.maximumComponents
        return try outline(of: glyph, depth: 0, budget: &budget)
    }

    private func outline(of glyph: Int, depth: Int, budget: inout Int) throws(FontError) -> GlyphOutline {
        guard let data = try data(of: glyph) else { return GlyphOutline() }
        let contourCount = Int(try data.int16(at: 0))
        if contourCount >= 0 { return try simpleOutline(data, contourCount: contourCount) }
        guard depth < Self.maximumDepth else { throw .malformed("glyf") }
        return try compositeOutline(data, depth: depth, budget: &budget)
    }

    private func simpleOutline(_ data: FontDataReader, contourCount: Int) throws(FontError) -> GlyphOutline {
        guard contourCount > 0 else { return GlyphOutline() }
        var outline = GlyphOutline()
        outline.contourEnds.reserveCapacity(contourCount)
        for contour in 0..<contourCount {
            let end = Int(try data.uint16(at: 10 + 2 * contour)) + 1
            guard end > (outline.contourEnds.last ?? 0) else { throw .malformed("glyf") }
            outline.contourEnds.append(end)
        }
        let pointCount = outline.contourEnds[contourCount - 1]
        let instructionLength = Int(try data.uint16(at: 10 + 2 * contourCount))
        var offset = 12 + 2 * contourCount + instructionLength
        // Flags, each possibly repeated; bits: 0 on curve, 1 x short, 2 y short, 3 repeat,
        // 4 x same or positive, 5 y same or positive.
        var flags = [UInt8]()
        flags.reserveCapacity(pointCount)
        while flags.count < pointCount {
            let flag = try data.uint8(at: offset)
            offset += 1
            var copies = 1
            if flag & 0x08 != 0 {
                copies += Int(try data.uint8(at: offset))
                offset += 1
            }
            guard copies <= pointCount - flags.count else { throw .malformed("glyf") }
            flags.append(contentsOf: repeatElement(flag, count: copies))
        }
        var xs = [Double](repeating: 0, count: pointCount)
        var ys = [Double](repeating: 0, count: pointCount)
        for (axis, shortBit, sameBit) in [(0, UInt8(0x02), UInt8(0x10)), (1, UInt8(0x04), UInt8(0x20))] {
            var value = 0
            for index in 0..<pointCount {
                let flag = flags[index]
                if flag & shortBit != 0 {
                    let delta = Int(try data.uint8(at: offset))
                    offset += 1
                    value += flag & sameBit != 0 ? delta : -delta
                } else if flag & sameBit == 0 {
                    value += Int(try data.int16(at: offset))
                    offset += 2
                }
                if axis == 0 { xs[index] = Double(value) } else { ys[index] = Double(value) }
            }
        }
        outline.points = (0..<pointCount).map { index in
            GlyphOutline.Point(x: xs[index], y: ys[index], isOnCurve: flags[index] & 0x01 != 0)
        }
        return outline
    }

    private func compositeOutline(
        _ data: FontDataReader, depth: Int, budget: inout Int
    ) throws(FontError)
        -> GlyphOutline
    {
        var outline = GlyphOutline()
        var offset = 10
        var flags: UInt16 = 0
        repeat {
            budget -= 1
            guard budget >= 0 else { throw .malformed("glyf") }
            flags = try data.uint16(at: offset)
            let component = Int(try data.uint16(at: offset + 2))
            offset += 4
            // Bit 0: 16-bit arguments; bit 1: arguments are an offset, else point numbers.
            let areWords = flags & 0x0001 != 0
            let areOffsets = flags & 0x0002 != 0
            let first: Int
            let second: Int
            switch (areWords, areOffsets) {
            case (true, true): (first, second) = (Int(try data.int16(at: offset)), Int(try data.int16(at: offset + 2)))
            case (true, false):
                (first, second) = (Int(try data.uint16(at: offset)), Int(try data.uint16(at: offset + 2)))
            case (false, true): (first, second) = (Int(try data.int8(at: offset)), Int(try data.int8(at: offset + 1)))
            case (false, false):
                (first, second) = (Int(try data.uint8(at: offset)), Int(try data.uint8(at: offset + 1)))
            }
            offset += areWords ? 4 : 2
            var linear = (1.0, 0.0, 0.0, 1.0)
            if flags & 0x0008 != 0 {  // one scale
                let scale = try data.f2Dot14(at: offset)
                linear = (scale, 0, 0, scale)
                offset += 2
            } else if flags & 0x0040 != 0 {  // x and y scales
                linear = (try data.f2Dot14(at: offset), 0, 0, try data.f2Dot14(at: offset + 2))
                offset += 4
            } else if flags & 0x0080 != 0 {  // a 2 × 2 matrix
                linear = (
                    try data.f2Dot14(at: offset), try data.f2Dot14(at: offset + 2), try data.f2Dot14(at: offset + 4),
                    try data.f2Dot14(at: offset + 6)
                )
                offset += 8
            }
            var part = GlyphOutline()
            part.append(try self.outline(of: component, depth: depth + 1, budget: &budget), linear: linear)
            var dx = 0.0
            var dy = 0.0
            if areOffsets {
                (dx, dy) = (Double(first), Double(second))
                if flags & 0x0800 != 0 {  // scaled component offset
                    (dx, dy) = (linear.0 * dx + linear.2 * dy, linear.1 * dx + linear.3 * dy)
                }
            } else {
                // Align the component's point `second` with the point `first` placed so far.
                guard first < outline.points.count, second < part.points.count else { throw .malformed("glyf") }
                dx = outline.points[first].x - part.points[second].x
                dy = outline.points[first].y - part.points[second].y
            }
            outline.append(part, dx: dx, dy: dy)
            guard outline.points.count <= Self.maximumPoints else { throw .malformed("glyf") }
        } while flags & 0x0020 != 0  // more components
        return outline
    }
}
