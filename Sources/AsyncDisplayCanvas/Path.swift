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
    func forEachLine(scale: Double, tolerance: Double = 0.025, _ line: (Point, Point) -> Void) {
        forEachLine(transform: AffineTransform(scaleX: scale, y: scale), tolerance: tolerance, line)
    }

    /// Calls `line` for every straight segment of the path mapped by `transform`, with curves
    /// flattened to within `tolerance` pixels (fine enough that a 10 pt circle keeps its area
    /// within 0.5 %) and every subpath closed (a fill closes them).
    ///
    /// Curves are mapped by their control points, which is exact for an affine transform.
    func forEachLine(transform: AffineTransform, tolerance: Double = 0.025, _ line: (Point, Point) -> Void) {
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
                let end = mapped(point)
                let c = mapped(control)
                let segments = Self.segmentCount(deviation: Self.distance(current, c, end) / 4, tolerance: tolerance)
                var previous = current
                for step in 1...segments {
                    let t = Double(step) / Double(segments)
                    let u = 1 - t
                    let next = Point(
                        x: u * u * current.x + 2 * u * t * c.x + t * t * end.x,
                        y: u * u * current.y + 2 * u * t * c.y + t * t * end.y)
                    line(previous, next)
                    previous = next
                }
                current = end
            case .cubic(let point, let control1, let control2):
                let end = mapped(point)
                let c1 = mapped(control1)
                let c2 = mapped(control2)
                let deviation = max(Self.distance(current, c1, c2), Self.distance(c1, c2, end)) * 3 / 4
                let segments = Self.segmentCount(deviation: deviation, tolerance: tolerance)
                var previous = current
                for step in 1...segments {
                    let t = Double(step) / Double(segments)
                    let u = 1 - t
                    let a = u * u * u
                    let b = 3 * u * u * t
                    let cc = 3 * u * t * t
                    let d = t * t * t
                    let next = Point(
                        x: a * current.x + b * c1.x + cc * c2.x + d * end.x,
                        y: a * current.y + b * c1.y + cc * c2.y + d * end.y)
                    line(previous, next)
                    previous = next
                }
                current = end
            case .close:
                close()
                current = start
            }
        }
        close()
    }

    /// The smallest rectangle holding every point and control point mapped by `transform`
    /// (which holds the whole path), ignoring points that aren't finite; nil for an empty path.
    ///
    /// Complexity: O(elements).
    func controlPointBounds(transform: AffineTransform) -> Rect? {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        func extend(_ point: Point) {
            let mapped = transform.apply(to: point)
            guard mapped.x.isFinite && mapped.y.isFinite else { return }
            minX = min(minX, mapped.x)
            maxX = max(maxX, mapped.x)
            minY = min(minY, mapped.y)
            maxY = max(maxY, mapped.y)
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
        guard minX <= maxX, minY <= maxY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Segments needed so that a curve whose second difference is `deviation` stays within
    /// `tolerance` of its chords (at most 256).
    private static func segmentCount(deviation: Double, tolerance: Double) -> Int {
        guard deviation.isFinite, deviation > tolerance else { return 1 }
        return min(256, Int((deviation / tolerance).squareRoot().rounded(.up)))
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
