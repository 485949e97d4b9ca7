/// Finds back-references further than the previous byte for the one-pass block writer, which
/// asks at each position that would otherwise be a literal.
protocol MatchFinder: ~Copyable {
    /// Whether the finder ever finds a match (if not, the writer batches literals).
    static var searches: Bool { get }

    /// A match at `position` worth taking, as its length and distance; records the position.
    ///
    /// - Parameters:
    ///   - end: where the block ends (a match stops there).
    ///   - differs: bit 8k + 7 set if byte position + k differs from the one before it.
    ///   - codes: the block's codes, the bit costs that decide whether a match pays.
    mutating func match(
        at position: Int, in data: UnsafePointer<UInt8>, end: Int, differs: UInt64, codes: BlockCodes
    ) -> (length: Int, distance: Int)?

    /// Records the positions inside a match that was taken.
    mutating func skip(_ positions: Range<Int>, in data: UnsafePointer<UInt8>, end: Int)

    mutating func blockEnded()
}

/// The codes of the block being written: each entry is a reversed code, its length at bit 16.
struct BlockCodes {
    /// Literal/length symbol → code | length << 16.
    let literals: UnsafeMutablePointer<UInt32>
    /// Distance symbol → code | length << 16 | extra bit count << 24.
    let distances: UnsafeMutablePointer<UInt32>
}

/// Finds nothing: the writer codes runs and literals only.
struct NoMatches: MatchFinder {
    static var searches: Bool { false }

    /// Blocks ended so far. Unused by the encoder, but it keeps the type from being empty: the
    /// thread sanitizer's runtime crashes on an `inout` access to a zero-sized generic value.
    private(set) var blockCount = 0

    func match(
        at position: Int, in data: UnsafePointer<UInt8>, end: Int, differs: UInt64, codes: BlockCodes
    ) -> (length: Int, distance: Int)? { nil }

    func skip(_ positions: Range<Int>, in data: UnsafePointer<UInt8>, end: Int) {}

    mutating func blockEnded() { blockCount += 1 }
}

/// Hash chains over 4-byte prefixes: the longest of up to `chainLimit` earlier positions with
/// the same hash, taken if `pays` estimates that it costs fewer bits than what it replaces.
///
/// In filtered image data most bytes are zeros in runs, which cost almost nothing, so a match
/// pays only by covering bytes that differ from their predecessors: positions are searched only
/// where the next eight bytes hold at least three such, and searches thin out while they keep
/// failing (`SearchPacing`).
struct HashMatchFinder: MatchFinder, ~Copyable {
    static var searches: Bool { true }

    /// Latest position of each hash, then the previous position with the same hash for each
    /// position in the window (at `position & windowMask`).
    private let head: UnsafeMutablePointer<Int32>
    private let previous: UnsafeMutablePointer<Int32>
    private let symbols = DeflateSymbols.shared
    private var pacing = SearchPacing()
    /// Candidates looked at per search, and the length that ends a search.
    let chainLimit = 4
    let niceLength = 64
    /// The shortest match taken: shorter ones seldom beat the literals they replace.
    let minLength = 6

    /// Hash table slots (8,192 × 4 bytes, which stays in the first-level cache).
    private static let hashBits = 13
    private static let windowMask = Deflate.windowSize - 1
    /// Stands for "no position": further back than any window reaches.
    private static let none: Int32 = -0x4000_0000

    init() {
        head = .allocate(capacity: 1 << Self.hashBits)
        head.initialize(repeating: Self.none, count: 1 << Self.hashBits)
        previous = .allocate(capacity: Deflate.windowSize)
        previous.initialize(repeating: Self.none, count: Deflate.windowSize)
    }

    deinit {
        head.deallocate()
        previous.deallocate()
    }

