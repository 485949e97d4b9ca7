import Foundation
import Testing

@testable import AsyncDisplayCanvas

/// The cubic segments of `path`, each with its start point.
private func cubics(of path: Path) -> [(Point, Point, Point, Point)] {
    var result: [(Point, Point, Point, Point)] = []
    var current = Point.zero
    for element in path.elements {
        switch element {
        case .move(let point), .line(let point), .quad(let point, _):
            current = point
        case .cubic(let point, let control1, let control2):
            result.append((current, control1, control2, point))
            current = point
        case .close:
            break
        }
    }
    return result
}

/// The point at `t` on a cubic.
private func evaluate(_ cubic: (Point, Point, Point, Point), at t: Double) -> Point {
    let u = 1 - t
    let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
    return Point(
        x: a * cubic.0.x + b * cubic.1.x + c * cubic.2.x + d * cubic.3.x,
        y: a * cubic.0.y + b * cubic.1.y + c * cubic.2.y + d * cubic.3.y)
}

private func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}

/// Every sampled point of every cubic of `path` lies on the circle, and the angle moves the
/// expected way; returns the angle swept, signed.
private func sweptAngle(_ path: Path, center: Point, radius: Double) -> Double {
    var swept = 0.0
    for cubic in cubics(of: path) {
        var previous = evaluate(cubic, at: 0)
        for step in 1...32 {
            let point = evaluate(cubic, at: Double(step) / 32)
            #expect(abs(distance(point, center) - radius) <= radius * 3e-4)
            let a = atan2(previous.y - center.y, previous.x - center.x)
            let b = atan2(point.y - center.y, point.x - center.x)
            var delta = b - a
            if delta > Double.pi { delta -= 2 * Double.pi }
            if delta < -Double.pi { delta += 2 * Double.pi }
            swept += delta
            previous = point
        }
    }
    return swept
}

@Suite("Path arcs")
struct ArcTests {
    @Test(
        "Arcs lie on their circle, in at most 90° cubics, sweeping the requested way",
        arguments: [
            // start, end, clockwise, expected sweep, cubic count
            (0.0, Double.pi / 2, true, Double.pi / 2, 1),
            (0.0, Double.pi, true, Double.pi, 2),
            (0.0, 2 * Double.pi, true, 2 * Double.pi, 4),
            (0.0, 7.0, true, 2 * Double.pi, 4),
            (0.0, Double.pi / 2, false, -3 * Double.pi / 2, 3),
            (Double.pi / 2, 0.0, false, -Double.pi / 2, 1),
            (Double.pi / 2, 0.0, true, 3 * Double.pi / 2, 3),
            (1.0, -2.0, false, -3.0, 2),
            (-7.0, -7.0, true, 0.0, 0),
        ])
    func arcs(start: Double, end: Double, clockwise: Bool, sweep: Double, count: Int) {
        let center = Point(x: 12.5, y: -3)
        let radius = 7.25
        var path = Path()
        path.addArc(center: center, radius: radius, startAngle: start, endAngle: end, clockwise: clockwise)
        #expect(cubics(of: path).count == count)
        #expect(abs(sweptAngle(path, center: center, radius: radius) - sweep) < 1e-9)
        guard case .move(let first) = path.elements.first else {
            Issue.record("an arc on an empty path starts with a move")
            return
        }
        #expect(distance(first, Point(x: center.x + radius * cos(start), y: center.y + radius * sin(start))) < 1e-12)
    }

