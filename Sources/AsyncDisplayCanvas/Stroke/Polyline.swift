/// One flattened subpath or dash: distinct consecutive points, each marked as a corner (where
/// the line's join style applies) or a smooth vertex inside a flattened curve.
struct Polyline {
    private(set) var points: [Point] = []
    private(set) var corners: [Bool] = []
    /// Whether the last point connects back to the first.
    var isClosed = false
    /// Whether the subpath has any segment: a single point with one is a dot; without, nothing.
    var hasSegments = false
    /// The direction a dot's square cap faces.
    var dotDirection = Point(x: 1, y: 0)

    /// Makes room for `count` points without growing.
    mutating func reserveCapacity(_ count: Int) {
        points.reserveCapacity(count)
        corners.reserveCapacity(count)
    }

    /// Empties the polyline, keeping its buffers.
    mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        corners.removeAll(keepingCapacity: true)
        isClosed = false
        hasSegments = false
        dotDirection = Point(x: 1, y: 0)
    }

    /// Appends `point` unless it repeats the last point or is not finite (a skipped point passes
    /// its corner mark on to the last point).
    mutating func append(_ point: Point, isCorner: Bool) {
        guard point.x.isFinite, point.y.isFinite else { return }
        if let last = points.last {
            let dx = point.x - last.x
            let dy = point.y - last.y
            let lengthSquared = dx * dx + dy * dy
            guard lengthSquared > 0, lengthSquared.isFinite else {
                if isCorner { corners[corners.count - 1] = true }
                return
            }
        }
        points.append(point)
        corners.append(isCorner)
    }

    /// Drops a last point equal to the first, which a closed polyline reaches anyway.
    mutating func dropClosingPoint() {
        guard points.count > 1, points[points.count - 1] == points[0] else { return }
        points.removeLast()
        corners.removeLast()
    }
}

extension Path {
    /// Calls `body` with each subpath flattened into `polyline`, curves to within `tolerance`
    /// (in the path's units), as the fill does: at most 256 chords per curve.
    ///
    /// A segment after `closeSubpath()` without a move starts a new subpath at the closed one's
    /// start, as in CoreGraphics.
    ///
    /// Complexity: O(elements + chords).
    func forEachPolyline(tolerance: Double, into polyline: inout Polyline, _ body: (inout Polyline) -> Void) {
        polyline.removeAll()
        var start = Point.zero
        var current = Point.zero
        func finish() {
            if polyline.isClosed { polyline.dropClosingPoint() }
            if !polyline.points.isEmpty { body(&polyline) }
            polyline.removeAll()
        }
        func beginIfClosed() {
            guard polyline.isClosed else { return }
            finish()
            polyline.append(start, isCorner: true)
        }
        for element in elements {
            switch element {
            case .move(let point):
                finish()
                start = point
                current = point
                polyline.append(point, isCorner: true)
            case .line(let point):
                beginIfClosed()
                polyline.append(point, isCorner: true)
                polyline.hasSegments = true
                current = point
            case .quad(let point, let control):
                beginIfClosed()
                // The same curve as a cubic, whose control points lie 2/3 of the way to `control`.
                Self.flattenCubic(
                    from: current,
                    control1: Point(
                        x: current.x + (control.x - current.x) * 2 / 3, y: current.y + (control.y - current.y) * 2 / 3),
                    control2: Point(
                        x: point.x + (control.x - point.x) * 2 / 3, y: point.y + (control.y - point.y) * 2 / 3),
                    to: point, tolerance: tolerance, into: &polyline)
                polyline.hasSegments = true
                current = point
            case .cubic(let point, let control1, let control2):
                beginIfClosed()
                Self.flattenCubic(
                    from: current, control1: control1, control2: control2, to: point, tolerance: tolerance,
                    into: &polyline)
                polyline.hasSegments = true
                current = point
            case .close:
                polyline.isClosed = !polyline.points.isEmpty
                current = start
            }
        }
        finish()
    }

    /// Appends a cubic's chords by forward differences; the end point exactly.
    private static func flattenCubic(
        from p0: Point, control1 c1: Point, control2 c2: Point, to p1: Point, tolerance: Double,
        into polyline: inout Polyline
    ) {
        // The larger second difference of the control polygon, × 3/4, bounds the chord error.
        let e1x = p0.x - 2 * c1.x + c2.x
        let e1y = p0.y - 2 * c1.y + c2.y
        let e2x = c1.x - 2 * c2.x + p1.x
        let e2y = c1.y - 2 * c2.y + p1.y
        let bound = max(e1x * e1x + e1y * e1y, e2x * e2x + e2y * e2y).squareRoot() * 3 / 4
        let count = chordCount(bound: bound, tolerance: tolerance)
        if count > 1 {
            // B(t) = a t³ + b t² + c t + p0, stepped by forward differences.
            let a = SIMD2(p1.x - p0.x + 3 * (c1.x - c2.x), p1.y - p0.y + 3 * (c1.y - c2.y))
            let b = SIMD2(3 * e1x, 3 * e1y)
            let c = SIMD2(3 * (c1.x - p0.x), 3 * (c1.y - p0.y))
            var points = CubicSteps(SIMD2(p0.x, p0.y), c, b, a, step: 1 / Double(count))
            for _ in 1..<count {
                points.advance()
                polyline.append(Point(x: points.value.x, y: points.value.y), isCorner: false)
            }
        }
        polyline.append(p1, isCorner: true)
    }

    /// Chords needed so that a curve whose chord error is at most `bound / n²` for `n` chords
    /// stays within `tolerance`: 1...256.
    private static func chordCount(bound: Double, tolerance: Double) -> Int {
        let ratio = bound / tolerance
        guard ratio > 1 else { return 1 }
        guard ratio < 65_536 else { return 256 }
        return Int(ratio.squareRoot().rounded(.up))
    }
}
