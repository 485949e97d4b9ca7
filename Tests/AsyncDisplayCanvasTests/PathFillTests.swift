import Foundation
import Testing

@testable import AsyncDisplayCanvas

@Suite("Path fills")
struct PathFillTests {
    @Test("Random small triangles and quads match exact per-pixel area within one level")
    func matchesExactArea() {
        var state: UInt64 = 0x1234_5678
        func random(_ range: Double) -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53) * range
        }
        var worst = 0
        for shape in 0..<300 {
            let corners = shape % 2 == 0 ? 3 : 4
            var polygon = (0..<corners).map { _ in Point(x: random(9) - 1.5, y: random(9) - 1.5) }
            if corners == 4 {
                // A convex quad: sort by angle around the centre, so it is simple.
                let cx = polygon.map(\.x).reduce(0, +) / 4
                let cy = polygon.map(\.y).reduce(0, +) / 4
                polygon.sort { atan2($0.y - cy, $0.x - cx) < atan2($1.y - cy, $1.x - cx) }
            }
            var path = Path()
            path.move(to: polygon[0])
            for point in polygon.dropFirst() { path.addLine(to: point) }
            path.closeSubpath()
            var canvas = Canvas(width: 6, height: 6)
            canvas.fill(path, with: .white)
            for y in 0..<6 {
                for x in 0..<6 {
                    let expected = Int((naiveCoverage(polygon, x: x, y: y) * 255).rounded())
                    worst = max(worst, abs(Int(canvas[x: x, y: y].alpha) - expected))
                }
            }
        }
        #expect(worst <= 1)
    }

    @Test("A filled circle's area is within 0.1 % of πr², small circles too", arguments: [3.0, 5.0, 10.0, 40.0, 123.4])
    func circleArea(radius: Double) {
        let side = Int(radius * 2) + 4
        var canvas = Canvas(width: side, height: side)
        var path = Path()
        path.addEllipse(in: Rect(x: 2, y: 2, width: radius * 2, height: radius * 2))
        canvas.fill(path, with: .black)
        var area = 0.0
        for y in 0..<side { for x in 0..<side { area += Double(canvas[x: x, y: y].alpha) / 255 } }
        #expect(abs(area - Double.pi * radius * radius) / (Double.pi * radius * radius) < 0.001)
    }

    @Test("Even-odd leaves a hole where a nested square winds twice; non-zero fills it")
    func fillRules() {
        var path = Path()
        path.addRect(Rect(x: 0, y: 0, width: 8, height: 8))
        path.addRect(Rect(x: 2, y: 2, width: 4, height: 4))
        var evenOdd = Canvas(width: 8, height: 8)
        evenOdd.fill(path, with: .red, rule: .evenOdd)
        var nonZero = Canvas(width: 8, height: 8)
        nonZero.fill(path, with: .red, rule: .nonZero)
        #expect(evenOdd[x: 3, y: 3] == .clear)
        #expect(evenOdd[x: 1, y: 1] == Color.red.premultiplied)
        #expect(nonZero[x: 3, y: 3] == Color.red.premultiplied)
    }

    @Test("Paths partly or wholly outside the canvas fill only what lies inside")
    func clipping() {
        var canvas = Canvas(width: 4, height: 4)
        var path = Path()
        path.addRect(Rect(x: -10, y: 1, width: 12, height: 20))
        path.addRect(Rect(x: 50, y: 50, width: 5, height: 5))
        canvas.fill(path, with: .blue)
        #expect(canvas[x: 0, y: 0] == .clear)
        #expect(canvas[x: 1, y: 3] == Color.blue.premultiplied)
        #expect(canvas[x: 2, y: 2] == .clear)
    }

    @Test("Rounded rects keep their corners round and their sides straight, at scale")
    func roundedRect() {
        var canvas = Canvas(width: 60, height: 40, scale: 2)
        var path = Path()
        path.addRoundedRect(Rect(x: 0, y: 0, width: 30, height: 20), radii: CornerRadii(all: 8))
        canvas.fill(path, with: .green)
        #expect(canvas[x: 0, y: 0] == .clear)  // the corner is cut
        #expect(canvas[x: 30, y: 0] == Color.green.premultiplied)  // the top edge is full
        #expect(canvas[x: 30, y: 20] == Color.green.premultiplied)
    }

    @Test("Paths with huge, infinite or NaN coordinates fill without crashing")
    func hostileCoordinates() {
        let values: [Double] = [0, 3.5, -1e300, 1e300, .infinity, -.infinity, .nan, 1e-300, 7.999_999]
        var canvas = Canvas(width: 8, height: 8)
        for a in values {
            for b in values {
                var path = Path()
                path.move(to: Point(x: a, y: 1))
                path.addLine(to: Point(x: 4, y: b))
                path.addQuadCurve(to: Point(x: b, y: a), control: Point(x: a, y: b))
                path.addCurve(to: Point(x: 2, y: 6), control1: Point(x: b, y: 1), control2: Point(x: 1, y: a))
                canvas.fill(path, with: Color(white: 0.5, alpha: 0.5), rule: a < b ? .evenOdd : .nonZero)
            }
        }
        #expect(canvas.width == 8)
    }
}
