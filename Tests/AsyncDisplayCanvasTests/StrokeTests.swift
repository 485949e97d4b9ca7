import Foundation
import Testing

@testable import AsyncDisplayCanvas

@Suite("Path strokes")
struct StrokeTests {
    @Test(
        "A straight line's stroke covers its length × width plus its caps",
        arguments: [
            (StrokeStyle.LineCap.butt, 0.0), (.square, 1.0), (.round, Double.pi / 4),
        ])
    func lineCaps(cap: StrokeStyle.LineCap, capFactor: Double) {
        for (length, width) in [(40.0, 6.0), (25.5, 3.3), (60.0, 11.0)] {
            let path = polylinePath([Point(x: 20.25, y: 40.4), Point(x: 20.25 + length, y: 40.4)])
            let area = strokedArea(path, style: StrokeStyle(width: width, lineCap: cap))
            let expected = length * width + capFactor * width * width
            #expect(abs(area - expected) / expected < 0.005, "length \(length), width \(width): \(area)")
        }
    }

    @Test("A diagonal line's stroke keeps its area at 2 pixels per point")
    func diagonalAtScale() {
        let path = polylinePath([Point(x: 5, y: 8), Point(x: 35, y: 38)])
        let area = strokedArea(path, style: StrokeStyle(width: 4, lineCap: .round), width: 90, height: 90, scale: 2)
        let expected = 30 * 2.0.squareRoot() * 4 + Double.pi * 4
        #expect(abs(area - expected) / expected < 0.005)
    }

    @Test(
        "A right-angle corner adds the miter square, the bevel triangle or the quarter disk",
        arguments: [
            (StrokeStyle.LineJoin.miter, 9.0), (.bevel, 4.5), (.round, Double.pi * 9 / 4),
        ])
    func rightAngleJoins(join: StrokeStyle.LineJoin, joinArea: Double) {
        // Two 30 × 6 rects overlapping in a 3 × 3 square, plus the join outside the corner.
        let path = polylinePath([Point(x: 10, y: 10), Point(x: 40, y: 10), Point(x: 40, y: 40)])
        let area = strokedArea(path, style: StrokeStyle(width: 6, lineJoin: join))
        #expect(abs(area - (351 + joinArea)) < 0.1, "\(area)")
    }

    @Test("A sharp corner's miter is cut to a bevel past the miter limit")
    func miterLimit() {
        // Interior angle 20°: the miter is 1 / sin 10° ≈ 5.76 widths long.
        let corner = Point(x: 50, y: 20)
        let angle = 20.0 * Double.pi / 180
        let path = polylinePath([
            Point(x: 10, y: 20), corner, Point(x: 50 - 40 * cos(angle), y: 20 + 40 * sin(angle)),
        ])
        let width = 4.0
        let bevel = strokedArea(path, style: StrokeStyle(width: width, lineJoin: .bevel))
        let withinLimit = strokedArea(path, style: StrokeStyle(width: width, lineJoin: .miter, miterLimit: 6))
        let pastLimit = strokedArea(path, style: StrokeStyle(width: width, lineJoin: .miter, miterLimit: 5.7))
        // The miter adds the triangle between the bevel's edge and the tip.
        let h = width / 2
        let outerA = Point(x: corner.x, y: corner.y - h)
        let outerB = Point(x: corner.x + h * sin(angle), y: corner.y + h * cos(angle))
        let tipDistance = h / sin(angle / 2)
        let tip = Point(x: corner.x + tipDistance * cos(angle / 2), y: corner.y - tipDistance * sin(angle / 2))
        let extra = abs((outerA.x - tip.x) * (outerB.y - tip.y) - (outerB.x - tip.x) * (outerA.y - tip.y)) / 2
        #expect(abs(pastLimit - bevel) < 0.01)
        #expect(abs(withinLimit - bevel - extra) < 0.1, "\(withinLimit - bevel) vs \(extra)")
    }

