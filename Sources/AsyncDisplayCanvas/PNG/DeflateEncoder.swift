/// How hard deflate looks for repeated bytes.
enum DeflateLevel: Sendable, CaseIterable {
    /// Stored blocks only: no compression, at copying speed.
    case stored
    /// Runs of one repeated byte only (matches at distance 1): very fast, and on filtered
    /// image rows, where runs of zeros dominate, close to the best.
    case runLength
    /// Lazy matching along bounded hash chains, plus runs.
    case `default`
}

/// A deflate (RFC 1951) compressor: LZ77 matching into tokens, written as Huffman blocks by
/// `DeflateBlockWriter`.
///
/// Inputs over 1 GiB are compressed in 1 GiB segments that do not refer to each other, so
/// positions fit 32 bits.
struct DeflateEncoder: ~Copyable {
    let level: DeflateLevel
    private var block: DeflateTokens
    /// Latest position of each 4-byte hash, then the previous position with the same hash for
    /// each position in the window (at `position & windowMask`).
    private let head: UnsafeMutablePointer<Int32>
    private let previous: UnsafeMutablePointer<Int32>
    /// Estimated bits of each literal/length symbol, then of each distance symbol.
    private let costs: UnsafeMutablePointer<UInt8>
    private let symbols = DeflateSymbols.shared

    /// Candidates looked at per search, and the length that ends a search.
    var chainLimit = 4
    var niceLength = 64
    /// The shortest match taken at a distance above 1: shorter ones seldom beat the literals
    /// they replace, and skipping them saves most cost estimates.
    var minFarLength = 6

    private static let hashBits = 13
    private static let windowMask = Deflate.windowSize - 1
    /// Stands for "no position": further back than any window reaches.
    private static let none: Int32 = -0x4000_0000
    private static let segmentSize = 1 << 30

    init(level: DeflateLevel, blockCapacity: Int = 1 << 15) {
        self.level = level
        block = DeflateTokens(capacity: blockCapacity)
        head = .allocate(capacity: 1 << Self.hashBits)
        previous = .allocate(capacity: Deflate.windowSize)
        costs = .allocate(capacity: Deflate.literalLengthCount + Deflate.distanceCount)
        updateCosts((Deflate.fixedLiteralLengths, Deflate.fixedDistanceLengths))
    }

    deinit {
        head.deallocate()
        previous.deallocate()
        costs.deallocate()
    }

    /// Compresses `input` into `writer`, ending with a final block.
    ///
    /// Complexity: O(n); `.default` does at most `chainLimit` probes per position.
    mutating func compress(_ input: UnsafeRawBufferPointer, into writer: inout DeflateBlockWriter) {
        guard !input.isEmpty else {
            writer.writeStored(input, isFinal: true)
            return
        }
        var offset = 0
        while offset < input.count {
            let count = min(Self.segmentSize, input.count - offset)
            let segment = UnsafeRawBufferPointer(rebasing: input[offset..<offset + count])
            let isFinal = offset + count == input.count
            switch level {
            case .stored: writer.writeStored(segment, isFinal: isFinal)
            case .runLength: compressRuns(segment, into: &writer, isFinal: isFinal)
            case .default: compressMatches(segment, into: &writer, isFinal: isFinal)
            }
            offset += count
        }
    }

    /// Run-length matching: a byte repeated at least three more times becomes a match at
    /// distance 1.
    ///
    /// Eight bytes are compared with the eight before them at once: the bytes up to the first
    /// run (at most six) are literals, then the run is measured.
    private mutating func compressRuns(
        _ input: UnsafeRawBufferPointer, into writer: inout DeflateBlockWriter, isFinal: Bool
    ) {
        let data = input.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let count = input.count
        var blockStart = 0
        var tokens = block.cursor()
        tokens.appendLiteral(data[0])
        var position = 1
        // Safe: 8-byte loads at `position − 1` and `position` happen only when position + 8 ≤
        // count; runs are capped at count − position; the block is flushed while it still has
        // room for the six literals and one match of a step.
        while position + 8 <= count {
            let step = RunScan(data + position)
            for index in 0..<step.literalCount { tokens.appendLiteral(data[position + index]) }
            position += step.literalCount
            if step.startsRun { Self.appendRun(data, at: &position, count: count, to: &tokens) }
            if tokens.count + 7 > tokens.capacity {
                flush(input, &blockStart, to: position, &tokens, &writer, isFinal: false)
            }
        }
        while position < count {
            let byte = data[position]
            if position + 3 <= count && byte == data[position - 1] && byte == data[position + 1]
                && byte == data[position + 2]
            {
                let length = matchLength(data + position - 1, data + position, count - position)
                tokens.appendMatch(length: length, distance: 1)
                position += length
            } else {
                tokens.appendLiteral(byte)
                position += 1
            }
        }
        flush(input, &blockStart, to: count, &tokens, &writer, isFinal: isFinal)
    }

