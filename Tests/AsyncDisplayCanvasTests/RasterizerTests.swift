import Testing

@testable import AsyncDisplayCanvas

@Suite("Coverage rasterizer")
struct RasterizerTests {
    @Test("Wide random polygons, whose interiors come out as solid spans, match exact area within one level")
    func widePolygonsMatchExactArea() {
        var random = TestRandom(seed: 0x5EED)
        var worst = 0
        for shape in 0..<60 {
            let polygon = randomConvexPolygon(&random, corners: 3 + shape % 5, width: 90, height: 30)
            var canvas = Canvas(width: 80, height: 24)
            canvas.fill(Path(polygon: polygon.map { Point(x: $0.x - 5, y: $0.y - 3) }), with: .white)
            for y in 0..<24 {
                for x in 0..<80 {
                    let shifted = polygon.map { Point(x: $0.x - 5, y: $0.y - 3) }
                    let expected = Int((naiveCoverage(shifted, x: x, y: y) * 255).rounded())
                    worst = max(worst, abs(Int(canvas[x: x, y: y].alpha) - expected))
                }
            }
        }
        #expect(worst <= 1)
    }

    @Test("Two shapes far apart on one row leave the gap between them untouched")
    func gapBetweenShapesStaysEmpty() {
        var path = Path(polygon: [Point(x: 1.5, y: 1), Point(x: 9.5, y: 1), Point(x: 9.5, y: 5), Point(x: 1.5, y: 5)])
        path.addRect(Rect(x: 60.25, y: 1, width: 8, height: 4))
        var canvas = Canvas(width: 80, height: 6, background: .white)
        canvas.fill(path, with: .black)
        for x in 11..<60 { #expect(canvas[x: x, y: 3] == .white) }
        #expect(canvas[x: 5, y: 3] == Color.black.premultiplied)
        #expect(canvas[x: 64, y: 3] == Color.black.premultiplied)
        // Fractional edges: black covering three quarters and one half of the edge columns.
        #expect(canvas[x: 60, y: 3].red == 64)
        #expect(canvas[x: 1, y: 3].red == 127)
    }

    @Test("Coverage levels drained as whole rows match the spans")
    func rowDrainMatchesSpans() {
        let rasterizer = CoverageRasterizer()
        rasterizer.reset(width: 40, height: 4)
        let square = [Point(x: 2.5, y: 0.5), Point(x: 30, y: 0.5), Point(x: 30, y: 3.5), Point(x: 2.5, y: 3.5)]
        for index in square.indices {
            rasterizer.addLine(from: square[index], to: square[(index + 1) % 4])
        }
        var rows: [Int: [UInt8]] = [:]
        rasterizer.drain(rule: .nonZero) { row, levels in rows[row] = Array(levels) }
        #expect(rows.keys.sorted() == [0, 1, 2, 3])
        #expect(rows[1]?[20] == 255)
        #expect(rows[0]?[20] == 128)
        #expect(rows[1]?[2] == 128)
        #expect(rows[1]?[35] == 0)
        // The accumulation is clear again: a drain with nothing added calls nothing.
        var calls = 0
        rasterizer.drain(rule: .nonZero) { _, _ in calls += 1 }
        #expect(calls == 0)
    }

    @Test(
        "Stacked copies of a contour scale its winding sums, so each level follows the single one and stops at 255",
        arguments: [2, 3, 300])
    func stackedCopiesSaturate(copies: Int) {
        // Areas wider than 256 pixels (two words of touched bits per row), shapes crossing the
        // left and right edges, and windings up to 300 times full coverage.
        var random = TestRandom(seed: 0x57AC + UInt64(copies))
        for shape in 0..<12 {
            let polygon = randomConvexPolygon(&random, corners: 3 + shape % 5, width: 320, height: 14).map {
                Point(x: $0.x - 20, y: $0.y)
            }
            var single = Canvas(width: 280, height: 14)
            single.fill(Path(polygon: polygon), with: .white)
            var stacked = Path()
            for _ in 0..<copies { stacked.append(contentsOf: Path(polygon: polygon)) }
            var canvas = Canvas(width: 280, height: 14)
            canvas.fill(stacked, with: .white)
            var mismatches = 0
            for y in 0..<14 {
                for x in 0..<280 {
                    // A level `l` below 255 comes from a winding sum within 256·l ± 128 (in 256ths).
                    let level = Int(single[x: x, y: y].alpha)
                    let low = level == 255 ? 255 : min(255, (copies * max(0, 256 * level - 128) + 128) >> 8)
                    let high = level == 255 ? 255 : min(255, (copies * (256 * level + 127) + 128) >> 8)
                    if !(low...high).contains(Int(canvas[x: x, y: y].alpha)) { mismatches += 1 }
                }
            }
            #expect(mismatches == 0)
        }
    }

    @Test("Even-odd over a wide ring leaves the hole empty across untouched groups")
    func evenOddWideRing() {
        var path = Path()
        path.addRect(Rect(x: 0, y: 0, width: 100, height: 10))
        path.addRect(Rect(x: 20, y: 2, width: 60, height: 6))
        var evenOdd = Canvas(width: 100, height: 10)
        evenOdd.fill(path, with: .white, rule: .evenOdd)
        #expect(evenOdd[x: 50, y: 5] == .clear)
        #expect(evenOdd[x: 10, y: 5] == .white)
        #expect(evenOdd[x: 50, y: 1] == .white)
    }

    @Test("Vertical edges on whole pixel columns cover whole pixels, inside and at the canvas edges")
    func verticalEdgesOnColumns() {
        for (left, right) in [(1.0, 3.0), (0.0, 5.0), (2.0, 2.5), (4.0, 6.0)] {
            var canvas = Canvas(width: 6, height: 2)
            canvas.fill(
                Path(polygon: [
                    Point(x: left, y: 0), Point(x: right, y: 0), Point(x: right, y: 2), Point(x: left, y: 2),
                ]), with: .white)
            for x in 0..<6 {
                let expected = Int((max(0, min(Double(x + 1), right) - max(Double(x), left)) * 255).rounded())
                #expect(Int(canvas[x: x, y: 1].alpha) == expected)
            }
        }
    }

    @Test(
        "Every triangle with corners on a half-pixel grid, either way round, matches exact area within one level"
    )
    func halfPixelTrianglesMatchExactArea() {
        // Corners on whole and half pixels hit the rounding at column boundaries, slopes of
        // exactly 1 and ½, and the canvas's right edge; a 3 × 2 canvas keeps the count small.
        let corners = (0...6).flatMap { i in (0...4).map { j in Point(x: Double(i) / 2, y: Double(j) / 2) } }
        var worst = 0
        for a in corners.indices {
            for b in (a + 1)..<corners.count {
                for c in (b + 1)..<corners.count {
                    for triangle in [[corners[a], corners[b], corners[c]], [corners[a], corners[c], corners[b]]] {
                        var canvas = Canvas(width: 3, height: 2)
                        canvas.fill(Path(polygon: triangle), with: .white)
                        for y in 0..<2 {
                            for x in 0..<3 {
                                let expected = Int((naiveCoverage(triangle, x: x, y: y) * 255).rounded())
                                worst = max(worst, abs(Int(canvas[x: x, y: y].alpha) - expected))
                            }
                        }
                    }
                }
            }
        }
        #expect(worst <= 1)
    }
}
