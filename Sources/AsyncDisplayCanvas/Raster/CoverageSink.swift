/// Where a rasterizer's coverage goes: called row by row, left to right, each row's spans
/// between `start(row:)` and `finish(row:)`.
protocol CoverageSink {
    /// Pixels `start..<end` of `row`, each with its own level in `levels[0..<end - start]`.
    mutating func blend(row: Int, from start: Int, to end: Int, levels: UnsafePointer<UInt8>)
    /// Pixels `start..<end` of `row`, all at `level` (never zero).
    mutating func blend(row: Int, from start: Int, to end: Int, level: UInt8)
    /// Whether the rasterizer should hand over touched cells four at a time, straight from its
    /// sums (`blend(row:at:count:quad:)`), rather than runs of levels through a buffer.
    static var blendsQuads: Bool { get }
    /// Pixels `column..<column + count` of `row` (`count` is 1...4), at the levels that are
    /// the bytes of `quad` in memory order.
    mutating func blend(row: Int, at column: Int, count: Int, quad: UInt32)
    /// Before the first span of a touched row.
    mutating func start(row: Int)
    /// After the last span of a touched row.
    mutating func finish(row: Int)
}

extension CoverageSink {
    static var blendsQuads: Bool { false }

    mutating func blend(row: Int, at column: Int, count: Int, quad: UInt32) {
        withUnsafeBytes(of: quad) { bytes in
            // Safe: four bytes, of which `count` are read.
            blend(
                row: row, from: column, to: column + count,
                levels: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
    }

    func start(row: Int) {}

    func finish(row: Int) {}
}

extension CoverageRasterizer {
    /// Calls `body` with each touched row and its coverage levels (0...255 for every pixel of
    /// the row) under `rule`, then clears the accumulation for reuse.
    ///
    /// Complexity: O(width × touched rows).
    func drain(rule: FillRule, _ body: (_ row: Int, _ levels: UnsafeBufferPointer<UInt8>) -> Void) {
        withoutActuallyEscaping(body) { body in
            var sink = RowSink(width: width, body: body)
            drain(rule: rule, into: &sink)
        }
    }
}

/// Collects spans into whole rows of levels for a callback.
private struct RowSink: CoverageSink {
    let width: Int
    let body: (Int, UnsafeBufferPointer<UInt8>) -> Void
    var row: [UInt8]

    init(width: Int, body: @escaping (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        self.width = width
        self.body = body
        row = [UInt8](repeating: 0, count: width)
    }

    mutating func blend(row index: Int, from start: Int, to end: Int, levels: UnsafePointer<UInt8>) {
        for column in start..<end { row[column] = levels[column - start] }
    }

    mutating func blend(row index: Int, from start: Int, to end: Int, level: UInt8) {
        for column in start..<end { row[column] = level }
    }

    mutating func finish(row index: Int) {
        row.withUnsafeBufferPointer { body(index, $0) }
        for column in 0..<width { row[column] = 0 }
    }
}
