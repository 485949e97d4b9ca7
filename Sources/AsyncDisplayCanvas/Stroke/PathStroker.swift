/// Builds the outline of a stroke, polyline by polyline: a path that, filled with the non-zero
/// rule, covers exactly the stroke.
///
/// The outline is the sum of simple pieces, each wound the same way (positive area with y
/// pointing down, clockwise on screen): a quad per segment, a wedge per join on the outer side of
/// the turn, a cap per open end. Their shared edges cancel, so each polyline becomes one contour
/// (or two, for a closed one) that runs along the right side, around the end cap, back along the
/// left side and around the start cap. On the inner side of a turn the two quads overlap; where
/// both reach past the point where their inner edges cross, that point alone is kept and the
/// pieces tile without overlap, so coverage stays exact. Otherwise the contour goes through the
/// vertex itself, a loop wound the same way as the rest, which non-zero still fills.
struct PathStroker {
    private let shape: StrokeShape
    /// The outline so far; the current polyline's right side (y pointing down: the side a right
    /// turn bends towards) goes straight into it.
    private var writer = OutlineWriter()
    /// The current polyline's left side, in order along it, to be drawn backwards.
    private var left: [Point] = []

    /// A stroker for `style`, whose width must be positive and finite, with round pieces
    /// flattened to within `tolerance`.
    init(style: StrokeStyle, tolerance: Double) {
        shape = StrokeShape(style: style, tolerance: tolerance)
        left.reserveCapacity(256)
    }

    /// The outline of everything added.
    var outline: Path { writer.path }

    /// Adds the outline of `polyline`'s stroke.
    ///
    /// Complexity: O(points + chords of its round joins and caps).
    mutating func add(_ polyline: Polyline) {
        let points = polyline.points
        guard points.count > 1 else {
            if points.count == 1 && polyline.hasSegments {
                shape.appendDot(at: points[0], facing: polyline.dotDirection, into: &writer)
                writer.closeContour()
            }
            return
        }
        left.removeAll(keepingCapacity: true)
        // The closing segment was never checked for length: a degenerate one leaves it open.
        if polyline.isClosed, let closing = Segment(from: points[points.count - 1], to: points[0]) {
            addClosed(polyline, closing: closing)
        } else {
            addOpen(polyline)
        }
    }

    /// The contour of an open polyline: right side, end cap, left side backwards, start cap.
    private mutating func addOpen(_ polyline: Polyline) {
        let points = polyline.points
        let corners = polyline.corners
        let count = points.count
        // Consecutive points differ and are finite, so every segment has a direction.
        let first = Segment(from: points[0], to: points[1]) ?? Segment.degenerate
        shape.appendOffsets(of: points[0], along: first.direction, right: &writer, left: &left)
        var incoming = first
        var used = 0.0
        for index in 1..<(count - 1) {
            let outgoing = Segment(from: points[index], to: points[index + 1]) ?? Segment.degenerate
            used = shape.appendJoint(
                at: points[index], from: incoming.direction, to: outgoing.direction, isCorner: corners[index],
                room: (incoming.length - used, outgoing.length), right: &writer, left: &left)
            incoming = outgoing
        }
        shape.appendOffsets(of: points[count - 1], along: incoming.direction, right: &writer, left: &left)
        shape.appendCap(at: points[count - 1], facing: incoming.direction, into: &writer)
        for point in left.reversed() { writer.draw(point) }
        let back = Point(x: -first.direction.x, y: -first.direction.y)
        shape.appendCap(at: points[0], facing: back, into: &writer)
        writer.closeContour()
    }

    /// The two contours of a closed polyline: its right side, and its left side backwards.
    private mutating func addClosed(_ polyline: Polyline, closing: Segment) {
        let points = polyline.points
        let corners = polyline.corners
        let count = points.count
        // The join at the first point comes first; the room it takes at the end of the closing
        // segment is reserved.
        var outgoing = Segment(from: points[0], to: points[1]) ?? Segment.degenerate
        let reserved = shape.appendJoint(
            at: points[0], from: closing.direction, to: outgoing.direction, isCorner: corners[0],
            room: (closing.length, outgoing.length), right: &writer, left: &left)
        var used = reserved
        for index in 1..<count {
            let incoming = outgoing
            let isLast = index == count - 1
            outgoing = isLast ? closing : Segment(from: points[index], to: points[index + 1]) ?? Segment.degenerate
            used = shape.appendJoint(
                at: points[index], from: incoming.direction, to: outgoing.direction, isCorner: corners[index],
                room: (incoming.length - used, outgoing.length - (isLast ? reserved : 0)), right: &writer, left: &left)
        }
        writer.closeContour()
        for point in left.reversed() { writer.draw(point) }
        writer.closeContour()
    }
}

/// A straight segment's unit direction and length.
private struct Segment {
    let direction: Point
    let length: Double

    /// A stand-in that never occurs: polylines' consecutive points differ and are finite.
    static let degenerate = Segment(direction: Point(x: 1, y: 0), length: 0)

    private init(direction: Point, length: Double) {
        self.direction = direction
        self.length = length
    }

    /// The segment from `a` to `b`; `nil` if its length is zero or not finite.
    init?(from a: Point, to b: Point) {
        let dx = b.x - a.x
        let dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, length.isFinite else { return nil }
        let inverse = 1 / length
        self.init(direction: Point(x: dx * inverse, y: dy * inverse), length: length)
    }
}

/// Where a stroke's pieces append their points: a side kept for later, or the outline itself.
protocol StrokePointSink {
    mutating func append(_ point: Point)
}

extension Array: StrokePointSink where Element == Point {}

/// Draws points into a path as contours, skipping repeats.
struct OutlineWriter: StrokePointSink {
    private(set) var path = Path()
    private var isDrawing = false
    private var pen = Point.zero

    init() {
        path.reserveCapacity(256)
    }

    /// Extends the current contour to `point`, or starts one there.
    mutating func draw(_ point: Point) {
        if !isDrawing {
            path.move(to: point)
            isDrawing = true
        } else if point != pen {
            path.addLine(to: point)
        }
        pen = point
    }

    mutating func append(_ point: Point) { draw(point) }

    /// Closes the current contour, if any.
    mutating func closeContour() {
        guard isDrawing else { return }
        path.closeSubpath()
        isDrawing = false
    }
}
