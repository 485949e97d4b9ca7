/// A glyph's outline in font units (y up): its points, on or off the curve, and where each
/// contour ends.
///
/// Off-curve points are quadratic control points; two in a row imply an on-curve point midway
/// between them (TrueType's convention).
struct GlyphOutline: Sendable, Equatable {
    struct Point: Sendable, Equatable {
        var x: Double
        var y: Double
        var isOnCurve: Bool
    }

    var points: [Point] = []
    /// The index one past the last point of each contour, increasing.
    var contourEnds: [Int] = []

    var isEmpty: Bool { points.isEmpty }

    /// The box of all the points (control points included) as (minimum x, minimum y, maximum x,
    /// maximum y), or nil for an empty outline. For a TrueType glyph this is what its `glyf`
    /// header records.
    var controlBounds: (Double, Double, Double, Double)? {
        guard let first = points.first else { return nil }
        var box = (first.x, first.y, first.x, first.y)
        for point in points {
            box = (min(box.0, point.x), min(box.1, point.y), max(box.2, point.x), max(box.3, point.y))
        }
        return box
    }

    /// Appends `other`'s contours, each point mapped by the linear part `(a, b, c, d)`
    /// (x' = a·x + c·y, y' = b·x + d·y) and then moved by `(dx, dy)`.
    mutating func append(
        _ other: GlyphOutline, linear: (Double, Double, Double, Double) = (1, 0, 0, 1), dx: Double = 0,
        dy: Double = 0
    ) {
        let base = points.count
        let (a, b, c, d) = linear
        for point in other.points {
            points.append(
                Point(x: a * point.x + c * point.y + dx, y: b * point.x + d * point.y + dy, isOnCurve: point.isOnCurve))
        }
        contourEnds.append(contentsOf: other.contourEnds.map { $0 + base })
    }

    /// The outline as a path whose points are `(x × scaleX + offsetX, y × scaleY + offsetY)`:
    /// lines and quadratic curves, every contour closed.
    func path(scaleX: Double, scaleY: Double, offsetX: Double, offsetY: Double) -> Path {
        var path = Path()
        func mapped(_ point: Point) -> AsyncDisplayCanvas.Point {
            AsyncDisplayCanvas.Point(x: point.x * scaleX + offsetX, y: point.y * scaleY + offsetY)
        }
        func midpoint(_ p: Point, _ q: Point) -> Point {
            Point(x: (p.x + q.x) / 2, y: (p.y + q.y) / 2, isOnCurve: true)
        }
        var start = 0
        for end in contourEnds {
            defer { start = end }
            guard end - start >= 2 else { continue }
            let contour = points[start..<end]
            // Start on an on-curve point: the first one, or the midpoint of the first two
            // off-curve points when there is none.
            let firstOn = contour.firstIndex(where: \.isOnCurve)
            let origin = firstOn.map { points[$0] } ?? midpoint(points[start], points[start + 1])
            let first = firstOn ?? start
            path.move(to: mapped(origin))
            var control: Point?
            for step in 1...(end - start) {
                let point = points[start + (first - start + step) % (end - start)]
                if point.isOnCurve {
                    if let pending = control {
                        path.addQuadCurve(to: mapped(point), control: mapped(pending))
                    } else {
                        path.addLine(to: mapped(point))
                    }
                    control = nil
                } else {
                    if let pending = control {
                        path.addQuadCurve(to: mapped(midpoint(pending, point)), control: mapped(pending))
                    }
                    control = point
                }
            }
            // Without an on-curve point the walk ended on `origin`'s first control point;
            // close through it.
            if let pending = control {
                path.addQuadCurve(to: mapped(origin), control: mapped(pending))
            }
            path.closeSubpath()
        }
        return path
    }
}