    @Test("Clockwise turns towards +y, which is clockwise on screen")
    func direction() {
        var path = Path()
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: Double.pi / 2, clockwise: true)
        #expect(distance(path.currentPoint ?? .zero, Point(x: 0, y: 10)) < 1e-12)
        let quarter = cubics(of: path)[0]
        // The middle lies down and to the right of the centre.
        let middle = evaluate(quarter, at: 0.5)
        #expect(middle.x > 7 && middle.y > 7)
    }

    @Test("An arc on a path with a current point is joined to it by a line")
    func joinedByLine() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addArc(center: Point(x: 20, y: 0), radius: 5, startAngle: Double.pi, endAngle: 0, clockwise: true)
        guard case .line(let start) = path.elements[1] else {
            Issue.record("the arc starts with a line")
            return
        }
        #expect(distance(start, Point(x: 15, y: 0)) < 1e-12)
        #expect(cubics(of: path).count == 2)
    }

    @Test("A full circle built from arcs fills πr² within 0.5 %")
    func circleArea() {
        var path = Path()
        path.addArc(center: Point(x: 30, y: 30), radius: 20, startAngle: 0.3, endAngle: 0.3, clockwise: false)
        path.addArc(center: Point(x: 30, y: 30), radius: 20, startAngle: 0.3, endAngle: 0.3 + 2 * .pi, clockwise: true)
        path.closeSubpath()
        let area = filledArea(path, width: 60, height: 60)
        #expect(abs(area - Double.pi * 400) / (Double.pi * 400) < 0.005)
    }

    @Test("A tangent arc rounds the corner between the two tangent lines", arguments: [1.0, -1.0])
    func tangentArc(turn: Double) {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addArc(tangent1End: Point(x: 10, y: 0), tangent2End: Point(x: 10, y: 10 * turn), radius: 4)
        #expect(path.elements[1] == .line(Point(x: 6, y: 0)))
        let center = Point(x: 6, y: 4 * turn)
        #expect(abs(abs(sweptAngle(path, center: center, radius: 4)) - Double.pi / 2) < 1e-9)
        #expect(distance(path.currentPoint ?? .zero, Point(x: 10, y: 4 * turn)) < 1e-12)
    }

    @Test("A tangent arc on an acute corner meets both lines at r / tan(θ/2)")
    func acuteTangentArc() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        // A 60° corner at (20, 0): the tangent points lie 3 / tan 30° from it.
        let angle = Double.pi / 3
        path.addArc(
            tangent1End: Point(x: 20, y: 0), tangent2End: Point(x: 20 - 10 * cos(angle), y: 10 * sin(angle)), radius: 3)
        let reach = 3 / tan(angle / 2)
        guard case .line(let first) = path.elements[1] else {
            Issue.record("a tangent arc starts with a line to its first tangent point")
            return
        }
        #expect(distance(first, Point(x: 20 - reach, y: 0)) < 1e-12)
        let end = Point(x: 20 - reach * cos(angle), y: reach * sin(angle))
        #expect(distance(path.currentPoint ?? .zero, end) < 1e-12)
        let center = Point(x: 20 - reach, y: 3)
        #expect(abs(sweptAngle(path, center: center, radius: 3) - 2 * Double.pi / 3) < 1e-9)
    }

    @Test("Degenerate tangent arcs add a line to the corner, or only a move on an empty path")
    func degenerateTangentArcs() {
        for (corner, end, radius) in [
            (Point(x: 10, y: 0), Point(x: 20, y: 0), 3.0),  // collinear
            (Point(x: 10, y: 0), Point(x: -5, y: 0), 3.0),  // doubling back
            (Point(x: 10, y: 0), Point(x: 10, y: 0), 3.0),  // second tangent of zero length
            (Point(x: 0, y: 0), Point(x: 5, y: 5), 3.0),  // first tangent of zero length
            (Point(x: 10, y: 0), Point(x: 10, y: 10), 0.0),  // zero radius
        ] {
            var path = Path()
            path.move(to: .zero)
            path.addArc(tangent1End: corner, tangent2End: end, radius: radius)
            #expect(path.elements == [.move(.zero), .line(corner)])
        }
        var empty = Path()
        empty.addArc(tangent1End: Point(x: 3, y: 4), tangent2End: Point(x: 9, y: 9), radius: 2)
        #expect(empty.elements == [.move(Point(x: 3, y: 4))])
    }

    @Test("Non-finite inputs and negative radii leave the path unchanged")
    func nonFinite() {
        var base = Path()
        base.move(to: Point(x: 1, y: 2))
        let bad: [Double] = [.nan, .infinity, -.infinity]
        for value in bad {
            var path = base
            path.addArc(center: Point(x: value, y: 0), radius: 3, startAngle: 0, endAngle: 1, clockwise: true)
            path.addArc(center: .zero, radius: value, startAngle: 0, endAngle: 1, clockwise: true)
            path.addArc(center: .zero, radius: 3, startAngle: value, endAngle: 1, clockwise: true)
            path.addArc(center: .zero, radius: 3, startAngle: 0, endAngle: value, clockwise: false)
            path.addArc(tangent1End: Point(x: 0, y: value), tangent2End: Point(x: 5, y: 5), radius: 2)
            path.addArc(tangent1End: Point(x: 5, y: 0), tangent2End: Point(x: value, y: 5), radius: 2)
            path.addArc(tangent1End: Point(x: 5, y: 0), tangent2End: Point(x: 5, y: 5), radius: value)
            #expect(path == base)
        }
        var path = base
        path.addArc(center: .zero, radius: -1, startAngle: 0, endAngle: 1, clockwise: true)
        path.addArc(tangent1End: Point(x: 5, y: 0), tangent2End: Point(x: 5, y: 5), radius: -2)
        #expect(path == base)
    }

    @Test("A zero radius adds the centre point")
    func zeroRadius() {
        var path = Path()
        path.move(to: .zero)
        path.addArc(center: Point(x: 4, y: 5), radius: 0, startAngle: 0, endAngle: 3, clockwise: true)
        #expect(path.elements == [.move(.zero), .line(Point(x: 4, y: 5))])
    }
}
