/// Exact area coverage of filled paths: the signed-area accumulation of font-rs, stb_truetype and
/// FreeType, in integer cells, with the solid interior of a shape skipped rather than summed.
///
/// Each line segment adds, to the cells of every row it crosses, the signed area it sweeps to
/// the right, in fixed point (`one` is full coverage); a running sum along a row then gives each
/// pixel's winding-weighted coverage, exact for a box filter, with no supersampling and no
/// sorting of edges. A bit per group of 4 cells records which cells a row's segments touched:
/// between touched groups the running sum cannot change, so those runs come out as one
/// constant-coverage span (a shape's interior, or the gap between two shapes) instead of pixel by
/// pixel.
///
/// Segments left of the area count at its left edge (what lies right of them is still covered),
/// segments right of it are dropped (they could only reach the padding cells past the width), and
/// rows outside it are skipped.
///
/// Buffers grow to the largest area seen and are reused; every cell and bit is zero again after
/// `drain`, so a fill costs only what it touches.
final class CoverageRasterizer {
    /// Full coverage in accumulation units: 255 levels of 256 steps, so a level is a shift away.
    static let one: Int32 = 255 << 8
    /// log2 of the cells per touched-bit group.
    static let groupShift = 2

    private(set) var width = 0
    private(set) var height = 0
    /// Cells per row: `width + 3` rounded up to whole groups; the cells past the width catch
    /// contributions at and past the right edge.
    private(set) var stride = 2
    /// 64-bit words of touched bits per row.
    private(set) var wordsPerRow = 1
    private(set) var cells: UnsafeMutablePointer<Int32>
    private var cellCapacity = 0
    private(set) var touched: UnsafeMutablePointer<UInt64>
    private var touchedCapacity = 0
    /// One row of coverage levels, handed to sinks.
    private var levels: UnsafeMutablePointer<UInt8>
    private var levelCapacity = 0
    /// The rows segments have reached so far: `firstRow..<endRow`.
    var firstRow = 0
    var endRow = 0

    init(width: Int = 0, height: Int = 0) {
        cells = .allocate(capacity: 1)
        touched = .allocate(capacity: 1)
        levels = .allocate(capacity: 1)
        reset(width: width, height: height)
    }

    deinit {
        cells.deallocate()
        touched.deallocate()
        levels.deallocate()
    }

    /// Prepares for a fill of `width × height` pixels, growing the buffers if needed.
    func reset(width: Int, height: Int) {
        // A fill that never drained would leave its rows dirty for whichever canvas fills next.
        if firstRow < endRow { clearAccumulation() }
        let width = max(width, 0)
        let height = max(height, 0)
        self.width = width
        self.height = height
        // Whole groups per row, so that groups never straddle two rows.
        let groupSize = 1 << Self.groupShift
        stride = (width + 3 + groupSize - 1) / groupSize * groupSize
        wordsPerRow = (stride >> Self.groupShift + 63) >> 6
        if stride * height > cellCapacity {
            cells.deallocate()
            cellCapacity = stride * height
            cells = .allocate(capacity: cellCapacity)
            cells.initialize(repeating: 0, count: cellCapacity)
        }
        if wordsPerRow * height > touchedCapacity {
            touched.deallocate()
            touchedCapacity = wordsPerRow * height
            touched = .allocate(capacity: touchedCapacity)
            touched.initialize(repeating: 0, count: touchedCapacity)
        }
        if stride > levelCapacity {
            levels.deallocate()
            levelCapacity = stride
            levels = .allocate(capacity: levelCapacity)
            levels.initialize(repeating: 0, count: levelCapacity)
        }
        firstRow = height
        endRow = 0
    }

    /// Bytes held by the buffers.
    var retainedBytes: Int { cellCapacity * 4 + touchedCapacity * 8 + levelCapacity }

    /// Zeroes the cells and touched bits of rows `firstRow..<endRow`, as a drain leaves them.
    private func clearAccumulation() {
        // Safe: rows `firstRow..<endRow` lie within the area, whose cells and bits the buffers hold.
        (cells + firstRow &* stride).update(repeating: 0, count: (endRow &- firstRow) &* stride)
        (touched + firstRow &* wordsPerRow).update(repeating: 0, count: (endRow &- firstRow) &* wordsPerRow)
        firstRow = height
        endRow = 0
    }

    /// `value` rounded to the nearest integer, for `|value| < 2³¹`, without a checked conversion:
    /// adding 1.5 × 2⁵² leaves the rounded integer in the low bits of the double.
    @inline(__always)
    static func fixed(_ value: Double) -> Int32 {
        Int32(truncatingIfNeeded: (value + 0x1.8p52).bitPattern)
    }