    @Test("A closed rectangle's stroke covers the outer rectangle less the inner one")
    func closedRect() {
        var path = Path()
        path.addRect(Rect(x: 10, y: 10, width: 40, height: 30))
        let miter = strokedArea(path, style: StrokeStyle(width: 4))
        #expect(abs(miter - (44 * 34 - 36 * 26)) < 0.05)
        let round = strokedArea(path, style: StrokeStyle(width: 4, lineJoin: .round))
        // Each outer corner loses a 2 × 2 square less a quarter disk of radius 2.
        #expect(abs(round - (44 * 34 - 36 * 26 - 4 * (4 - Double.pi))) < 0.1)
        // The start corner is joined like the others: the stroke is symmetric.
        var canvas = Canvas(width: 60, height: 50)
        canvas.stroke(path, with: .black, style: StrokeStyle(width: 4, lineJoin: .miter))
        for y in 0..<50 {
            for x in 0..<60 { #expect(canvas[x: x, y: y] == canvas[x: 59 - x, y: 49 - y]) }
        }
    }

    @Test("A stroke doubling back on itself has no holes where its pieces overlap")
    func selfOverlap() {
        let zigzag = polylinePath([
            Point(x: 10, y: 20), Point(x: 50, y: 20), Point(x: 15, y: 20), Point(x: 45, y: 20),
        ])
        var canvas = Canvas(width: 60, height: 40)
        canvas.stroke(zigzag, with: .black, style: StrokeStyle(width: 6))
        for y in 0..<40 {
            for x in 0..<60 {
                let inside = (17..<23).contains(y) && (10..<50).contains(x)
                #expect(canvas[x: x, y: y].alpha == (inside ? 255 : 0), "(\(x), \(y))")
            }
        }
        // A loop crossing itself: the crossing stays fully covered.
        let loop = polylinePath([
            Point(x: 10, y: 10), Point(x: 40, y: 40), Point(x: 40, y: 10), Point(x: 10, y: 40),
        ])
        var crossing = Canvas(width: 60, height: 60)
        crossing.stroke(loop, with: .black, style: StrokeStyle(width: 5, lineJoin: .round))
        // The strokes cross at (25, 25); at x = 25 they cover 25 ± 2.5√2 together.
        for y in 22..<28 { #expect(crossing[x: 25, y: y].alpha == 255) }
    }

    @Test("Curves are stroked as their offset: a circle's ring has area 2πrw")
    func circleRing() {
        var path = Path()
        path.addEllipse(in: Rect(x: 10, y: 10, width: 60, height: 60))
        let area = strokedArea(path, style: StrokeStyle(width: 5), width: 120, height: 120, scale: 1.5)
        let expected = 2 * Double.pi * 30 * 5
        #expect(abs(area - expected) / expected < 0.005)
    }

    @Test("A quadratic curve's stroke covers its arc length × width")
    func quadCurve() {
        let (start, control, end) = (Point(x: 10, y: 60), Point(x: 40, y: -20), Point(x: 80, y: 60))
        var path = Path()
        path.move(to: start)
        path.addQuadCurve(to: end, control: control)
        var arcLength = 0.0
        var previous = start
        for step in 1...10_000 {
            let t = Double(step) / 10_000
            let u = 1 - t
            let point = Point(
                x: u * u * start.x + 2 * u * t * control.x + t * t * end.x,
                y: u * u * start.y + 2 * u * t * control.y + t * t * end.y)
            arcLength +=
                ((point.x - previous.x) * (point.x - previous.x) + (point.y - previous.y) * (point.y - previous.y))
                .squareRoot()
            previous = point
        }
        let area = strokedArea(path, style: StrokeStyle(width: 3))
        #expect(abs(area - arcLength * 3) / (arcLength * 3) < 0.005)
    }

    @Test(
        "A zero-length subpath draws a dot with round or square caps and nothing with butt caps",
        arguments: [
            (StrokeStyle.LineCap.round, Double.pi * 9), (.square, 36.0), (.butt, 0.0),
        ])
    func dots(cap: StrokeStyle.LineCap, expected: Double) {
        var path = Path()
        path.move(to: Point(x: 20, y: 20))
        path.addLine(to: Point(x: 20, y: 20))
        path.move(to: Point(x: 60, y: 60))  // a bare move draws nothing
        let area = strokedArea(path, style: StrokeStyle(width: 6, lineCap: cap))
        #expect(abs(area - expected) <= expected * 0.005 + 0.01)
    }

    @Test("Empty paths, bad widths and non-finite points stroke nothing")
    func degenerate() {
        let line = polylinePath([Point(x: 0, y: 0), Point(x: 10, y: 0)])
        #expect(Path().strokedPath(StrokeStyle(width: 2)).isEmpty)
        for width in [0, -1, Double.nan, .infinity, -.infinity] {
            #expect(line.strokedPath(StrokeStyle(width: width)).isEmpty)
        }
        let nonFinite = polylinePath([
            Point(x: .nan, y: 0), Point(x: .infinity, y: 3), Point(x: 1, y: .nan), Point(x: -.infinity, y: 1),
        ])
        #expect(nonFinite.strokedPath(StrokeStyle(width: 2, lineCap: .round)).isEmpty)
        // A NaN point inside a line is skipped; the rest is stroked.
        let gap = polylinePath([Point(x: 10, y: 10), Point(x: .nan, y: 5), Point(x: 40, y: 10)])
        #expect(abs(strokedArea(gap, style: StrokeStyle(width: 2)) - 60) < 0.05)
    }

    @Test("Hostile styles and coordinates never crash and never wind backwards")
    func hostileInputs() {
        let values: [Double] = [0, 1e-300, 2.5, 1e300, -1e300, .nan, .infinity]
        for a in values {
            for b in values {
                var path = Path()
                path.move(to: Point(x: a, y: 5))
                path.addLine(to: Point(x: 10, y: b))
                path.addCurve(to: Point(x: b, y: a), control1: Point(x: 3, y: a), control2: Point(x: b, y: 7))
                path.addQuadCurve(to: Point(x: 4, y: 4), control: Point(x: a, y: b))
                path.closeSubpath()
                path.addLine(to: Point(x: 9, y: 9))
                let style = StrokeStyle(
                    width: 3, lineCap: .round, lineJoin: .miter, miterLimit: a, dashPattern: [a, b], dashPhase: b)
                var canvas = Canvas(width: 12, height: 12)
                canvas.stroke(path, with: .black, style: style)
                #expect(windingNumber(of: path.strokedPath(style), at: Point(x: 5.5, y: 5.5)) >= 0)
            }
        }
    }

    @Test("A segment after closeSubpath starts again from the closed subpath's start")
    func segmentAfterClose() {
        var path = Path()
        path.move(to: Point(x: 10, y: 10))
        path.addLine(to: Point(x: 40, y: 10))
        path.closeSubpath()
        path.addLine(to: Point(x: 10, y: 40))
        // A 30-long segment doubled back on itself (closing), and one more from (10, 10) down,
        // overlapping it in a 1 × 1 square; butt caps, and bevels add nothing at reversals.
        let area = strokedArea(path, style: StrokeStyle(width: 2, lineJoin: .bevel))
        #expect(abs(area - 119) < 0.1)
    }
}
