/// The row loops of segment accumulation: a piece's signed area added to the cells of each row it
/// crosses, so that each row's cells add up to exactly the piece's height in that row.
///
/// `one` is full coverage signed by the piece's direction, `slope` the same times the piece's
/// height per pixel of travel across. Every column written is within
/// `0...width + 2`, inside the stride: a piece's positions lie within `0...width` (its ends do,
/// and rounding moves the rows' positions by far less than half a pixel), the leftmost column is
/// kept at 0 or more, and a row's cells reach at most two past the floor of its leftmost position
/// (steep pieces) or one past the ceiling of its rightmost (shallow ones).
extension CoverageRasterizer {
    /// A piece at `x` from `rows.top` to `rows.bottom`: the same two cells in every row, scaled
    /// by the row's height.
    func addVertical(at x: Double, rows: Rows, one: Double) {
        let column = Self.clamp(x, Double(width))
        // The floor, or one less for a whole number, whose cell then gets nothing.
        let x0i = Int(Self.fixed(column - 0.5))
        let inside = one * (1 - (column - Double(x0i)))
        let (word, mask) = Self.touchedBits(from: x0i, to: x0i &+ 1)
        // Both columns lie within the stride (see above).
        forEachRow(from: column, dxdy: 0, rows: rows) { cell, bits, dy, _, _ in
            let part = Self.fixed(dy * inside)
            cell[x0i] &+= part
            cell[x0i &+ 1] &+= Self.fixed(dy * one) &- part
            bits[word] |= mask
        }
    }

    /// A piece starting at `x` on `rows.top` that moves `dxdy` (at most 1 across) per row: in
    /// a row it spans at most two columns, the first from its left end and the second up to its
    /// right end, each adding its height times how far right of its middle the column ends.
    func addSteep(from x: Double, dxdy: Double, rows: Rows, one: Double, slope: Double) {
        // Columns `c...c + 2` lie within the stride (see above; `c` is at most `width`).
        forEachRow(from: x, dxdy: dxdy, rows: rows) { cell, bits, dy, x0, x1 in
            // The floor of x0, or one less for a whole number (that column then gets nothing).
            let c = Self.nonNegative(Int(Self.fixed(x0 - 0.5)))
            let boundary = Double(c &+ 1)
            let scaled = dy * one
            let firstEnd = Self.lower(x1, boundary)
            let secondEnd = Self.upper(x1, boundary)
            let secondHeight = (secondEnd - boundary) * slope
            let first = Self.fixed((scaled - secondHeight) * (boundary - 0.5 * (x0 + firstEnd)))
            let last = Self.fixed(secondHeight * 0.5 * (secondEnd - boundary))
            cell[c] &+= first
            cell[c &+ 1] &+= Self.fixed(scaled) &- first &- last
            cell[c &+ 2] &+= last
            Self.touch(bits, c, c &+ 2)
        }
    }

    /// A piece starting at `x` on `rows.top` that moves `dxdy` (more than 1 across) per row: a
    /// triangle in a row's first column, trapezoids of the same height in the columns it crosses
    /// whole, and the remainder in the last.
    func addShallow(from x: Double, dxdy: Double, rows: Rows, one: Double, slope: Double) {
        // A whole column's share.
        let step = Self.fixed(slope)
        // Every column is at most `width + 1` (see above).
        forEachRow(from: x, dxdy: dxdy, rows: rows) { cell, bits, dy, x0, x1 in
            let scaled = dy * one
            let total = Self.fixed(scaled)
            // Floor and ceiling without checked conversions: rounding x ∓ ½ may land one column
            // further out when x is a whole number, which only adds a cell of zero area.
            let x0i = Self.nonNegative(Int(Self.fixed(x0 - 0.5)))
            let x0Floor = Double(x0i)
            let x1i = Int(Self.fixed(x1 + 0.5))
            if x1i <= x0i &+ 1 || x1 == x0 {
                // Within one column: the part left of the segment's middle stays in that column.
                let inside = Self.fixed(scaled * (x0Floor + 1 - 0.5 * (x0 + x1)))
                cell[x0i] &+= inside
                cell[x0i &+ 1] &+= total &- inside
                Self.touch(bits, x0i, x0i &+ 1)
            } else {
                let x0f = x0 - x0Floor
                let x1f = x1 - Double(x1i) + 1
                let firstArea = 0.5 * slope * (1 - x0f) * (1 - x0f)
                let lastArea = 0.5 * slope * x1f * x1f
                var sum = Self.fixed(firstArea)
                cell[x0i] &+= sum
                if x1i == x0i &+ 2 {
                    let middle = Self.fixed(scaled - firstArea - lastArea)
                    cell[x0i &+ 1] &+= middle
                    sum &+= middle
                } else {
                    let secondArea = slope * (1.5 - x0f) - firstArea
                    let second = Self.fixed(secondArea)
                    cell[x0i &+ 1] &+= second
                    sum &+= second
                    var column = x0i &+ 2
                    while column < x1i &- 1 {
                        cell[column] &+= step
                        column &+= 1
                    }
                    let wholeColumns = x1i &- x0i &- 3
                    sum &+= step &* Int32(truncatingIfNeeded: wholeColumns)
                    let middleArea = Double(wholeColumns) * slope
                    let beforeLast = Self.fixed(scaled - firstArea - secondArea - middleArea - lastArea)
                    cell[x1i &- 1] &+= beforeLast
                    sum &+= beforeLast
                }
                cell[x1i] &+= total &- sum
                Self.touch(bits, from: x0i, to: x1i)
            }
        }
    }

