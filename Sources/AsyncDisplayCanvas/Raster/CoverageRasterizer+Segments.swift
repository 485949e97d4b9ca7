/// Segment accumulation: the signed area each segment sweeps to its right, row by row, into the
/// cells it crosses.
///
/// A segment's slope is worked out once; each row then needs only multiplications, so no row
/// divides. Steep pieces (at most one column of travel per row) span at most two columns in a
/// row and take one straight-line step for both; shallower ones walk the columns they cross.
extension CoverageRasterizer {
    /// Adds the segment from `p0` to `p1`, in pixels of this area.
    ///
    /// A segment crossing the left or right edge is split there, so that each piece lies wholly
    /// left of, inside or right of the area. Pieces left of it count as vertical at its left edge
    /// (what lies right of them is still covered, which keeps their area exact); pieces right of
    /// it could only reach cells past the last pixel, so they are dropped.
    func addLine(from p0: Point, to p1: Point) {
        let right = Double(width)
        // Most segments lie inside the area. `v − v` is 0 for a finite `v` and NaN otherwise, so
        // the sum is 0 only when all four coordinates are finite; then the nearer and farther
        // ends across bound both.
        let finite = (p0.x - p0.x) + (p0.y - p0.y) + (p1.x - p1.x) + (p1.y - p1.y) == 0
        if finite, Self.lower(p0.x, p1.x) >= 0, Self.upper(p0.x, p1.x) <= right {
            addPiece(from: p0, to: p1)
            return
        }
        guard p0.y != p1.y, p0.x.isFinite, p0.y.isFinite, p1.x.isFinite, p1.y.isFinite else { return }
        let leftCrossing = Self.crossing(p0.x, p1.x, at: 0)
        let rightCrossing = Self.crossing(p0.x, p1.x, at: right)
        var start = p0
        func addOutside(to end: Point) {
            let middle = 0.5 * (start.x + end.x)
            if middle < 0 {
                addSplitPiece(from: Point(x: 0, y: start.y), to: Point(x: 0, y: end.y))
            } else if middle <= right {
                addSplitPiece(from: start, to: end)
            }
            start = end
        }
        func split(at t: Double, x: Double) {
            guard t < 1 else { return }
            addOutside(to: Point(x: x, y: p0.y + (p1.y - p0.y) * t))
        }
        if leftCrossing < rightCrossing {
            split(at: leftCrossing, x: 0)
            split(at: rightCrossing, x: right)
        } else {
            split(at: rightCrossing, x: right)
            split(at: leftCrossing, x: 0)
        }
        addOutside(to: p1)
    }

    /// Where, as a fraction of the segment, `x0 → x1` crosses `edge`; 1 when it doesn't.
    @inline(__always)
    private static func crossing(_ x0: Double, _ x1: Double, at edge: Double) -> Double {
        let (a, b) = (x0 - edge, x1 - edge)
        guard (a < 0 && b > 0) || (a > 0 && b < 0) else { return 1 }
        return a / (a - b)
    }

    /// `addPiece(from:to:)` out of line, for the few pieces of split segments.
    @inline(never)
    private func addSplitPiece(from p0: Point, to p1: Point) {
        addPiece(from: p0, to: p1)
    }

    /// Adds a segment with finite ends within `0...width` across.
    @inline(__always)
    private func addPiece(from p0: Point, to p1: Point) {
        let (direction, top, bottom): (Double, Point, Point) = p0.y < p1.y ? (1, p0, p1) : (-1, p1, p0)
        // Both finite, so the one-instruction forms of max and min do.
        let yStart = Self.upper(top.y, 0)
        let yEnd = Self.lower(bottom.y, Double(height))
        // Also false for a horizontal piece.
        guard yStart < yEnd else { return }
        // Both slopes from one division: dx ÷ dy = dx² ÷ (dx·dy), and dy ÷ dx likewise.
        let (dx, dy) = (bottom.x - top.x, bottom.y - top.y)
        let reciprocal = 1 / (dx * dy)
        let dxdy = dx * dx * reciprocal
        let rows = Rows(top: yStart, bottom: yEnd)
        if rows.first < firstRow { firstRow = rows.first }
        if rows.end > endRow { endRow = rows.end }
        let one = Double(Self.one) * direction
        let travel = abs(dxdy)
        // Nearly vertical pieces move less than 2⁻³⁰ px per row, and nearly horizontal ones are
        // shorter than 2⁻³⁰ px in height: either counts as vertical at its middle (so does a
        // vertical one, whose slope comes out as NaN).
        guard travel >= 0x1p-30, travel <= 0x1p30 else {
            return addVertical(at: 0.5 * (top.x + bottom.x), rows: rows, one: one)
        }
        let x = top.x + (yStart - top.y) * dxdy
        // Height (in coverage units) per pixel of travel across.
        let slope = one * abs(dy * dy * reciprocal)
        if travel <= 1 {
            addSteep(from: x, dxdy: dxdy, rows: rows, one: one, slope: slope)
        } else {
            addShallow(from: x, dxdy: dxdy, rows: rows, one: one, slope: slope)
        }
    }

    /// The span of a piece within the area, from `top` down to `bottom`, and the rows it
    /// crosses, `first..<end`.
    struct Rows {
        let top: Double
        let bottom: Double
        let first: Int
        let end: Int

        /// For `0 ≤ top < bottom ≤ 2³⁰`.
        init(top: Double, bottom: Double) {
            self.top = top
            self.bottom = bottom
            // Floor and ceiling without checked conversions: rounded to the nearest, then one
            // step back where that went past.
            var first = Int(CoverageRasterizer.fixed(top))
            if Double(first) > top { first &-= 1 }
            var end = Int(CoverageRasterizer.fixed(bottom))
            if Double(end) < bottom { end &+= 1 }
            self.first = first
            self.end = end
        }
    }
}
