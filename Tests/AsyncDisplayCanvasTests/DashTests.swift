import Foundation
import Testing

@testable import AsyncDisplayCanvas

/// The dashes `style` cuts from `path`, as point lists.
private func dashes(of path: Path, style: StrokeStyle) -> [[Point]] {
    guard let pattern = DashPattern(style) else { return [] }
    var result: [[Point]] = []
    var polyline = Polyline()
    var dash = Polyline()
    path.forEachPolyline(tolerance: 0.01, into: &polyline) { polyline in
        pattern.forEachDash(in: polyline, into: &dash) { result.append($0.points) }
    }
    return result
}

private func length(of dash: [Point]) -> Double {
    zip(dash, dash.dropFirst()).reduce(0) { sum, pair in
        let (a, b) = pair
        return sum + ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }
}

@Suite("Dashed strokes")
struct DashTests {
    private let line = polylinePath([Point(x: 0, y: 10), Point(x: 100, y: 10)])

    @Test(
        "Dashes along a line start where the phase says and have the pattern's lengths",
        arguments: [
            // phase, expected dash starts, last dash length
            (0.0, [0.0, 15, 30, 45, 60, 75, 90], 10.0),
            (12.0, [3.0, 18, 33, 48, 63, 78, 93], 7.0),
            (-3.0, [3.0, 18, 33, 48, 63, 78, 93], 7.0),
            (4.0 + 15 * 1000, [0.0, 11, 26, 41, 56, 71, 86], 10.0),
        ])
    func phase(phase: Double, starts: [Double], lastLength: Double) {
        let cut = dashes(of: line, style: StrokeStyle(width: 2, dashPattern: [10, 5], dashPhase: phase))
        #expect(cut.map { $0[0].x } == starts)
        for (index, dash) in cut.enumerated() {
            let expected = index == cut.count - 1 ? lastLength : (index == 0 && phase == 4.0 + 15_000 ? 6 : 10)
            #expect(abs(length(of: dash) - expected) < 1e-9)
        }
    }

    @Test("A dashed line's stroke covers the dashes' total length × width")
    func dashedArea() {
        var path = Path()
        path.move(to: Point(x: 2, y: 20))
        path.addLine(to: Point(x: 92, y: 20))
        // Dashes 0–6, 10–16, ..., 80–86: a boundary at the very end starts nothing.
        let style = StrokeStyle(width: 4, dashPattern: [6, 4])
        #expect(abs(strokedArea(path, style: style) - 9 * 6 * 4) < 0.05)
        #expect(dashes(of: path, style: style).count == 9)
    }

    @Test("An odd pattern repeats itself; invalid patterns draw a solid line")
    func patterns() {
        let odd = dashes(of: line, style: StrokeStyle(dashPattern: [10, 5, 20]))
        // 10 on, 5 off, 20 on, 10 off, 5 on, 20 off, then again from 70.
        #expect(odd.map { $0[0].x } == [0, 15, 45, 70, 85])
        let solid = line.strokedPath(StrokeStyle(width: 3))
        for pattern: [Double] in [[], [0, 0], [-1, 5], [.nan, 3], [.infinity], [4, -.infinity]] {
            #expect(DashPattern(StrokeStyle(dashPattern: pattern)) == nil)
            #expect(line.strokedPath(StrokeStyle(width: 3, dashPattern: pattern)) == solid)
        }
        // A non-finite phase counts as zero.
        let plain = line.strokedPath(StrokeStyle(width: 3, dashPattern: [4, 2]))
        #expect(line.strokedPath(StrokeStyle(width: 3, dashPattern: [4, 2], dashPhase: .nan)) == plain)
    }

    @Test("Zero-length dashes with round caps are dots")
    func dots() {
        let style = StrokeStyle(width: 4, lineCap: .round, dashPattern: [0, 10])
        let area = strokedArea(polylinePath([Point(x: 5, y: 20), Point(x: 95, y: 20)]), style: style)
        // Dots at 5, 15, ..., 85: a boundary at the very end starts nothing.
        #expect(abs(area - 9 * Double.pi * 4) / (9 * Double.pi * 4) < 0.005)
        let butt = StrokeStyle(width: 4, dashPattern: [0, 10])
        #expect(polylinePath([Point(x: 5, y: 20), Point(x: 95, y: 20)]).strokedPath(butt).isEmpty)
    }

    @Test("Dashes follow corners, and a closed path's last dash runs on into its first")
    func closedPath() {
        var square = Path()
        square.addRect(Rect(x: 10, y: 10, width: 25, height: 25))
        // Perimeter 100: on 0–20, 30–50, 60–80, 90–100 and on into 0–20.
        let cut = dashes(of: square, style: StrokeStyle(dashPattern: [20, 10]))
        #expect(cut.count == 3)
        #expect(cut.map(length(of:)) == [20, 20, 30])
        #expect(cut[2] == [Point(x: 10, y: 20), Point(x: 10, y: 10), Point(x: 30, y: 10)])
        // Around a corner, a miter-joined dash covers length × width (the miter square makes up
        // for the overlap inside); cut at the corner, it would cover one unit less.
        let area = strokedArea(square, style: StrokeStyle(width: 2, dashPattern: [20, 10]))
        #expect(abs(area - 70 * 2) < 0.05)
        // A pattern that never turns off strokes the closed path whole.
        let whole = dashes(of: square, style: StrokeStyle(dashPattern: [500, 1]))
        #expect(whole.count == 1 && whole[0].count == 4)
    }

    @Test("The phase shifts a dotted pattern that starts with a zero-length dash")
    func phaseOfDots() {
        var straight = Path()
        straight.move(to: Point(x: 0, y: 5))
        straight.addLine(to: Point(x: 40, y: 5))
        func draw(phase: Double) -> Bitmap {
            var canvas = Canvas(width: 44, height: 10)
            canvas.stroke(
                straight, with: .black,
                style: StrokeStyle(width: 4, lineCap: .round, dashPattern: [0, 10], dashPhase: phase))
            return canvas.makeBitmap()
        }
        // Phase 0: dots at 0, 10, 20, 30, 40; phase 5: at 5, 15, 25, 35.
        #expect(draw(phase: 0)[x: 0, y: 5].alpha > 0)
        #expect(draw(phase: 5)[x: 0, y: 5].alpha == 0 && draw(phase: 5)[x: 5, y: 5].alpha > 0)
        #expect(draw(phase: 10) == draw(phase: 0))
    }

    @Test("A pattern too fine for the path strokes it solid instead of making millions of dashes")
    func tooManyDashes() {
        let style = StrokeStyle(width: 2, dashPattern: [1e-5, 1e-5])
        #expect(line.strokedPath(style) == line.strokedPath(StrokeStyle(width: 2)))
    }
}
