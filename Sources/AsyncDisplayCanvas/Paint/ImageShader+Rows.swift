/// The row path of an unrotated image: each device row reads one pair of image rows, filtered
/// across once per span and kept for the next device row, then mixed down.
///
/// Gives exactly the pixels of `shadeEachPixel`: the same fixed-point positions, the same
/// clamping at the edges, and the same order of mixing (across, then down), only with the work
/// that is the same along a row or between rows done once.
extension ImageShader {
    /// Writes the source pixels of `count` pixels of device row `y` from column `x`, for a
    /// shader with level rows and a span that `rows` accepts.
    func shadeLevelRow(x: Int, y: Int, count: Int, into row: UnsafeMutablePointer<UInt32>, rows: inout ImageRowCache) {
        let start = startPosition(x: x, y: y)
        let lastRow = height - 1
        let line = start.v >> 16
        let fy = UInt32(truncatingIfNeeded: (start.v >> 8) & 0xFF)
        let y0 = min(max(line, 0), lastRow)
        let y1 = min(max(line + 1, 0), lastRow)
        let entry = rows.entry(x: x, count: count, u: start.u)
        let top = filteredRow(y0, keeping: y1, u: start.u, count: count, rows: &rows, entry: entry)
        // Mixing a row with itself, or with a weight of 0, gives the row back exactly.
        guard fy != 0, y1 != y0 else {
            row.update(from: top, count: count)
            return
        }
        let bottom = filteredRow(y1, keeping: y0, u: start.u, count: count, rows: &rows, entry: entry)
        Self.mixRows(top, bottom, weight: fy, count: count, into: row)
    }

    /// Image row `line` filtered across for the span at `u`, from `rows` or made there.
    @inline(__always)
    private func filteredRow(
        _ line: Int, keeping kept: Int, u: Int, count: Int, rows: inout ImageRowCache, entry: Int
    ) -> UnsafePointer<UInt32> {
        let place = rows.place(for: line, keeping: kept, entry: entry)
        if !place.isFiltered {
            // Safe: `line` is a clamped row of the image.
            Self.filter(
                storage.pixels + line * width, lastColumn: width - 1, u: u, step: step.u, count: count, into: place.row)
        }
        return UnsafePointer(place.row)
    }

    /// Mixes each of `count` positions from `u`, `step` apart (16.16 fixed point), between the
    /// two pixels of `line` around it, edges repeated.
    ///
    /// The positions move one way, so those whose two pixels lie inside the line are one run:
    /// its groups of four are mixed at once in 16-bit lanes, each pair of pixels one 8-byte
    /// load; the pixels before and after it, one at a time, clamped.
    private static func filter(
        _ line: UnsafePointer<UInt32>, lastColumn: Int, u start: Int, step: Int, count: Int,
        into filtered: UnsafeMutablePointer<UInt32>
    ) {
        var u = start
        var index = 0
        // Safe: stores go to pixels below `count`; clamped columns stay in the line.
        while index < count && !(u >= 0 && u >> 16 < lastColumn) {
            filtered[index] = mixClamped(line, lastColumn: lastColumn, u: u)
            u &+= step
            index &+= 1
        }
        let bytes = UnsafeRawPointer(line)
        let output = UnsafeMutableRawPointer(filtered)
        var lanes = SIMD4<UInt32>(
            UInt32(truncatingIfNeeded: u), UInt32(truncatingIfNeeded: u &+ step),
            UInt32(truncatingIfNeeded: u &+ step &* 2), UInt32(truncatingIfNeeded: u &+ step &* 3))
        let groupStep = SIMD4(repeating: UInt32(truncatingIfNeeded: step &* 4))
        // Safe: the group's first and last positions are inside, so all four are (they move one
        // way): each load reads columns c and c + 1 with 0 ≤ c < `lastColumn`.
        while index &+ 4 <= count {
            let u3 = u &+ step &* 3
            guard u3 >= 0 && u3 >> 16 < lastColumn else { break }
            let p0 = bytes.loadUnaligned(fromByteOffset: (u >> 16) &* 4, as: SIMD2<UInt32>.self)
            let p1 = bytes.loadUnaligned(fromByteOffset: ((u &+ step) >> 16) &* 4, as: SIMD2<UInt32>.self)
            let p2 = bytes.loadUnaligned(fromByteOffset: ((u &+ step &* 2) >> 16) &* 4, as: SIMD2<UInt32>.self)
            let p3 = bytes.loadUnaligned(fromByteOffset: (u3 >> 16) &* 4, as: SIMD2<UInt32>.self)
            let left = SIMD4(p0[0], p1[0], p2[0], p3[0])
            let right = SIMD4(p0[1], p1[1], p2[1], p3[1])
            // Each pixel's weight, bits 8...15 of its position, in both of its 16-bit lanes.
            let position = lanes & 0xFF00
            let f = (position &>> 8 | position &<< 8).lanes16
            output.storeBytes(
                of: mixLanes(left.lanes16, right.lanes16, f, 256 &- f), toByteOffset: index &* 4,
                as: SIMD8<UInt16>.self)
            lanes &+= groupStep
            u = u3 &+ step
            index &+= 4
        }
        while index < count {
            filtered[index] = mixClamped(line, lastColumn: lastColumn, u: u)
            u &+= step
            index &+= 1
        }
    }