    mutating func match(
        at position: Int, in data: UnsafePointer<UInt8>, end: Int, differs: UInt64, codes: BlockCodes
    ) -> (length: Int, distance: Int)? {
        guard position + 4 <= end else { return nil }
        let candidate = insert(data, at: position)
        guard differs.nonzeroBitCount >= 3 && pacing.shouldSearch() else { return nil }
        let limit = min(Deflate.maxMatch, end - position)
        var best = minLength - 1
        var distance = 0
        var next = candidate
        var probes = chainLimit
        // Safe: a candidate is read only when it is inside the window, so inside the input
        // (positions are never negative there); lengths stop at `limit`.
        while next > position - Deflate.windowSize && probes > 0 && best < min(limit, niceLength) {
            if data[next + best] == data[position + best] {
                let found = matchLength(data + next, data + position, limit)
                if found > best {
                    best = found
                    distance = position - next
                }
            }
            next = Int(previous[next & Self.windowMask])
            probes -= 1
        }
        guard distance > 0 && pays(data, at: position, length: best, distance: distance, codes: codes) else {
            return nil
        }
        pacing.found(length: best)
        return (best, distance)
    }

    mutating func skip(_ positions: Range<Int>, in data: UnsafePointer<UInt8>, end: Int) {
        for position in positions where position + 4 <= end { _ = insert(data, at: position) }
    }

    mutating func blockEnded() { pacing.blockEnded() }

    /// Makes `position` the latest with its hash and returns the one it replaced.
    @inline(__always)
    private func insert(_ data: UnsafePointer<UInt8>, at position: Int) -> Int {
        // Safe: callers check position + 4 ≤ end; slots are masked hashes and window indices.
        let word = UnsafeRawPointer(data + position).loadUnaligned(as: UInt32.self)
        let slot = Int((word &* 0x9E37_79B1) >> UInt32(32 - Self.hashBits))
        let candidate = head[slot]
        previous[position & Self.windowMask] = candidate
        head[slot] = Int32(truncatingIfNeeded: position)
        return Int(candidate)
    }

    /// Whether the match is estimated to cost fewer bits than the literals it replaces: those
    /// for the bytes that differ from their predecessors (repeats go in runs, nearly free). The
    /// estimate is rough, so the match must win by half.
    private func pays(
        _ data: UnsafePointer<UInt8>, at position: Int, length: Int, distance: Int, codes: BlockCodes
    ) -> Bool {
        let lengthSymbol = Int(symbols.lengthSymbols[length])
        let distanceCode = codes.distances[Int(symbols.distanceSymbol(distance))]
        let matchCost =
            Int(codes.literals[257 + lengthSymbol] >> 16) + Int(symbols.lengthExtraBits[lengthSymbol])
            + Int((distanceCode >> 16) & 0xFF) + Int(distanceCode >> 24)
        let threshold = matchCost + matchCost / 2
        var literalCost = 0
        var index = position
        let end = position + length
        // Safe: the match lies inside the input after at least one byte (position > 0: a match
        // needs an earlier position), so reads from index − 1 are inside too.
        while index + 8 <= end {
            var differing = RunScan.differingBytes(data + index)
            while differing != 0 {
                literalCost &+= Int(codes.literals[Int(data[index &+ differing.trailingZeroBitCount &>> 3])] >> 16)
                differing &= differing &- 1
            }
            if literalCost > threshold { return true }
            index += 8
        }
        while index < end {
            if data[index] != data[index - 1] { literalCost += Int(codes.literals[Int(data[index])] >> 16) }
            index += 1
        }
        return literalCost > threshold
    }
}

/// How often `HashMatchFinder` searches: at every candidate position while searches pay (on
/// average they cover at least two bytes each), else at every second, fourth, … sixteenth,
/// judged again at each block.
private struct SearchPacing {
    private var interval = 1
    private var countdown = 0
    private var searches = 0
    private var coveredBytes = 0

    /// Whether to search at this candidate position.
    @inline(__always)
    mutating func shouldSearch() -> Bool {
        if countdown > 0 {
            countdown &-= 1
            return false
        }
        countdown = interval &- 1
        searches &+= 1
        return true
    }

    /// A search found a match of `length` bytes.
    @inline(__always)
    mutating func found(length: Int) {
        coveredBytes &+= length
    }

    mutating func blockEnded() {
        interval = coveredBytes >= 2 * searches ? 1 : min(interval * 2, 16)
        searches = 0
        coveredBytes = 0
    }
}
