/// Exact area coverage of filled paths: the signed-area accumulation of font-rs, stb_truetype and
/// FreeType.
///
/// Each line segment adds, to the cells of every row it crosses, the signed area it sweeps to
/// the right; a running sum along a row then gives each pixel's winding-weighted coverage, exact
/// for a box filter, with no supersampling and no sorting of edges.
///
/// Segments left of the canvas count at its left edge (what lies right of them is still
/// covered), segments right of it are dropped, and rows outside it are skipped.
struct CoverageRasterizer {
    private(set) var width: Int
    private(set) var height: Int
    /// `width + 2` cells per row: the last two catch contributions at and past the right edge.
    /// All zero between fills (draining clears what it reads), so it can be reused at any size.
    private var cells: [Float]
    private var levels: [UInt8] = []
    private(set) var firstRow: Int
    private(set) var endRow = 0

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = [Float](repeating: 0, count: (width + 2) * max(height, 0))
        firstRow = height
    }

    /// Prepares for a fill of `width × height` pixels, reusing the buffers.
    mutating func reset(width: Int, height: Int) {
        self.width = width
        self.height = height
        let needed = (width + 2) * max(height, 0)
        if cells.count < needed { cells.append(contentsOf: repeatElement(0, count: needed - cells.count)) }
        firstRow = height
        endRow = 0
    }

    /// Adds the segment from `p0` to `p1`, in pixels.
    ///
    /// A segment crossing the left or right edge is split there, so that each piece lies wholly
    /// left of, inside or right of the canvas; pieces outside are then flattened onto the edge,
    /// which keeps their area exact.
    mutating func addLine(from p0: Point, to p1: Point) {
        guard p0.y != p1.y, p0.x.isFinite, p0.y.isFinite, p1.x.isFinite, p1.y.isFinite else { return }
        var pieces = [p0]
        for edge in [0, Double(width)] {
            let (a, b) = (p0.x - edge, p1.x - edge)
            if (a < 0 && b > 0) || (a > 0 && b < 0) {
                let t = a / (a - b)
                pieces.append(Point(x: edge, y: p0.y + (p1.y - p0.y) * t))
            }
        }
        pieces.append(p1)
        // The crossings lie between p0 and p1; order them along the segment.
        if pieces.count == 4, (pieces[1].y - p0.y) * (p1.y - p0.y) > (pieces[2].y - p0.y) * (p1.y - p0.y) {
            pieces.swapAt(1, 2)
        }
        for index in 0..<(pieces.count - 1) {
            addPiece(from: pieces[index], to: pieces[index + 1])
        }
    }

    /// Adds a segment that lies wholly on one side of each vertical edge.
    private mutating func addPiece(from p0: Point, to p1: Point) {
        guard p0.y != p1.y else { return }
        let (direction, top, bottom): (Double, Point, Point) = p0.y < p1.y ? (1, p0, p1) : (-1, p1, p0)
        let yStart = max(top.y, 0)
        let yEnd = min(bottom.y, Double(height))
        guard yStart < yEnd else { return }
        // Pieces outside the canvas are flattened onto its edge anyway, so a slope that overflows
        // (a nearly horizontal segment far away) can safely count as vertical.
        var dxdy = (bottom.x - top.x) / (bottom.y - top.y)
        if !dxdy.isFinite { dxdy = 0 }
        var x = top.x + (yStart - top.y) * dxdy
        if !x.isFinite { x = top.x }
        let stride = width + 2
        let rowStart = Int(yStart)
        let rowEnd = Int(yEnd.rounded(.up))
        firstRow = min(firstRow, rowStart)
        endRow = max(endRow, rowEnd)
        let limit = Double(width)
        cells.withUnsafeMutableBufferPointer { cells in
            for row in rowStart..<rowEnd {
                let dy = min(Double(row + 1), yEnd) - max(Double(row), yStart)
                let xNext = x + dxdy * dy
                let d = Float(dy * direction)
                let line = row * stride
                // Clamped to the canvas: area left of it accumulates at column 0.
                let x0 = Self.clamp(min(x, xNext), limit)
                let x1 = Self.clamp(max(x, xNext), limit)
                let x0Floor = x0.rounded(.down)
                let x0i = Int(x0Floor)
                let x1Ceil = x1.rounded(.up)
                let x1i = Int(x1Ceil)
                if x1i <= x0i + 1 {
                    let middle = Float(0.5 * (x0 + x1) - x0Floor)
                    cells[line + x0i] += d - d * middle
                    cells[line + x0i + 1] += d * middle
                } else {
                    let s = Float(1 / (x1 - x0))
                    let x0f = Float(x0 - x0Floor)
                    let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
                    let x1f = Float(x1 - x1Ceil + 1)
                    let am = 0.5 * s * x1f * x1f
                    cells[line + x0i] += d * a0
                    if x1i == x0i + 2 {
                        cells[line + x0i + 1] += d * (1 - a0 - am)
                    } else {
                        let a1 = s * (1.5 - x0f)
                        cells[line + x0i + 1] += d * (a1 - a0)
                        for column in (x0i + 2)..<(x1i - 1) { cells[line + column] += d * s }
                        let a2 = a1 + Float(x1i - x0i - 3) * s
                        cells[line + x1i - 1] += d * (1 - a2 - am)
                    }
                    cells[line + x1i] += d * am
                }
                x = xNext
            }
        }
    }

    /// `value` limited to `0...limit`; NaN counts as 0.
    private static func clamp(_ value: Double, _ limit: Double) -> Double {
        value > 0 ? (value < limit ? value : limit) : 0
    }

    /// Calls `body` with each touched row and its coverage levels (0...255 per pixel) under
    /// `rule`, then clears the accumulation for reuse.
    ///
    /// Complexity: O(width × touched rows).
    mutating func drain(rule: FillRule, _ body: (_ row: Int, _ levels: UnsafeBufferPointer<UInt8>) -> Void) {
        guard firstRow < endRow else { return }
        if levels.count < width { levels = [UInt8](repeating: 0, count: width) }
        let width = self.width
        let stride = width + 2
        cells.withUnsafeMutableBufferPointer { cells in
            levels.withUnsafeMutableBufferPointer { levels in
                for row in firstRow..<endRow {
                    var sum: Float = 0
                    let line = row * stride
                    for column in 0..<width {
                        sum += cells[line + column]
                        cells[line + column] = 0
                        var coverage = abs(sum)
                        if rule == .evenOdd {
                            coverage = coverage.truncatingRemainder(dividingBy: 2)
                            if coverage > 1 { coverage = 2 - coverage }
                        } else if coverage > 1 {
                            coverage = 1
                        }
                        // Truncation after adding a half rounds to nearest; coverage is 0...1.
                        levels[column] = UInt8(truncatingIfNeeded: Int(coverage * 255 + 0.5))
                    }
                    cells[line + width] = 0
                    cells[line + width + 1] = 0
                    body(row, UnsafeBufferPointer(rebasing: levels[..<width]))
                }
            }
        }
        firstRow = height
        endRow = 0
    }
}

