#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Circular arcs, built from cubic Bézier segments of at most 90° each.
///
/// Angles are in radians and the y axis points down, as in UIKit and CoreGraphics' flipped
/// contexts on iOS: the point at angle `θ` is `center + radius × (cos θ, sin θ)`, so angle 0 points
/// right, π/2 points down, and increasing angles turn clockwise on screen.
extension Path {
    /// Adds a circular arc around `center` from `startAngle` to `endAngle`, joined to the current
    /// point by a straight line (or starting a new subpath if the path is empty).
    ///
    /// `clockwise` arcs sweep with increasing angle (clockwise on screen, y pointing down), as
    /// `UIBezierPath` and the HTML canvas' `arc` do. A sweep of at least a full turn in the
    /// requested direction draws the whole circle; otherwise the sweep is the difference of the
    /// angles reduced to less than a full turn, so equal angles add only the start point.
    ///
    /// A radius of zero adds the centre point. Non-finite inputs or a negative radius change
    /// nothing (a documented no-op).
    public mutating func addArc(
        center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool
    ) {
        guard center.x.isFinite, center.y.isFinite, radius.isFinite, radius >= 0,
            startAngle.isFinite, endAngle.isFinite
        else { return }
        let fullTurn = 2 * Double.pi
        let difference = clockwise ? endAngle - startAngle : startAngle - endAngle
        var sweep: Double
        if difference >= fullTurn || !difference.isFinite {
            sweep = fullTurn
        } else {
            sweep = difference.truncatingRemainder(dividingBy: fullTurn)
            if sweep < 0 { sweep += fullTurn }
        }
        if !clockwise { sweep = -sweep }
        appendArc(center: center, radius: radius, startAngle: startAngle, sweep: sweep)
    }

    /// Adds an arc of `radius` tangent to the line from the current point to `tangent1End` and to
    /// the line from `tangent1End` to `tangent2End`, joined to the current point by a straight
    /// line, like CoreGraphics' `addArc(tangent1End:tangent2End:radius:)` and the HTML canvas'
    /// `arcTo`; the current point becomes the arc's second tangent point.
    ///
    /// On an empty path it only moves to `tangent1End`. When the three points lie on one line,
    /// two of them coincide, or the radius is zero, it adds a line to `tangent1End`. Non-finite
    /// inputs or a negative radius change nothing (a documented no-op).
    public mutating func addArc(tangent1End: Point, tangent2End: Point, radius: Double) {
        guard tangent1End.x.isFinite, tangent1End.y.isFinite, tangent2End.x.isFinite, tangent2End.y.isFinite,
            radius.isFinite, radius >= 0
        else { return }
        guard let current = currentPoint else {
            move(to: tangent1End)
            return
        }
        // Unit vectors from the corner towards the current point and towards the second end.
        let (toCurrent, lengthToCurrent) = Self.unitVector(from: tangent1End, to: current)
        let (toEnd, lengthToEnd) = Self.unitVector(from: tangent1End, to: tangent2End)
        let cross = toCurrent.x * toEnd.y - toCurrent.y * toEnd.x
        let cosine = toCurrent.x * toEnd.x + toCurrent.y * toEnd.y
        guard radius > 0, lengthToCurrent > 0, lengthToEnd > 0, cross != 0, cross.isFinite else {
            addLine(to: tangent1End)
            return
        }
        // With θ the angle at the corner, the tangent points lie r / tan(θ/2) from it and the
        // centre r / sin(θ/2) along the bisector; tan(θ/2) = sin θ / (1 + cos θ).
        let sine = abs(cross)
        let tangentDistance = radius * (1 + cosine) / sine
        let first = Point(
            x: tangent1End.x + toCurrent.x * tangentDistance, y: tangent1End.y + toCurrent.y * tangentDistance)
        let second = Point(x: tangent1End.x + toEnd.x * tangentDistance, y: tangent1End.y + toEnd.y * tangentDistance)
        // The centre lies `radius` from the first tangent point, on the side the corner turns to.
        let side: Double = cross > 0 ? 1 : -1
        let center = Point(x: first.x - toCurrent.y * radius * side, y: first.y + toCurrent.x * radius * side)
        guard first.x.isFinite, first.y.isFinite, second.x.isFinite, second.y.isFinite, center.x.isFinite,
            center.y.isFinite
        else {
            addLine(to: tangent1End)
            return
        }
        let startAngle = atan2(first.y - center.y, first.x - center.x)
        // The arc turns by π − θ, the way the corner turns.
        let turn = atan2(sine, -cosine)
        addLine(to: first)
        appendArc(center: center, radius: radius, startAngle: startAngle, sweep: cross > 0 ? -turn : turn)
    }

    /// The end of the last element: where the next segment starts; `nil` for an empty path.
    ///
    /// Complexity: O(1), or O(elements of the last subpath) after `closeSubpath()`.
    var currentPoint: Point? {
        guard let last = elements.last else { return nil }
        switch last {
        case .move(let point), .line(let point), .quad(let point, _), .cubic(let point, _, _):
            return point
        case .close:
            for element in elements.reversed() {
                if case .move(let point) = element { return point }
            }
            return nil
        }
    }

    /// Adds a line (or a move, on an empty path) to the arc's start, then cubic segments of at
    /// most 90° each; `sweep` is signed (positive turns with increasing angle).
    private mutating func appendArc(center: Point, radius: Double, startAngle: Double, sweep: Double) {
        func point(at angle: Double) -> Point {
            Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        let start = point(at: startAngle)
        if isEmpty { move(to: start) } else { addLine(to: start) }
        guard radius > 0, sweep != 0 else { return }
        // A hair of slack keeps a full turn at four segments despite rounding.
        let count = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(count)
        // The control-point distance for a cubic closest to an arc of `step`.
        let handle = 4.0 / 3.0 * tan(step / 4) * radius
        var angle = startAngle
        var from = start
        for index in 1...count {
            let next = index == count ? startAngle + sweep : startAngle + step * Double(index)
            let to = point(at: next)
            addCurve(
                to: to,
                control1: Point(x: from.x - handle * sin(angle), y: from.y + handle * cos(angle)),
                control2: Point(x: to.x + handle * sin(next), y: to.y - handle * cos(next)))
            angle = next
            from = to
        }
    }

    /// The unit vector from `a` towards `b` and the distance between them; a zero vector when
    /// they coincide or the distance is not finite.
    private static func unitVector(from a: Point, to b: Point) -> (Point, Double) {
        let dx = b.x - a.x
        let dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, length.isFinite else { return (.zero, 0) }
        return (Point(x: dx / length, y: dy / length), length)
    }
}
