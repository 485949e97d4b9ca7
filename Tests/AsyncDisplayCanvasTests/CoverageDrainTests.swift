import Foundation
import Testing

@testable import AsyncDisplayCanvas

@Suite("Coverage drain")
struct CoverageDrainTests {
    @Test(
        "Polygons whose edges and interiors cross 256-pixel words of touched bits match exact area",
        arguments: [FillRule.nonZero, .evenOdd])
    func wideRowsMatchExactArea(rule: FillRule) {
        var random = TestRandom(seed: 0xD8A1)
        let rasterizer = CoverageRasterizer()
        var worst = 0
        for shape in 0..<24 {
            // Some polygons start left of the area, and every one spans at least one word.
            let polygon = randomConvexPolygon(&random, corners: 3 + shape % 5, width: 700, height: 6)
                .map { Point(x: $0.x - 10, y: $0.y) }
            rasterizer.reset(width: 680, height: 6)
            for index in polygon.indices {
                rasterizer.addLine(from: polygon[index], to: polygon[(index + 1) % polygon.count])
            }
            var rows = [[UInt8]](repeating: [UInt8](repeating: 0, count: 680), count: 6)
            rasterizer.drain(rule: rule) { row, levels in rows[row] = Array(levels) }
            for y in 0..<6 {
                for x in 0..<680 {
                    let expected = Int((naiveCoverage(polygon, x: x, y: y) * 255).rounded())
                    worst = max(worst, abs(Int(rows[y][x]) - expected))
                }
            }
        }
        #expect(worst <= 1)
    }