extension Canvas {
    /// Fills `path` (in points) with `color`, blending source-over, anti-aliased by exact area
    /// coverage under `rule`.
    ///
    /// Only the path's bounding box (within the canvas) is rasterized.
    ///
    /// Complexity: O(path segments × rows they span + the bounding box's pixels).
    public mutating func fill(_ path: Path, with color: Color, rule: FillRule = .nonZero) {
        let source = color.premultiplied.packed
        guard source != 0, width > 0, height > 0, !path.isEmpty else { return }
        let scratch = takeRasterScratch()
        scratch.lines.removeAll(keepingCapacity: true)
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        func extendBounds(_ point: Point) {
            guard point.x.isFinite && point.y.isFinite else { return }
            minX = min(minX, point.x)
            maxX = max(maxX, point.x)
            minY = min(minY, point.y)
            maxY = max(maxY, point.y)
        }
        path.forEachLine(scale: scale) { start, end in
            // Each segment starts where the last ended, so its end alone extends the bounds
            // (the very first start counts too).
            if scratch.lines.isEmpty { extendBounds(start) }
            scratch.lines.append((start, end))
            extendBounds(end)
        }
        guard minX <= maxX, minY <= maxY else { return }
        // The box of whole pixels to rasterize: what the path reaches, within the canvas.
        let left = Int(min(max(minX.rounded(.down), 0), Double(width)))
        let right = Int(min(max(maxX.rounded(.up), 0), Double(width)))
        let top = Int(min(max(minY.rounded(.down), 0), Double(height)))
        let bottom = Int(min(max(maxY.rounded(.up), 0), Double(height)))
        guard right > left, bottom > top else { return }
        scratch.rasterizer.reset(width: right - left, height: bottom - top)
        let offsetX = Double(left)
        let offsetY = Double(top)
        for (start, end) in scratch.lines {
            scratch.rasterizer.addLine(
                from: Point(x: start.x - offsetX, y: start.y - offsetY),
                to: Point(x: end.x - offsetX, y: end.y - offsetY))
        }
        makeUniqueStorage()
        let pixels = storage.pixels
        let width = self.width
        scratch.rasterizer.drain(rule: rule) { row, levels in
            let line = pixels + (row + top) * width + left
            for column in 0..<levels.count {
                let level = UInt32(levels[column])
                guard level > 0 else { continue }
                let painted = level == 255 ? source : scalePixel(source, by: level)
                line[column] = painted >> 24 == 255 ? painted : sourceOver(painted, line[column])
            }
        }
    }
}

/// Buffers reused by one canvas's path fills.
///
/// Concurrency: a canvas uses its scratch only while it holds the only reference (checked before
/// every fill; a copied canvas makes its own), so no two threads ever touch one.
final class RasterScratch: @unchecked Sendable {
    // Safe: see above — used only through a uniquely referenced canvas.
    var lines: [(Point, Point)] = []
    var rasterizer = CoverageRasterizer(width: 0, height: 0)
}
