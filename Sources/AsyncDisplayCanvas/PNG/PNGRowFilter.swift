/// The five PNG filter types, the byte that starts each row of image data.
enum PNGFilterType: UInt8, CaseIterable {
    case none = 0
    case sub = 1
    case up = 2
    case average = 3
    case paeth = 4
}

/// Filters rows for the encoder: one fixed filter, or per row the filter whose output has the
/// smallest sum of absolute values (bytes read as signed), the usual predictor of what deflate
/// compresses best.
struct PNGRowFilter: ~Copyable {
    /// Which filters a row may use.
    enum Strategy {
        case fixed(PNGFilterType)
        case adaptive
    }

    let rowByteCount: Int
    let bytesPerPixel: Int
    let strategy: Strategy
    /// One filtered candidate row per filter type, then a row of zeros (the row above the first).
    private let scratch: UnsafeMutablePointer<UInt8>

    init(rowByteCount: Int, bytesPerPixel: Int, strategy: Strategy) {
        self.rowByteCount = rowByteCount
        self.bytesPerPixel = bytesPerPixel
        self.strategy = strategy
        scratch = .allocate(capacity: 6 * max(rowByteCount, 1))
        scratch.initialize(repeating: 0, count: 6 * max(rowByteCount, 1))
    }

    deinit { scratch.deallocate() }

    /// Writes the filter type byte then the filtered `row` (`previous` is the row above, nil
    /// for the first row) at `output`, which has room for `1 + rowByteCount` bytes.
    ///
    /// The rows are read as raw bytes, so they may be memory of any type (such as a bitmap's
    /// packed pixels).
    func filter(_ row: UnsafeRawPointer, previous: UnsafeRawPointer?, into output: UnsafeMutablePointer<UInt8>) {
        let above = previous ?? UnsafeRawPointer(scratch + 5 * rowByteCount)
        switch strategy {
        case .fixed(.paeth):
            output[0] = PNGFilterType.paeth.rawValue
            filterPaeth(row, above, into: output + 1)
        case .fixed(let type):
            output[0] = type.rawValue
            _ = apply(type, row, above, output + 1, scoring: false, limit: .max)
        case .adaptive:
            // Paeth first, as it wins most rows; the others stop as soon as they fall behind.
            var best = PNGFilterType.none
            var bestScore = Int.max
            for type in Self.trialOrder {
                let score = apply(
                    type, row, above, scratch + Int(type.rawValue) * rowByteCount, scoring: true, limit: bestScore)
                if score < bestScore {
                    bestScore = score
                    best = type
                }
            }
            output[0] = best.rawValue
            (output + 1).update(from: scratch + Int(best.rawValue) * rowByteCount, count: rowByteCount)
        }
    }

    private static let trialOrder: [PNGFilterType] = [.paeth, .sub, .up, .average, .none]

    /// Filters `row` with `type` into `output` (`rowByteCount` bytes) and, if `scoring`, returns
    /// Σ |byte as Int8| of the result (else 0), or `Int.max` as soon as that passes `limit`
    /// (leaving the output incomplete).
    private func apply(
        _ type: PNGFilterType, _ row: UnsafeRawPointer, _ above: UnsafeRawPointer,
        _ output: UnsafeMutablePointer<UInt8>,
        scoring: Bool, limit: Int
    ) -> Int {
        switch type {
        case .none:
            apply(row, above, output, scoring, limit) { _, _, _ in
                ByteLanes()
            } scalar: { _, _, _ in
                0
            }
        case .sub:
            apply(row, above, output, scoring, limit) { a, _, _ in
                a
            } scalar: { a, _, _ in
                a
            }
        case .up:
            apply(row, above, output, scoring, limit) { _, b, _ in
                b
            } scalar: { _, b, _ in
                b
            }
        case .average:
            apply(row, above, output, scoring, limit) { a, b, _ in
                (a &+ b) &>> 1
            } scalar: { a, b, _ in
                UInt8(truncatingIfNeeded: (UInt16(a) &+ UInt16(b)) >> 1)
            }
        case .paeth: apply(row, above, output, scoring, limit, Self.paeth, scalar: paethPredictor)
        }
    }

