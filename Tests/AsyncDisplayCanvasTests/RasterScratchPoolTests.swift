import Foundation
import Testing

@testable import AsyncDisplayCanvas

@Suite("Raster scratch pool")
struct RasterScratchPoolTests {
    @Test("A scratch given back is the next one lent")
    func givenBackIsLentNext() {
        let pool = RasterScratchPool(capacity: 2, largestKeptBytes: 1 << 20)
        let first = pool.take()
        pool.give(first)
        #expect(pool.take() === first)
        #expect(pool.idleCount == 0)
    }

    @Test("The pool keeps at most its capacity, and no scratch over its size limit")
    func keepsWithinLimits() {
        let pool = RasterScratchPool(capacity: 2, largestKeptBytes: 1 << 20)
        let scratches = (0..<3).map { _ in pool.take() }
        for scratch in scratches { pool.give(scratch) }
        #expect(pool.idleCount == 2)
        let large = pool.take()
        large.rasterizer.reset(width: 1024, height: 1024)
        #expect(large.retainedBytes > 1 << 20)
        pool.give(large)
        #expect(pool.idleCount == 1)
    }

    @Test("A lease gives its scratch back when it ends")
    func leaseGivesBack() {
        let pool = RasterScratchPool(capacity: 2, largestKeptBytes: 1 << 20)
        var lease: RasterScratchPool.Lease? = RasterScratchPool.Lease(from: pool)
        let scratch = lease?.scratch
        #expect(pool.idleCount == 0)
        lease = nil
        #expect(pool.idleCount == 1)
        #expect(pool.take() === scratch)
    }

    @Test("A rasterizer reset before its drain starts from clear cells, whatever the new area")
    func resetClearsAnUndrainedFill() {
        let used = CoverageRasterizer()
        used.reset(width: 40, height: 6)
        addSquare(to: used, from: 2.5, to: 30)
        // No drain: the next fill, over an area of another width, must not see these cells.
        used.reset(width: 24, height: 8)
        addSquare(to: used, from: 1.25, to: 20)
        let fresh = CoverageRasterizer()
        fresh.reset(width: 24, height: 8)
        addSquare(to: fresh, from: 1.25, to: 20)
        #expect(drainedRows(used) == drainedRows(fresh))
    }

    @Test("Canvases borrowing scratches in turn and at once fill as a first canvas does")
    func borrowedScratchesFillAlike() async {
        let shapes = (0..<12).map(Self.shape)
        let expected = shapes.map(Self.draw)
        // Every scratch now back in the shared pool has filled a shape: later canvases reuse them.
        let results = await withTaskGroup(of: (Int, [Pixel]).self) { group in
            for task in 0..<8 {
                group.addTask {
                    var pixels: [(Int, [Pixel])] = []
                    for round in 0..<6 {
                        let index = (task * 5 + round * 7) % shapes.count
                        pixels.append((index, Self.draw(shapes[index])))
                    }
                    return pixels.last!
                }
            }
            var all: [(Int, [Pixel])] = []
            for await result in group { all.append(result) }
            return all
        }
        for (index, pixels) in results { #expect(pixels == expected[index]) }
        for (index, shape) in shapes.enumerated().reversed() { #expect(Self.draw(shape) == expected[index]) }
    }

    // MARK: Helpers

    /// A star of `index + 5` points, at a size and place that vary with `index`: canvases of
    /// different sizes, filled under both rules.
    private static func shape(_ index: Int) -> (width: Int, height: Int, path: Path, rule: FillRule) {
        let width = 30 + index * 17 % 90
        let height = 20 + index * 29 % 70
        let points = index + 5
        var path = Path()
        for point in 0..<points {
            let angle = Double(point * 2) * Double.pi * 2 / Double(points)
            let corner = Point(
                x: Double(width) / 2 + Double(width) * 0.45 * cos(angle) + 0.3,
                y: Double(height) / 2 + Double(height) * 0.45 * sin(angle) + 0.7)
            if point == 0 { path.move(to: corner) } else { path.addLine(to: corner) }
        }
        path.closeSubpath()
        return (width, height, path, index.isMultiple(of: 2) ? .evenOdd : .nonZero)
    }

    private static func draw(_ shape: (width: Int, height: Int, path: Path, rule: FillRule)) -> [Pixel] {
        var canvas = Canvas(width: shape.width, height: shape.height, background: .white)
        canvas.fill(shape.path, with: Color(red: 0.2, green: 0.4, blue: 0.8, alpha: 0.75), rule: shape.rule)
        var pixels: [Pixel] = []
        for y in 0..<shape.height {
            for x in 0..<shape.width { pixels.append(canvas[x: x, y: y]) }
        }
        return pixels
    }

    private func addSquare(to rasterizer: CoverageRasterizer, from low: Double, to high: Double) {
        let square = [Point(x: low, y: 0.5), Point(x: high, y: 0.5), Point(x: high, y: 3.5), Point(x: low, y: 3.5)]
        for index in square.indices {
            rasterizer.addLine(from: square[index], to: square[(index + 1) % 4])
        }
    }

    private func drainedRows(_ rasterizer: CoverageRasterizer) -> [Int: [UInt8]] {
        var rows: [Int: [UInt8]] = [:]
        rasterizer.drain(rule: .nonZero) { row, levels in rows[row] = Array(levels) }
        return rows
    }
}