    /// Hands every touched row to `sink` as spans of coverage under `rule`, then clears the
    /// accumulation for reuse.
    ///
    /// Runs of touched groups come out pixel by pixel (`sink.blend(row:from:to:levels:)`); each
    /// run of untouched groups between them has one level (`sink.blend(row:from:to:level:)`,
    /// skipped when zero). A run that crosses a 64-group word of touched bits comes out in two
    /// spans, one per word.
    ///
    /// Complexity: O(touched cells + rows × width / 256).
    func drain<Sink: CoverageSink>(rule: FillRule, into sink: inout Sink) {
        guard firstRow < endRow else { return }
        // One loop per rule, so that the rule isn't tested again for every four cells.
        if rule == .evenOdd {
            drainRows(EvenOddRule.self, into: &sink)
        } else {
            drainRows(NonZeroRule.self, into: &sink)
        }
        firstRow = height
        endRow = 0
    }

    /// Hands every touched row to `sink` under `Rule` (see `drain(rule:into:)`).
    private func drainRows<Sink: CoverageSink, Rule: DrainRule>(_: Rule.Type, into sink: inout Sink) {
        let evenOdd = Rule.isEvenOdd
        let stride = self.stride
        let wordsPerRow = self.wordsPerRow
        // Safe: rows `firstRow..<endRow` lie within the area, whose cells and bits the buffers hold.
        var line = cells + firstRow &* stride
        var bits = touched + firstRow &* wordsPerRow
        var row = firstRow
        let endRow = self.endRow
        while row < endRow {
            defer {
                row &+= 1
                line += stride
                bits += wordsPerRow
            }
            var sum: Int32 = 0
            sink.start(row: row)
            if wordsPerRow == 1 {
                // Most areas are at most 252 pixels wide: one word, the same steps with base 0.
                let word = bits[0]
                bits[0] = 0
                drainWord(word, base: 0, row: row, line: line, sum: &sum, evenOdd, into: &sink)
            } else {
                for wordIndex in 0..<wordsPerRow {
                    let word = bits[wordIndex]
                    bits[wordIndex] = 0
                    drainWord(word, base: wordIndex &<< 6, row: row, line: line, sum: &sum, evenOdd, into: &sink)
                }
            }
            sink.finish(row: row)
        }
    }

    /// Hands the 64 groups of `row` from group `base`, touched where `word` has a bit, to `sink`,
    /// carrying the running sum in `sum`.
    @inline(__always)
    private func drainWord<Sink: CoverageSink>(
        _ word: UInt64, base: Int, row: Int, line: UnsafeMutablePointer<Int32>, sum: inout Int32, _ evenOdd: Bool,
        into sink: inout Sink
    ) {
        var word = word
        var group = 0
        while word != 0 {
            // Groups `group..<start` are untouched, `start..<end` touched.
            let start = word.trailingZeroBitCount
            // Adding the lowest set bit carries through the run of ones above it, leaving the
            // next zero's bit set (or nothing when the run reaches bit 63); the bits below stay
            // zero, so masking with the sum clears exactly the run.
            let carried = word &+ (word & (0 &- word))
            let end = carried.trailingZeroBitCount
            word &= carried
            constantSpan(row, from: base &+ group, to: base &+ start, sum: sum, evenOdd, into: &sink)
            let first = (base &+ start) &<< Self.groupShift
            let last = (base &+ end) &<< Self.groupShift
            if Sink.blendsQuads {
                let width = self.width
                sum = Self.integrate(line, from: first, to: last, carry: sum, evenOdd: evenOdd) { column, quad in
                    // A constant count in the common case, so the sink's test of it folds away.
                    if column &+ 4 <= width {
                        sink.blend(row: row, at: column, count: 4, quad: quad)
                    } else if column < width {
                        sink.blend(row: row, at: column, count: width &- column, quad: quad)
                    }
                }
            } else {
                let levels = self.levels
                sum = Self.integrate(line, from: first, to: last, carry: sum, evenOdd: evenOdd) { column, quad in
                    // Safe: `levels` holds a stride of bytes, and the column is a group's first.
                    UnsafeMutableRawPointer(levels).storeBytes(of: quad, toByteOffset: column, as: UInt32.self)
                }
                let visibleEnd = min(last, width)
                if first < visibleEnd {
                    sink.blend(row: row, from: first, to: visibleEnd, levels: levels + first)
                }
            }
            group = end
        }
        constantSpan(row, from: base &+ group, to: base &+ 64, sum: sum, evenOdd, into: &sink)
    }