    /// Runs as in `compressRuns`, and at positions that would be literals, the longest of up to
    /// `chainLimit` earlier positions with the same 4-byte hash, taken greedily if
    /// `farMatchPays`. Searches thin out while they keep failing (see `SearchPacing`).
    private mutating func compressMatches(
        _ input: UnsafeRawBufferPointer, into writer: inout DeflateBlockWriter, isFinal: Bool
    ) {
        head.initialize(repeating: Self.none, count: 1 << Self.hashBits)
        let data = input.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let count = input.count
        var blockStart = 0
        var tokens = block.cursor()
        tokens.appendLiteral(data[0])
        if count >= 4 { _ = insert(data, at: 0) }
        var position = 1
        var pacing = SearchPacing()
        // Safe: 8-byte loads at `position − 1` and `position` happen only when position + 8 ≤
        // count; chain positions are checked to be inside the window (so inside the input)
        // before they are read; match lengths are capped at count − position; the block is
        // flushed while it has room for a step's six literals and a match.
        scan: while position + 8 <= count {
            let step = RunScan(data + position)
            for literal in 0..<step.literalCount {
                let candidate = insert(data, at: position)
                // A match pays only by covering bytes that differ from their predecessors
                // (repeats are nearly free as runs): search only where the word ahead has a few.
                guard (step.differs &>> UInt64(8 * literal)).nonzeroBitCount >= 3 && pacing.shouldSearch() else {
                    tokens.appendLiteral(data[position])
                    position += 1
                    continue
                }
                let limit = min(Deflate.maxMatch, count - position)
                var best = minFarLength - 1
                var distance = 0
                var next = candidate
                var probes = chainLimit
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
                if distance > 0 && farMatchPays(data, at: position, length: best, distance: distance) {
                    pacing.found(length: best)
                    tokens.appendMatch(length: best, distance: distance)
                    let end = position + best
                    position += 1
                    while position < end && position + 4 <= count {
                        _ = insert(data, at: position)
                        position += 1
                    }
                    position = end
                    if tokens.count + 7 > tokens.capacity {
                        flush(input, &blockStart, to: position, &tokens, &writer, isFinal: false)
                        pacing.blockEnded()
                    }
                    continue scan
                }
                tokens.appendLiteral(data[position])
                position += 1
            }
            if step.startsRun { Self.appendRun(data, at: &position, count: count, to: &tokens) }
            if tokens.count + 7 > tokens.capacity {
                flush(input, &blockStart, to: position, &tokens, &writer, isFinal: false)
                pacing.blockEnded()
            }
        }
        while position < count {
            tokens.appendLiteral(data[position])
            position += 1
        }
        flush(input, &blockStart, to: count, &tokens, &writer, isFinal: isFinal)
    }

    /// Whether a match at `distance` > 1 is estimated to cost fewer bits than the literals
    /// and runs it replaces, with the previous block's code lengths as costs (runs of a
    /// repeated byte counted as free).
    private func farMatchPays(_ data: UnsafePointer<UInt8>, at position: Int, length: Int, distance: Int) -> Bool {
        let lengthSymbol = Int(symbols.lengthSymbols[length])
        let distanceSymbol = Int(symbols.distanceSymbol(distance))
        let matchCost =
            Int(costs[257 + lengthSymbol] + symbols.lengthExtraBits[lengthSymbol])
            + Int(costs[Deflate.literalLengthCount + distanceSymbol] + symbols.distanceExtraBits[distanceSymbol])
        // The alternative: literals for the bytes that differ from the one before them (repeats
        // go in runs, nearly free). The estimate is rough, so the match must win by half.
        let threshold = matchCost + matchCost / 2
        var literalCost = 0
        var index = position
        let end = position + length
        if index == 0 {
            literalCost = Int(costs[Int(data[0])])
            index = 1
        }
        // Safe: reads cover index − 1 ..< index + 8 with 1 ≤ index and index + 8 ≤ end, or one
        // byte below `end` in the tail; the match lies inside the input.
        while index + 8 <= end {
            var differing = RunScan.differingBytes(data + index)
            while differing != 0 {
                literalCost &+= Int(costs[Int(data[index &+ differing.trailingZeroBitCount &>> 3])])
                differing &= differing &- 1
            }
            if literalCost > threshold { return true }
            index += 8
        }
        while index < end {
            if data[index] != data[index - 1] { literalCost += Int(costs[Int(data[index])]) }
            index += 1
        }
        return literalCost > threshold
    }

