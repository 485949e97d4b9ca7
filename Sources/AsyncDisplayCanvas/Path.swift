/// A shape made of straight and curved segments, in points: what a canvas fills.
///
/// Build it with `move(to:)`, `addLine(to:)`, `addQuadCurve(to:control:)`,
/// `addCurve(to:control1:control2:)` and `closeSubpath()`, or the shape helpers (`addRect`,
/// `addRoundedRect`, `addEllipse`). Curves are flattened into lines when filled.
public struct Path: Sendable, Hashable {
    enum Element: Sendable, Hashable {
        case move(Point)
        case line(Point)
        case quad(Point, control: Point)
        case cubic(Point, control1: Point, control2: Point)
        case close
    }

    private(set) var elements: [Element] = []
    private var start = Point.zero
    private var current = Point.zero

    public init() {}

    /// Makes room for `minimumCapacity` elements (moves, segments and closes), so a path built
    /// in a loop grows its storage once.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        elements.reserveCapacity(minimumCapacity)
    }

    /// Adds every subpath of `other`.
    public mutating func append(contentsOf other: Path) {
        guard !other.isEmpty else { return }
        elements.append(contentsOf: other.elements)
        start = other.start
        current = other.current
    }

    /// Whether the path has no segments.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new subpath at `point`.
    public mutating func move(to point: Point) {
        elements.append(.move(point))
        start = point
        current = point
    }

    /// A straight segment from the current point.
    public mutating func addLine(to point: Point) {
        if elements.isEmpty { move(to: current) }
        elements.append(.line(point))
        current = point
    }

    /// A quadratic Bézier segment.
    public mutating func addQuadCurve(to point: Point, control: Point) {
        if elements.isEmpty { move(to: current) }
        elements.append(.quad(point, control: control))
        current = point
    }

    /// A cubic Bézier segment.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        if elements.isEmpty { move(to: current) }
        elements.append(.cubic(point, control1: control1, control2: control2))
        current = point
    }

    /// Closes the current subpath with a straight segment back to its start.
    public mutating func closeSubpath() {
        guard !elements.isEmpty else { return }
        elements.append(.close)
        current = start
    }

    /// Adds a closed rectangle.
    public mutating func addRect(_ rect: Rect) {
        move(to: Point(x: rect.minX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.maxY))
        addLine(to: Point(x: rect.minX, y: rect.maxY))
        closeSubpath()
    }

    /// Adds a closed ellipse inscribed in `rect`, as four cubic arcs.
    public mutating func addEllipse(in rect: Rect) {
        let rx = rect.width / 2
        let ry = rect.height / 2
        let center = Point(x: rect.minX + rx, y: rect.minY + ry)
        // The control-point distance that makes a cubic closest to a quarter circle.
        let kx = 0.552_284_749_830_793_6 * rx
        let ky = 0.552_284_749_830_793_6 * ry
        move(to: Point(x: center.x + rx, y: center.y))
        addCurve(
            to: Point(x: center.x, y: center.y + ry), control1: Point(x: center.x + rx, y: center.y + ky),
            control2: Point(x: center.x + kx, y: center.y + ry))
        addCurve(
            to: Point(x: center.x - rx, y: center.y), control1: Point(x: center.x - kx, y: center.y + ry),
            control2: Point(x: center.x - rx, y: center.y + ky))
        addCurve(
            to: Point(x: center.x, y: center.y - ry), control1: Point(x: center.x - rx, y: center.y - ky),
            control2: Point(x: center.x - kx, y: center.y - ry))
        addCurve(
            to: Point(x: center.x + rx, y: center.y), control1: Point(x: center.x + kx, y: center.y - ry),
            control2: Point(x: center.x + rx, y: center.y - ky))
        closeSubpath()
    }

    /// Adds a closed rectangle with rounded corners; each radius is limited to half the side.
    public mutating func addRoundedRect(_ rect: Rect, radii: CornerRadii) {
        let limit = min(rect.width, rect.height) / 2
        func clamp(_ radius: Double) -> Double { radius.isNaN ? 0 : min(max(radius, 0), limit) }
        let topLeft = clamp(radii.topLeft)
        let topRight = clamp(radii.topRight)
        let bottomRight = clamp(radii.bottomRight)
        let bottomLeft = clamp(radii.bottomLeft)
        // The control-point distance that makes a cubic closest to a quarter circle.
        let k = 0.552_284_749_830_793_6
        move(to: Point(x: rect.minX + topLeft, y: rect.minY))
        addLine(to: Point(x: rect.maxX - topRight, y: rect.minY))
        addCurve(
            to: Point(x: rect.maxX, y: rect.minY + topRight),
            control1: Point(x: rect.maxX - topRight * (1 - k), y: rect.minY),
            control2: Point(x: rect.maxX, y: rect.minY + topRight * (1 - k)))
        addLine(to: Point(x: rect.maxX, y: rect.maxY - bottomRight))
        addCurve(
            to: Point(x: rect.maxX - bottomRight, y: rect.maxY),
            control1: Point(x: rect.maxX, y: rect.maxY - bottomRight * (1 - k)),
            control2: Point(x: rect.maxX - bottomRight * (1 - k), y: rect.maxY))
        addLine(to: Point(x: rect.minX + bottomLeft, y: rect.maxY))
        addCurve(
            to: Point(x: rect.minX, y: rect.maxY - bottomLeft),
            control1: Point(x: rect.minX + bottomLeft * (1 - k), y: rect.maxY),
            control2: Point(x: rect.minX, y: rect.maxY - bottomLeft * (1 - k)))
        addLine(to: Point(x: rect.minX, y: rect.minY + topLeft))
        addCurve(
            to: Point(x: rect.minX + topLeft, y: rect.minY),
            control1: Point(x: rect.minX, y: rect.minY + topLeft * (1 - k)),
            control2: Point(x: rect.minX + topLeft * (1 - k), y: rect.minY))
        closeSubpath()
    }

    /// Calls `line` for every straight segment of the path, scaled by `scale`, with curves
    /// flattened to within `tolerance` pixels and every subpath closed (a fill closes them).
    func forEachLine(scale: Double, tolerance: Double = 0.1, _ line: (Point, Point) -> Void) {
        forEachLine(transform: AffineTransform(scaleX: scale, y: scale), tolerance: tolerance, line)
    }

    /// Calls `line` for every straight segment of the path mapped by `transform`, with curves
    /// flattened to within about `tolerance` pixels, keeping their area (see `flattenCubic`),
    /// and every subpath closed (a fill closes them).
    ///
    /// Curves are mapped by their control points, which is exact for an affine transform.
    func forEachLine(transform: AffineTransform, tolerance: Double = 0.1, _ line: (Point, Point) -> Void) {
        var start = Point.zero
        var current = Point.zero
        var isOpen = false
        func mapped(_ point: Point) -> Point { transform.apply(to: point) }
        func close() {
            if isOpen && current != start { line(current, start) }
            isOpen = false
        }
        for element in elements {
            switch element {
            case .move(let point):
                close()
                start = mapped(point)
                current = start
                isOpen = true
            case .line(let point):
                let end = mapped(point)
                line(current, end)
                current = end
            case .quad(let point, let control):
                // A quadratic is the cubic with controls two thirds of the way to its control.
                let end = mapped(point)
                let c = mapped(control)
                let c1 = Point(x: current.x + (c.x - current.x) * 2 / 3, y: current.y + (c.y - current.y) * 2 / 3)
                let c2 = Point(x: end.x + (c.x - end.x) * 2 / 3, y: end.y + (c.y - end.y) * 2 / 3)
                Self.flattenCubic(current, c1, c2, end, tolerance: tolerance, line)
                current = end
            case .cubic(let point, let control1, let control2):
                let end = mapped(point)
                Self.flattenCubic(current, mapped(control1), mapped(control2), end, tolerance: tolerance, line)
                current = end
            case .close:
                close()
                // Segments after a close without a move start a new subpath at the same point.
                current = start
                isOpen = true
            }
        }
        close()
    }

    /// The smallest rectangle holding every point and control point mapped by `transform`
    /// (which holds the whole path), ignoring points that aren't finite; nil for an empty path.
    ///
    /// Complexity: O(elements).
    func controlPointBounds(transform: AffineTransform) -> Rect? {
        // Both coordinates at once: `transform.apply(to:)` lane by lane, in the same order.
        let alongX = SIMD2(transform.a, transform.b)
        let alongY = SIMD2(transform.c, transform.d)
        let offset = SIMD2(transform.tx, transform.ty)
        var low = SIMD2(repeating: Double.infinity)
        var high = SIMD2(repeating: -Double.infinity)
        func extend(_ point: Point) {
            let mapped = alongX * point.x + alongY * point.y + offset
            // `v − v` is 0 for a finite `v` and NaN otherwise.
            let finite = mapped - mapped
            guard finite.sum() == 0 else { return }
            low.replace(with: mapped, where: mapped .< low)
            high.replace(with: mapped, where: mapped .> high)
        }
        for element in elements {
            switch element {
            case .move(let point), .line(let point): extend(point)
            case .quad(let point, let control):
                extend(point)
                extend(control)
            case .cubic(let point, let control1, let control2):
                extend(point)
                extend(control1)
                extend(control2)
            case .close: break
            }
        }
        guard all(low .<= high) else { return nil }
        return Rect(x: low.x, y: low.y, width: high.x - low.x, height: high.y - low.y)
    }

    /// Flattens the cubic from `p0` through `c1` and `c2` to `p3` into chords within about
    /// `tolerance` pixels of it that keep its area.
    ///
    /// Chords between points on a curve cut its bulge off (by two thirds of the sagitta times the
    /// chord, each). So the inner points move outwards, away from the centre of curvature, by
    /// two thirds of the local sagitta — `B''⊥ · h² ÷ 12` for a parameter step `h` — which gives
    /// the cut area back: a flattened circle keeps its area to second order while its chords
    /// stay within the tolerance.
    private static func flattenCubic(
        _ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, tolerance: Double, _ line: (Point, Point) -> Void
    ) {
        let deviation = max(distance(p0, c1, c2), distance(c1, c2, p3)) * 3 / 4
        let segments = segmentCount(deviation: deviation, tolerance: tolerance)
        guard segments > 1 else { return line(p0, p3) }
        let h = 1 / Double(segments)
        // The end points stay put (neighbouring segments share them), so the inner points make
        // up for all `segments` chords: n ÷ (n − 1) times the per-chord amount.
        let k = h * h / 12 * Double(segments) / Double(segments - 1)
        // In powers of t, B(t) = p0 + A1·t + A2·t² + A3·t³, stepped by forward differences Δ, Δ²,
        // Δ³. For a cubic, Δ² − Δ³ = h²·B''(t) and Δ − Δ²/2 + Δ³/3 = h·B'(t).
        let a1 = SIMD2(3 * (c1.x - p0.x), 3 * (c1.y - p0.y))
        let a2 = SIMD2(3 * (c2.x - 2 * c1.x + p0.x), 3 * (c2.y - 2 * c1.y + p0.y))
        let a3 = SIMD2(p3.x - 3 * c2.x + 3 * c1.x - p0.x, p3.y - 3 * c2.y + 3 * c1.y - p0.y)
        var points = CubicSteps(SIMD2(p0.x, p0.y), a1, a2, a3, step: h)
        let shift = k / (h * h)
        var previous = p0
        for _ in 1..<segments {
            points.advance()
            let velocity = points.first - 0.5 * points.second + points.third / 3
            var across = points.second - points.third
            let speed = (velocity * velocity).sum()
            if speed > 0 {
                // Only the part of B'' across the curve bends it.
                across -= (across * velocity).sum() / speed * velocity
            }
            let moved = points.value - shift * across
            let next = Point(x: moved.x, y: moved.y)
            line(previous, next)
            previous = next
        }
        line(previous, p3)
    }

    /// The fewest chords (at most 256) that stay within `tolerance` of a cubic whose second
    /// difference is `deviation` once `flattenCubic` has moved them outwards.
    ///
    /// `deviation ÷ n²` bounds the sagitta of each of n chords. Their inner points move out by
    /// `n ÷ (n − 1)` times two thirds of it, and their middles stay inside by less than a
    /// sagitta minus that, so n(n − 1) ≥ 2 × `deviation` ÷ (3 × `tolerance`) keeps both within
    /// the tolerance: about √1.5 times fewer chords than unmoved chords need. One chord is
    /// never moved, so it needs the whole bulge within the tolerance.
    private static func segmentCount(deviation: Double, tolerance: Double) -> Int {
        guard deviation.isFinite, deviation > tolerance else { return 1 }
        let product = min(2 * deviation / (3 * tolerance), 1e6)
        let root = (1 + (1 + 4 * product).squareRoot()) / 2
        // The ceiling without a call or a checked conversion: rounded to the nearest, then one
        // up where that fell short (`root` is at most about 1,000).
        var count = Int(CoverageRasterizer.fixed(root))
        if Double(count) < root { count &+= 1 }
        return min(256, max(2, count))
    }

    /// The size of the second difference `a − 2b + c`.
    private static func distance(_ a: Point, _ b: Point, _ c: Point) -> Double {
        let x = a.x - 2 * b.x + c.x
        let y = a.y - 2 * b.y + c.y
        return (x * x + y * y).squareRoot()
    }
}

/// Radii of a rounded rectangle's corners, in points.
public struct CornerRadii: Sendable, Hashable {
    public var topLeft: Double
    public var topRight: Double
    public var bottomRight: Double
    public var bottomLeft: Double

    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The same radius at every corner.
    public init(all radius: Double) {
        self.init(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
    }
}

/// Which points a fill covers where a path crosses itself.
public enum FillRule: Sendable, Hashable {
    /// Inside where the path winds around the point any number of times but zero.
    case nonZero
    /// Inside where a ray from the point crosses the path an odd number of times.
    case evenOdd
}