    @Test("Even-odd leaves a hole spanning whole words of touched bits empty and fills around it")
    func evenOddHoleAcrossWords() {
        // An outer ring with fractional edges around a hole on whole pixels, both clockwise.
        var ring = Path(polygon: corners(left: 3.5, top: 0.5, right: 650.25, bottom: 5.5))
        ring.append(contentsOf: Path(polygon: corners(left: 250, top: 1, right: 530, bottom: 5)))
        var canvas = Canvas(width: 660, height: 6)
        canvas.fill(ring, with: .white, rule: .evenOdd)
        for x in 250..<530 { #expect(canvas[x: x, y: 2] == .clear) }
        for x in [4, 100, 249, 530, 600, 649] { #expect(canvas[x: x, y: 2] == .white) }
        #expect(canvas[x: 3, y: 2].alpha == 128)
        #expect(canvas[x: 650, y: 2].alpha == 64)
        #expect(canvas[x: 300, y: 0].alpha == 128)
    }

    @Test("A fill against a clip edge, where its area can't widen to whole groups, stays inside the clip")
    func fillAgainstTheClipEdge() {
        var random = TestRandom(seed: 0xC11B)
        var worst = 0
        for _ in 0..<20 {
            let polygon = randomConvexPolygon(&random, corners: 4, width: 18, height: 8)
                .map { Point(x: $0.x + 12.3, y: $0.y) }
            for clipRight in [21, 22, 23, 24] {
                var canvas = Canvas(width: 40, height: 8)
                canvas.clip(to: Rect(x: 0, y: 0, width: Double(clipRight), height: 8))
                canvas.fill(Path(polygon: polygon), with: .white)
                for y in 0..<8 {
                    for x in 0..<40 {
                        let expected = x < clipRight ? Int((naiveCoverage(polygon, x: x, y: y) * 255).rounded()) : 0
                        worst = max(worst, abs(Int(canvas[x: x, y: y].alpha) - expected))
                    }
                }
            }
        }
        #expect(worst <= 1)
    }

    @Test("A sink that takes cells four at a time through the span method gets the same levels as runs")
    func quadsMatchRuns() {
        var random = TestRandom(seed: 0x9A0D)
        let rasterizer = CoverageRasterizer()
        for shape in 0..<12 {
            // 297 pixels: two words of touched bits, the last group only partly visible.
            let polygon = randomConvexPolygon(&random, corners: 3 + shape % 4, width: 300, height: 5)
            func rasterize() {
                rasterizer.reset(width: 297, height: 5)
                for index in polygon.indices {
                    rasterizer.addLine(from: polygon[index], to: polygon[(index + 1) % polygon.count])
                }
            }
            var runs = LevelGrid(width: 297, height: 5)
            rasterize()
            rasterizer.drain(rule: .nonZero, into: &runs)
            var quads = QuadLevelGrid(grid: LevelGrid(width: 297, height: 5))
            rasterize()
            rasterizer.drain(rule: .nonZero, into: &quads)
            #expect(runs.levels == quads.grid.levels)
            #expect(runs.levels.contains { $0 != 0 })
        }
    }

    @Test("The per-pixel vector blend matches scalar source-over for every count up to 13")
    func levelsBlendMatchesScalar() {
        var random = TestRandom(seed: 0xB1E2)
        for round in 0..<200 {
            let color =
                round % 4 == 0 ? random.premultipliedPixel().packed | 0xFF00_0000 : random.premultipliedPixel().packed
            let count = round % 14
            // Runs of zero and full levels, as the drain hands over at a shape's edges.
            let levels = (0..<count).map { index -> UInt8 in
                switch (round / 14 + index) % 4 {
                case 0: 0
                case 1: 255
                default: random.byte()
                }
            }
            var row = (0..<count).map { _ in random.premultipliedPixel().packed }
            let expected = zip(levels, row).map { level, pixel in
                level == 0 ? pixel : sourceOver(level == 255 ? color : scalePixel(color, by: UInt32(level)), pixel)
            }
            row.withUnsafeMutableBufferPointer { pixels in
                levels.withUnsafeBufferPointer {
                    PixelKernels.blendSourceOver(
                        pixels.baseAddress!, count: count, color: ColorLanes(color), levels: $0.baseAddress!)
                }
            }
            #expect(row == expected)
        }
    }

    @Test(
        "Flattened circles stay within the tolerance of the circle at every radius",
        arguments: [0.3, 1, 2, 2.7, 3, 4.5, 5, 7, 10, 17.5, 30, 64, 123.4])
    func flattenedCirclesKeepToTheTolerance(radius: Double) {
        var path = Path()
        path.addEllipse(in: Rect(x: -radius, y: -radius, width: 2 * radius, height: 2 * radius))
        // Four cubics are themselves within 0.03 % of the radius of the circle.
        let allowance = 0.1 + 3e-4 * radius + 1e-9
        var worst = 0.0
        path.forEachLine(transform: .identity) { start, end in
            let middle = Point(x: (start.x + end.x) / 2, y: (start.y + end.y) / 2)
            for point in [start, middle] {
                worst = max(worst, abs((point.x * point.x + point.y * point.y).squareRoot() - radius))
            }
        }
        #expect(worst <= allowance)
    }
}

/// The corners of a rectangle, clockwise from the top left.
private func corners(left: Double, top: Double, right: Double, bottom: Double) -> [Point] {
    [Point(x: left, y: top), Point(x: right, y: top), Point(x: right, y: bottom), Point(x: left, y: bottom)]
}

/// Levels written into a grid, span by span.
private struct LevelGrid: CoverageSink {
    let width: Int
    var levels: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        levels = [UInt8](repeating: 0, count: width * height)
    }

    mutating func blend(row: Int, from start: Int, to end: Int, levels source: UnsafePointer<UInt8>) {
        for column in start..<end { levels[row * width + column] = source[column - start] }
    }

    mutating func blend(row: Int, from start: Int, to end: Int, level: UInt8) {
        for column in start..<end { levels[row * width + column] = level }
    }
}

/// The same grid, taking touched cells four at a time through the protocol's default.
private struct QuadLevelGrid: CoverageSink {
    static var blendsQuads: Bool { true }
    var grid: LevelGrid

    mutating func blend(row: Int, from start: Int, to end: Int, levels: UnsafePointer<UInt8>) {
        grid.blend(row: row, from: start, to: end, levels: levels)
    }

    mutating func blend(row: Int, from start: Int, to end: Int, level: UInt8) {
        grid.blend(row: row, from: start, to: end, level: level)
    }
}