    /// Takes the costs of the next block from a block's code lengths; unused symbols are
    /// taken to cost `unusedCost` bits.
    private func updateCosts(_ lengths: (literals: [UInt8], distances: [UInt8])) {
        let unusedCost: UInt8 = 12
        for (symbol, length) in lengths.literals.prefix(Deflate.literalLengthCount).enumerated() {
            costs[symbol] = length == 0 ? unusedCost : length
        }
        for (symbol, length) in lengths.distances.prefix(Deflate.distanceCount).enumerated() {
            costs[Deflate.literalLengthCount + symbol] = length == 0 ? unusedCost : length
        }
    }

    /// Appends the run that starts at `position` (a match at distance 1, at least 3 long) and
    /// moves past it.
    @inline(__always)
    private static func appendRun(
        _ data: UnsafePointer<UInt8>, at position: inout Int, count: Int, to tokens: inout DeflateTokens.Cursor
    ) {
        let length = matchLength(data + position - 1, data + position, min(Deflate.maxMatch, count - position))
        tokens.appendMatch(length: length, distance: 1)
        position += length
    }

    /// Makes `position` the latest with its hash and returns the one it replaced.
    @inline(__always)
    private func insert(_ data: UnsafePointer<UInt8>, at position: Int) -> Int {
        let slot = Self.hash(load32(data + position))
        let candidate = head[slot]
        previous[position & Self.windowMask] = candidate
        head[slot] = Int32(truncatingIfNeeded: position)
        return Int(candidate)
    }

    /// Writes the block of tokens that covers input from `blockStart` to `end`, and empties it.
    private mutating func flush(
        _ input: UnsafeRawBufferPointer, _ blockStart: inout Int, to end: Int, _ tokens: inout DeflateTokens.Cursor,
        _ writer: inout DeflateBlockWriter, isFinal: Bool
    ) {
        block.update(from: tokens)
        let lengths = writer.writeBlock(
            block, raw: UnsafeRawBufferPointer(rebasing: input[blockStart..<end]), isFinal: isFinal)
        updateCosts(lengths)
        blockStart = end
        block.reset()
        tokens = block.cursor()
    }

    @inline(__always)
    private static func hash(_ word: UInt32) -> Int {
        Int((word &* 0x9E37_79B1) >> UInt32(32 - hashBits))
    }
}

/// Eight bytes compared with the eight before them: which differ, and where the first run
/// (a byte repeated three more times) starts.
private struct RunScan {
    /// The high bit of byte k is set if byte k differs from byte k − 1.
    let differs: UInt64
    /// The bytes before the first run starting in bytes 0...5, or 6 if none does.
    let literalCount: Int
    /// Whether a run starts after the literals.
    let startsRun: Bool

    /// - Precondition: the bytes from `bytes − 1` to `bytes + 7` are readable.
    @inline(__always)
    init(_ bytes: UnsafePointer<UInt8>) {
        differs = Self.differingBytes(bytes)
        let repeats = ~differs & 0x8080_8080_8080_8080
        // The high bit of byte k is set if bytes k, k + 1 and k + 2 repeat their predecessors
        // (known for k ≤ 5).
        let runStarts = repeats & repeats >> 8 & repeats >> 16 & 0x0000_8080_8080_8080
        literalCount = runStarts == 0 ? 6 : runStarts.trailingZeroBitCount >> 3
        startsRun = runStarts != 0
    }

    /// The high bit of byte k is set if byte k at `bytes` differs from the byte before it
    /// (exactly: no carries cross bytes).
    ///
    /// - Precondition: the bytes from `bytes − 1` to `bytes + 7` are readable.
    @inline(__always)
    static func differingBytes(_ bytes: UnsafePointer<UInt8>) -> UInt64 {
        let difference = load64(bytes) ^ load64(bytes - 1)
        return ((difference & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F | difference) & 0x8080_8080_8080_8080
    }
}

/// How often `compressMatches` searches for matches: at every candidate position while
/// searches pay (on average they cover at least two bytes each), else at every second, fourth,
/// … sixteenth, judged again at each block.
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

@inline(__always)
private func load64(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
}

@inline(__always)
private func load32(_ pointer: UnsafePointer<UInt8>) -> UInt32 {
    UnsafeRawPointer(pointer).loadUnaligned(as: UInt32.self)
}

/// How many of the first `limit` bytes at `a` and `b` are equal, compared eight at a time.
@inline(__always)
private func matchLength(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ limit: Int) -> Int {
    var length = 0
    while length + 8 <= limit {
        let difference =
            UnsafeRawPointer(a + length).loadUnaligned(as: UInt64.self)
            ^ UnsafeRawPointer(b + length).loadUnaligned(as: UInt64.self)
        if difference != 0 { return length + UInt64(littleEndian: difference).trailingZeroBitCount >> 3 }
        length += 8
    }
    while length < limit && a[length] == b[length] { length += 1 }
    return length
}