    /// Filters with `predict` (of left, above and upper-left): sixteen bytes at a time as two
    /// vectors of 16-bit lanes (even bytes, odd bytes), the first pixel and the tail with
    /// `scalar`.
    @inline(__always)
    private func apply(
        _ row: UnsafeRawPointer, _ above: UnsafeRawPointer, _ output: UnsafeMutablePointer<UInt8>, _ scoring: Bool,
        _ limit: Int,
        _ predict: (ByteLanes, ByteLanes, ByteLanes) -> ByteLanes, scalar: (UInt8, UInt8, UInt8) -> UInt8
    ) -> Int {
        let count = rowByteCount
        let bpp = min(bytesPerPixel, count)
        var score = 0
        // Safe: every index is below `count`, the length of `row`, `above` and `output`; reads
        // to the left start at `bpp`; vector loads and stores cover index ..< index + 16 ≤ count.
        for index in 0..<bpp {
            let filtered = row.byte(at: index) &- scalar(0, above.byte(at: index), 0)
            output[index] = filtered
            score &+= Self.magnitude(filtered)
        }
        var index = bpp
        var scores = ByteLanes()
        var steps = 0
        while index &+ 16 <= count {
            let x = Self.load(row + index)
            let a = Self.load(row + index - bpp)
            let b = Self.load(above + index)
            let c = Self.load(above + index - bpp)
            let even = (x.even &- predict(a.even, b.even, c.even)) & 0xFF
            let odd = (x.odd &- predict(a.odd, b.odd, c.odd)) & 0xFF
            UnsafeMutableRawPointer(output + index).storeBytes(of: even | odd &<< 8, as: ByteLanes.self)
            if scoring {
                // |byte as Int8| = 128 − |byte − 128|. Lanes gain at most 256 per step: fold
                // every 15 steps so the 8-lane sum stays below 2¹⁵.
                scores &+= 256 &- Self.absolute(even &- 128) &- Self.absolute(odd &- 128)
                steps &+= 1
                if steps == 15 {
                    score &+= Int(scores.wrappedSum())
                    if score > limit { return .max }
                    scores = ByteLanes()
                    steps = 0
                }
            }
            index &+= 16
        }
        score &+= Int(scores.wrappedSum())
        while index < count {
            let filtered =
                row.byte(at: index)
                &- scalar(row.byte(at: index - bpp), above.byte(at: index), above.byte(at: index - bpp))
            output[index] = filtered
            score &+= Self.magnitude(filtered)
            index += 1
        }
        return scoring ? score : 0
    }

    /// The Paeth predictor in 16-bit lanes (see `paethPredictor`), choices made with sign masks
    /// rather than comparisons, which vectorize.
    @inline(__always)
    private static func paeth(_ a: ByteLanes, _ b: ByteLanes, _ c: ByteLanes) -> ByteLanes {
        let distanceA = absolute(b &- c)
        let distanceB = absolute(a &- c)
        let distanceC = absolute(a &+ b &- c &- c)
        let prefersC = (distanceC &- distanceB) &>> 15
        let bOrC = (c & prefersC) | (b & ~prefersC)
        let rejectsA = ((distanceB &- distanceA) | (distanceC &- distanceA)) &>> 15
        return (bOrC & rejectsA) | (a & ~rejectsA)
    }

    /// Sixteen bytes as 16-bit lanes holding byte pairs (see `even` and `odd`).
    @inline(__always)
    private static func load(_ pointer: UnsafeRawPointer) -> ByteLanes {
        pointer.loadUnaligned(as: ByteLanes.self)
    }

    /// Lane-wise |value| for values above Int16.min.
    @inline(__always)
    private static func absolute(_ value: ByteLanes) -> ByteLanes {
        let sign = value &>> 15
        return (value ^ sign) &- sign
    }

    /// |byte as Int8|.
    @inline(__always)
    private static func magnitude(_ byte: UInt8) -> Int {
        byte < 128 ? Int(byte) : 256 - Int(byte)
    }
}

extension UnsafeRawPointer {
    /// The byte at `offset`.
    @inline(__always)
    fileprivate func byte(at offset: Int) -> UInt8 { load(fromByteOffset: offset, as: UInt8.self) }
}

/// Eight 16-bit lanes: sixteen bytes split into even and odd ones, so lane-wise arithmetic has
/// room above 8 bits without converting between vector types (which does not vectorize). The
/// filters treat every byte alike, so which half is "even" (byte order) does not matter.
private typealias ByteLanes = SIMD8<Int16>

extension ByteLanes {
    /// The even bytes (0, 2, …, 14), one per lane, as 0...255.
    @inline(__always)
    fileprivate var even: ByteLanes { self & 0xFF }

    /// The odd bytes (1, 3, …, 15), one per lane, as 0...255.
    @inline(__always)
    fileprivate var odd: ByteLanes { (self &>> 8) & 0xFF }
}

/// The Paeth predictor (PNG §9.4): whichever of left, above and upper-left is closest to
/// left + above − upper-left, ties in that order.
@inline(__always)
func paethPredictor(_ left: UInt8, _ above: UInt8, _ upperLeft: UInt8) -> UInt8 {
    let a = Int16(left)
    let b = Int16(above)
    let c = Int16(upperLeft)
    let distanceA = abs(b &- c)
    let distanceB = abs(a &- c)
    let distanceC = abs(a &+ b &- c &- c)
    if distanceA <= distanceB && distanceA <= distanceC { return left }
    return distanceB <= distanceC ? above : upperLeft
}