    /// Hands untouched groups `first..<end` of `row`, all at the level of `sum`, to `sink`.
    @inline(__always)
    private func constantSpan<Sink: CoverageSink>(
        _ row: Int, from first: Int, to end: Int, sum: Int32, _ evenOdd: Bool, into sink: inout Sink
    ) {
        guard sum != 0 else { return }
        let start = first &<< Self.groupShift
        let visibleEnd = min(end &<< Self.groupShift, width)
        guard start < visibleEnd else { return }
        let level = Self.level(sum, evenOdd: evenOdd)
        if level != 0 { sink.blend(row: row, from: start, to: visibleEnd, level: level) }
    }

    /// Turns cells `first..<last` of `line` (whole groups) into coverage levels, clearing them:
    /// a running sum from `carry`, four cells at a time, each four handed to `body` with its
    /// first column as the bytes of a word in memory order; returns the sum at `last`.
    @inline(__always)
    private static func integrate(
        _ line: UnsafeMutablePointer<Int32>, from first: Int, to last: Int, carry: Int32, evenOdd: Bool,
        _ body: (_ column: Int, _ quad: UInt32) -> Void
    ) -> Int32 {
        // Safe: `first` and `last` are multiples of 4 within the row (the stride is a whole
        // number of groups).
        let cells = UnsafeMutableRawPointer(line)
        var sum = SIMD4<Int32>(repeating: carry)
        var column = first
        while column < last {
            let quad = cells.loadUnaligned(fromByteOffset: column &* 4, as: SIMD4<Int32>.self)
            cells.storeBytes(of: .zero, toByteOffset: column &* 4, as: SIMD4<Int32>.self)
            // Prefix sum within the four lanes (each lane plus the one before it, then each half
            // plus the low half's total), then the carry from the left. Safe: both types are 16
            // bytes of plain integers.
            let pairs = quad &+ unsafeBitCast(unsafeBitCast(quad, to: SIMD2<UInt64>.self) &<< 32, to: SIMD4<Int32>.self)
            let sums = pairs &+ SIMD4(repeating: pairs[1]) & SIMD4(0, 0, -1, -1) &+ sum
            sum = SIMD4(repeating: sums[3])
            let quadLevels: SIMD4<UInt8>
            if evenOdd {
                quadLevels = SIMD4(
                    level(sums[0], evenOdd: true), level(sums[1], evenOdd: true), level(sums[2], evenOdd: true),
                    level(sums[3], evenOdd: true))
            } else {
                // `level(_:evenOdd: false)` lane by lane.
                let sign = sums &>> 31
                let magnitude = (sums ^ sign) &- sign
                let rounded = (magnitude &+ 128) &>> 8
                // Narrowed to 16 bits with saturation, then limited to 0...255 in 16-bit lanes
                // (the low limit never bites): the optimizer makes these a saturating pack and
                // 16-bit minimum and maximum, which SSE2 has for 16-bit lanes but not 32-bit ones,
                // and the sink's widening back to lanes a shuffle of the same values.
                let saturated = pointwiseMax(
                    pointwiseMin(rounded, SIMD4(repeating: 32767)), SIMD4(repeating: -32768))
                let narrow = SIMD8<Int16>(
                    Int16(truncatingIfNeeded: saturated[0]), Int16(truncatingIfNeeded: saturated[1]),
                    Int16(truncatingIfNeeded: saturated[2]), Int16(truncatingIfNeeded: saturated[3]), 0, 0, 0, 0)
                let clamped = pointwiseMax(pointwiseMin(narrow, SIMD8(repeating: 255)), .zero)
                quadLevels = SIMD4(
                    UInt8(truncatingIfNeeded: clamped[0]), UInt8(truncatingIfNeeded: clamped[1]),
                    UInt8(truncatingIfNeeded: clamped[2]), UInt8(truncatingIfNeeded: clamped[3]))
            }
            // Safe: four bytes either way, and every bit pattern is a valid value of both.
            body(column, unsafeBitCast(quadLevels, to: UInt32.self))
            column &+= 4
        }
        return sum[0]
    }

    /// The 0...255 coverage level of an accumulated winding sum.
    @inline(__always)
    private static func level(_ sum: Int32, evenOdd: Bool) -> UInt8 {
        var magnitude = sum < 0 ? 0 &- sum : sum
        if evenOdd {
            magnitude %= 2 &* one
            if magnitude > one { magnitude = 2 &* one &- magnitude }
        }
        return UInt8(truncatingIfNeeded: min((magnitude &+ 128) >> 8, 255))
    }
}

/// A fill rule as a type, so that each rule gets its own copy of the drain's loops.
private protocol DrainRule {
    static var isEvenOdd: Bool { get }
}

private enum NonZeroRule: DrainRule {
    static var isEvenOdd: Bool { false }
}

private enum EvenOddRule: DrainRule {
    static var isEvenOdd: Bool { true }
}