    /// The pixel at position `u` (16.16 fixed point) across `line`, mixed between the two
    /// around it, edges repeated.
    @inline(__always)
    private static func mixClamped(_ line: UnsafePointer<UInt32>, lastColumn: Int, u: Int) -> UInt32 {
        let column = u >> 16
        let fx = UInt32(truncatingIfNeeded: (u >> 8) & 0xFF)
        // Safe: both columns are clamped to the line.
        return mix(line[min(max(column, 0), lastColumn)], line[min(max(column &+ 1, 0), lastColumn)], fx)
    }

    /// `mix(top[i], bottom[i], weight)` for `count` pixels: four at a time in 16-bit lanes,
    /// then one at a time.
    private static func mixRows(
        _ top: UnsafePointer<UInt32>, _ bottom: UnsafePointer<UInt32>, weight: UInt32, count: Int,
        into row: UnsafeMutablePointer<UInt32>
    ) {
        let f = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: weight))
        let g = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: 256 &- weight))
        let topBytes = UnsafeRawPointer(top)
        let bottomBytes = UnsafeRawPointer(bottom)
        let rowBytes = UnsafeMutableRawPointer(row)
        // Safe: every load and store covers pixels index..<index + 4 with index + 4 <= count.
        var index = 0
        while index &+ 4 <= count {
            let a = topBytes.loadUnaligned(fromByteOffset: index &* 4, as: SIMD8<UInt16>.self)
            let b = bottomBytes.loadUnaligned(fromByteOffset: index &* 4, as: SIMD8<UInt16>.self)
            rowBytes.storeBytes(of: mixLanes(a, b, f, g), toByteOffset: index &* 4, as: SIMD8<UInt16>.self)
            index &+= 4
        }
        while index < count {
            row[index] = mix(top[index], bottom[index], weight)
            index &+= 1
        }
    }

    /// `mix` of four pixel pairs at once: the pixels as 16-bit lanes, and each pixel's weights
    /// `f` and `g = 256 − f` in both of its lanes. Even bytes and odd bytes are mixed apart, and
    /// no sum `g·a + f·b` passes 255 × 256, so every lane gives what `mix` gives.
    @inline(__always)
    private static func mixLanes(
        _ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>, _ f: SIMD8<UInt16>, _ g: SIMD8<UInt16>
    ) -> SIMD8<UInt16> {
        let even = ((a & 0xFF) &* g &+ (b & 0xFF) &* f) &>> 8
        let odd = ((a &>> 8) &* g &+ (b &>> 8) &* f) & 0xFF00
        return even | odd
    }
}