    /// Calls `body` for each row a piece crosses, starting at `x` on `rows.top` and moving `dxdy`
    /// per row, with the row's cells and touched bits, the piece's height in the row and its
    /// leftmost and rightmost positions there.
    ///
    /// The rows between the first and the last are whole, so `body` is inlined once for them
    /// with a height of exactly 1.
    @inline(__always)
    private func forEachRow(
        from x: Double, dxdy: Double, rows: Rows,
        _ body: (
            _ cell: UnsafeMutablePointer<Int32>, _ bits: UnsafeMutablePointer<UInt64>, _ dy: Double, _ x0: Double,
            _ x1: Double
        ) -> Void
    ) {
        let stride = self.stride
        let wordsPerRow = self.wordsPerRow
        // Safe: the rows lie within the area; `body` keeps to the columns of its row (see above).
        var cell = cells + rows.first &* stride
        var bits = touched + rows.first &* wordsPerRow
        let lastRow = rows.end &- 1
        guard rows.first < lastRow else {
            let xNext = x + dxdy * (rows.bottom - rows.top)
            return body(cell, bits, rows.bottom - rows.top, Self.lower(x, xNext), Self.upper(x, xNext))
        }
        let firstHeight = Double(rows.first &+ 1) - rows.top
        var xNext = x + dxdy * firstHeight
        body(cell, bits, firstHeight, Self.lower(x, xNext), Self.upper(x, xNext))
        for _ in (rows.first &+ 1)..<lastRow {
            cell += stride
            bits += wordsPerRow
            let x = xNext
            xNext = x + dxdy
            body(cell, bits, 1, Self.lower(x, xNext), Self.upper(x, xNext))
        }
        cell += stride
        bits += wordsPerRow
        let lastHeight = rows.bottom - Double(lastRow)
        let xEnd = xNext + dxdy * lastHeight
        body(cell, bits, lastHeight, Self.lower(xNext, xEnd), Self.upper(xNext, xEnd))
    }

    /// `value` limited to `0...limit`; NaN counts as 0.
    @inline(__always)
    static func clamp(_ value: Double, _ limit: Double) -> Double {
        lower(upper(value, 0), limit)
    }

    /// The smaller of `a` and `b`, or `b` when either is NaN: one instruction, where `min`
    /// orders NaN with a compare and masks.
    @inline(__always)
    static func lower(_ a: Double, _ b: Double) -> Double { a < b ? a : b }

    /// The larger of `a` and `b`, or `b` when either is NaN: one instruction (see `lower`).
    @inline(__always)
    static func upper(_ a: Double, _ b: Double) -> Double { a > b ? a : b }

    /// `value`, or 0 if it is negative, without a branch.
    @inline(__always)
    static func nonNegative(_ value: Int) -> Int { value & ~(value &>> 63) }

    /// Marks the groups holding cells `first` and `last` of a row (at most one group apart) as
    /// touched, without a branch.
    @inline(__always)
    static func touch(_ bits: UnsafeMutablePointer<UInt64>, _ first: Int, _ last: Int) {
        bits[first &>> (groupShift &+ 6)] |= 1 &<< UInt64((first &>> groupShift) & 63)
        bits[last &>> (groupShift &+ 6)] |= 1 &<< UInt64((last &>> groupShift) & 63)
    }

    /// Marks the groups holding cells `first...last` of a row as touched.
    @inline(__always)
    static func touch(_ bits: UnsafeMutablePointer<UInt64>, from first: Int, to last: Int) {
        if first &>> (groupShift &+ 6) == last &>> (groupShift &+ 6) {
            let (word, mask) = touchedBits(from: first, to: last)
            bits[word] |= mask
            return
        }
        for group in (first &>> groupShift)...(last &>> groupShift) {
            bits[group &>> 6] |= 1 &<< UInt64(group & 63)
        }
    }

    /// The word and bits that mark the groups holding cells `first...last` (`last − first` at
    /// most 255, within one word) as touched.
    @inline(__always)
    static func touchedBits(from first: Int, to last: Int) -> (word: Int, mask: UInt64) {
        let firstBit = UInt64((first &>> groupShift) & 63)
        let lastBit = UInt64((last &>> groupShift) & 63)
        // Ones from the first bit through the last: past bit 63 the shift gives zero, which the
        // subtraction turns into every bit from the first on.
        return (first &>> (groupShift &+ 6), (2 &<< lastBit) &- (1 &<< firstBit))
    }
}
