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
    /// The points of the current polyline's right side (y pointing down: the side a right turn
    /// bends towards), in order.
    private var right: [Point] = []
    /// The points of its left side, in order along the polyline.
    private var left: [Point] = []
    private var directions: [Point] = []
    private var lengths: [Double] = []
    private(set) var outline = Path()
    private var isDrawing = false
    private var pen = Point.zero

    /// A stroker for `style`, whose width must be positive and finite, with round pieces
    /// flattened to within `tolerance`.
    init(style: StrokeStyle, tolerance: Double) {
        shape = StrokeShape(style: style, tolerance: tolerance)
    }

    /// Adds the outline of `polyline`'s stroke.
    ///
    /// Complexity: O(points + chords of its round joins and caps).
    mutating func add(_ polyline: Polyline) {
        let points = polyline.points
        let count = points.count
        guard count > 1 else {
            if count == 1 && polyline.hasSegments { addDot(at: points[0], facing: polyline.dotDirection) }
            return
        }
        var isClosed = polyline.isClosed
        directions.removeAll(keepingCapacity: true)
        lengths.removeAll(keepingCapacity: true)
        for index in 0..<count {
            let end = index + 1 < count ? points[index + 1] : points[0]
            let dx = end.x - points[index].x
            let dy = end.y - points[index].y
            let length = (dx * dx + dy * dy).squareRoot()
            if index + 1 == count {
                // The closing segment was never checked: drop it if it is degenerate.
                guard isClosed, length > 0, length.isFinite else {
                    isClosed = false
                    break
                }
            }
            directions.append(Point(x: dx / length, y: dy / length))
            lengths.append(length)
        }
        right.removeAll(keepingCapacity: true)
        left.removeAll(keepingCapacity: true)
        if isClosed {
            addClosed(polyline)
        } else {
            addOpen(polyline)
        }
    }

    /// The contour of an open polyline: right side, end cap, left side backwards, start cap.
    private mutating func addOpen(_ polyline: Polyline) {
        let points = polyline.points
        let segments = directions.count
        let first = directions[0]
        let last = directions[segments - 1]
        shape.appendOffset(of: points[0], along: first, right: &right, left: &left)
        var used = 0.0
        for index in 1..<segments {
            used = shape.appendJoint(
                at: points[index], from: directions[index - 1], to: directions[index],
                isCorner: polyline.corners[index], room: (lengths[index - 1] - used, lengths[index]),
                right: &right, left: &left)
        }
        shape.appendOffset(of: points[points.count - 1], along: last, right: &right, left: &left)
        shape.appendCap(at: points[points.count - 1], facing: last, into: &right)
        for point in right { draw(point) }
        for point in left.reversed() { draw(point) }
        right.removeAll(keepingCapacity: true)
        shape.appendCap(at: points[0], facing: Point(x: -first.x, y: -first.y), into: &right)
        for point in right { draw(point) }
        closeContour()
    }

    /// The two contours of a closed polyline: its right side, and its left side backwards.
    private mutating func addClosed(_ polyline: Polyline) {
        let points = polyline.points
        let segments = directions.count
        // The join at the first point comes first; the room it takes at the end of the last
        // segment is reserved.
        let reserved = shape.appendJoint(
            at: points[0], from: directions[segments - 1], to: directions[0], isCorner: polyline.corners[0],
            room: (lengths[segments - 1], lengths[0]), right: &right, left: &left)
        var used = reserved
        for index in 1..<segments {
            let after = lengths[index] - (index == segments - 1 ? reserved : 0)
            used = shape.appendJoint(
                at: points[index], from: directions[index - 1], to: directions[index],
                isCorner: polyline.corners[index], room: (lengths[index - 1] - used, after),
                right: &right, left: &left)
        }
        for point in right { draw(point) }
        closeContour()
        for point in left.reversed() { draw(point) }
        closeContour()
    }

    /// A disk, or a square facing `direction`, for a subpath or dash of zero length; nothing for
    /// butt caps.
    private mutating func addDot(at point: Point, facing direction: Point) {
        right.removeAll(keepingCapacity: true)
        shape.appendDot(at: point, facing: direction, into: &right)
        for point in right { draw(point) }
        closeContour()
    }

    /// Extends the current contour to `point`, skipping repeats.
    private mutating func draw(_ point: Point) {
        if !isDrawing {
            outline.move(to: point)
            isDrawing = true
        } else if point != pen {
            outline.addLine(to: point)
        }
        pen = point
    }

    private mutating func closeContour() {
        guard isDrawing else { return }
        outline.closeSubpath()
        isDrawing = false
    }
}
