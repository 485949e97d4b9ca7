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
        if entry.isNew { planFilter(u: start.u, count: count, rows: &rows, entry: entry.index) }
        let plan = rows.plan(of: entry.index)
        let top = filteredRow(y0, keeping: y1, u: start.u, count: count, plan: plan, rows: &rows, entry: entry.index)
        // Mixing a row with itself, or with a weight of 0, gives the row back exactly.
        guard fy != 0, y1 != y0 else {
            row.update(from: top, count: count)
            return
        }
        let bottom = filteredRow(
            y1, keeping: y0, u: start.u, count: count, plan: plan, rows: &rows, entry: entry.index)
        Self.mixRows(top, bottom, weight: fy, count: count, into: row)
    }

    /// Works out the plan of a new entry for the span of `count` pixels from position `u`
    /// (16.16 fixed point): the positions move one way, so those whose two image pixels lie
    /// inside the image are one run, whose groups of four get their columns and weights.
    private func planFilter(u start: Int, count: Int, rows: inout ImageRowCache, entry: Int) {
        let lastColumn = width - 1
        let plan = rows.plan(of: entry)
        var u = start
        var index = 0
        while index < count && !(u >= 0 && u >> 16 < lastColumn) {
            u &+= step.u
            index &+= 1
        }
        let lead = index
        // Safe: writes go to pixels below `count`, which the plan buffers hold.
        while index &+ 4 <= count {
            let last = u &+ step.u &* 3
            guard last >= 0 && last >> 16 < lastColumn else { break }
            for _ in 0..<4 {
                let weight = UInt32(truncatingIfNeeded: (u >> 8) & 0xFF)
                plan.columns[index] = Int32(truncatingIfNeeded: u >> 16)
                plan.weights[index] = weight | weight << 16
                u &+= step.u
                index &+= 1
            }
        }
        rows.setPlan(of: entry, lead: lead, groups: (index - lead) / 4)
    }

    /// Image row `line` filtered across for the span at `u`, from `rows` or made there.
    @inline(__always)
    private func filteredRow(
        _ line: Int, keeping kept: Int, u: Int, count: Int, plan: ImageRowCache.Plan, rows: inout ImageRowCache,
        entry: Int
    ) -> UnsafePointer<UInt32> {
        let place = rows.place(for: line, keeping: kept, entry: entry)
        if !place.isFiltered {
            // Safe: `line` is a clamped row of the image.
            Self.filter(
                storage.pixels + line * width, lastColumn: width - 1, u: u, step: step.u, count: count, plan: plan,
                into: place.row)
        }
        return UnsafePointer(place.row)
    }

    /// Mixes each of `count` positions from `u`, `step` apart (16.16 fixed point), between the
    /// two pixels of `line` around it, edges repeated.
    ///
    /// The run of `plan` four at a time in 16-bit lanes, each pair of pixels one 8-byte load;
    /// the pixels before and after it one at a time, clamped.
    private static func filter(
        _ line: UnsafePointer<UInt32>, lastColumn: Int, u start: Int, step: Int, count: Int,
        plan: ImageRowCache.Plan, into filtered: UnsafeMutablePointer<UInt32>
    ) {
        // Safe: stores go to pixels below `count`; clamped columns stay in the line.
        for index in 0..<plan.lead {
            filtered[index] = mixClamped(line, lastColumn: lastColumn, u: start &+ step &* index)
        }
        let bytes = UnsafeRawPointer(line)
        let output = UnsafeMutableRawPointer(filtered)
        let columns = plan.columns
        let weights = UnsafeRawPointer(plan.weights)
        var index = plan.lead
        let runEnd = index &+ plan.groups &* 4
        // Safe: the plan's columns c have 0 ≤ c < `lastColumn`, so each load reads columns c
        // and c + 1 of the line; the run lies below `count`.
        while index < runEnd {
            let p0 = bytes.loadUnaligned(fromByteOffset: Int(columns[index]) &* 4, as: SIMD2<UInt32>.self)
            let p1 = bytes.loadUnaligned(fromByteOffset: Int(columns[index &+ 1]) &* 4, as: SIMD2<UInt32>.self)
            let p2 = bytes.loadUnaligned(fromByteOffset: Int(columns[index &+ 2]) &* 4, as: SIMD2<UInt32>.self)
            let p3 = bytes.loadUnaligned(fromByteOffset: Int(columns[index &+ 3]) &* 4, as: SIMD2<UInt32>.self)
            let left = SIMD4(p0[0], p1[0], p2[0], p3[0])
            let right = SIMD4(p0[1], p1[1], p2[1], p3[1])
            let f = weights.loadUnaligned(fromByteOffset: index &* 4, as: SIMD8<UInt16>.self)
            output.storeBytes(
                of: mixLanes(left.lanes16, right.lanes16, f, 256 &- f), toByteOffset: index &* 4,
                as: SIMD8<UInt16>.self)
            index &+= 4
        }
        while index < count {
            filtered[index] = mixClamped(line, lastColumn: lastColumn, u: start &+ step &* index)
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
