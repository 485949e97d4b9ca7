extension DeflateBlockWriter {
    /// Where the output stands, to return to with `rollBack(to:)`.
    struct Checkpoint {
        fileprivate let byteCount: Int
        fileprivate let bitBuffer: UInt64
        fileprivate let bitCount: Int
    }

    var checkpoint: Checkpoint { Checkpoint(byteCount: output.count, bitBuffer: bitBuffer, bitCount: bitCount) }

    /// Forgets everything written since `checkpoint`.
    mutating func rollBack(to checkpoint: Checkpoint) {
        output.truncate(to: checkpoint.byteCount)
        bitBuffer = checkpoint.bitBuffer
        bitCount = checkpoint.bitCount
    }

    /// Symbol counts of a block: literal/length symbols 0...285, distance symbols 0...29, then
    /// one slot that absorbs the counts of literals a step does not write.
    static let countsSize = Deflate.literalLengthCount + Deflate.distanceCount + 1
    private static let spareCount = Deflate.literalLengthCount + Deflate.distanceCount

    /// Writes `input[range]` as one dynamic-Huffman block in a single pass, with no tokens in
    /// between: literals, runs (matches at distance 1) and the matches `finder` finds.
    ///
    /// The codes come from `estimate`, the symbol counts expected (a previous block's; see
    /// `countsSize`), each raised by one so that every symbol has a code. Returns the block's
    /// own counts, the estimate for the next block. If the block comes out larger than stored
    /// blocks of its bytes, it is rewritten as those. If `hasPredecessor`, the byte before
    /// `range` is the stream's previous byte, and a run may repeat it.
    ///
    /// - Complexity: O(range.count).
    mutating func writeBlock<Finder: MatchFinder & ~Copyable>(
        _ input: UnsafeRawBufferPointer, range: Range<Int>, hasPredecessor: Bool, estimate: [UInt32],
        finder: inout Finder, isFinal: Bool
    ) -> [UInt32] {
        let start = checkpoint
        let literalEstimate = estimate.prefix(Deflate.literalLengthCount).map { $0 &+ 1 }
        // Without other matches, runs need only distance symbol 0.
        let distanceEstimate =
            Finder.searches
            ? estimate[Deflate.literalLengthCount..<Self.spareCount].map { $0 &+ 1 }
            : [1] + [UInt32](repeating: 0, count: Deflate.distanceCount - 1)
        let dynamic = DynamicHeader(literalFrequencies: literalEstimate, distanceFrequencies: distanceEstimate)
        putBits(isFinal ? 0b101 : 0b100, count: 3)
        dynamic.write(into: &self)
        fillCodeTables(literalLengths: dynamic.literalLengths, distanceLengths: dynamic.distanceLengths)
        // At most 15 bits per byte (a match of 6 or more bytes takes at most 48), and 8 bytes of
        // slack for each store.
        output.reserve(2 * range.count + 16)
        var counts = [UInt32](repeating: 0, count: Self.countsSize)
        counts.withUnsafeMutableBufferPointer { counts in
            encode(input, range: range, hasPredecessor: hasPredecessor, counts: counts.baseAddress!, finder: &finder)
        }
        counts[Deflate.endOfBlock] = 1
        let storedBits = 8 * range.count + 40 * (range.count / 65535 + 1) + 7
        if 8 * (output.count - start.byteCount) + bitCount - start.bitCount > storedBits {
            rollBack(to: start)
            writeStored(UnsafeRawBufferPointer(rebasing: input[range]), isFinal: isFinal)
        }
        return counts
    }

    /// The block's symbols, then its end-of-block code, counting each symbol in `counts`.
    ///
    /// Eight bytes at a time (`RunScan`): the literals up to the first run, then the run. With
    /// a finder, each literal position is offered to it first; without, the literals go out
    /// three to a put.
    private mutating func encode<Finder: MatchFinder & ~Copyable>(
        _ input: UnsafeRawBufferPointer, range: Range<Int>, hasPredecessor: Bool, counts: UnsafeMutablePointer<UInt32>,
        finder: inout Finder
    ) {
        let data = input.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let codes = BlockCodes(literals: tables + Self.literalCodeOffset, distances: tables + Self.distanceCodeOffset)
        let lengthCodes = tables + Self.lengthCodeOffset
        let symbols = self.symbols
        // A run's distance, 1, is distance symbol 0 with no extra bits.
        let runDistanceBits = UInt64(codes.distances[0] & 0xFFFF)
        let runDistanceCount = Int((codes.distances[0] >> 16) & 0xFF)
        let start = output.end
        var out = start
        var buffer = bitBuffer
        var pending = bitCount
        var position = range.lowerBound
        let end = range.upperBound
        if !hasPredecessor && position < end {
            putLiteral(data[position], codes, counts, &out, &buffer, &pending)
            finder.skip(position..<position + 1, in: data, end: end)
            position += 1
        }
        // Safe: RunScan reads position − 1 ..< position + 8 ≤ end; matches are capped at
        // end − position; `output` has room for 15 bits per byte; count indices are a byte, a
        // symbol's slot or the spare slot.
        scan: while position &+ 8 <= end {
            let step = RunScan(data + position)
            let word = UInt64(littleEndian: UnsafeRawPointer(data + position).loadUnaligned(as: UInt64.self))
            if Finder.searches {
                for literal in 0..<step.literalCount {
                    let at = position + literal
                    guard
                        let match = finder.match(
                            at: at, in: data, end: end, differs: step.differs >> UInt64(8 * literal), codes: codes)
                    else { continue }
                    putLiterals(word, count: min(literal, 3), codes, counts, &out, &buffer, &pending)
                    putLiterals(word >> 24, count: max(literal - 3, 0), codes, counts, &out, &buffer, &pending)
                    putMatch(
                        length: match.length, distance: match.distance, codes, lengthCodes, symbols, counts, &out,
                        &buffer, &pending)
                    finder.skip(at + 1..<at + match.length, in: data, end: end)
                    position = at + match.length
                    continue scan
                }
            }
            // Two puts of up to three literals, without branching on how many there are. Without
            // a finder only the first three are counted: the counts are an estimate, and cheaper
            // halved.
            putLiterals(word, count: min(step.literalCount, 3), codes, counts, &out, &buffer, &pending)
            putLiterals(
                word >> 24, count: max(step.literalCount &- 3, 0), codes, Finder.searches ? counts : nil, &out,
                &buffer, &pending)
            position &+= step.literalCount
            if step.startsRun {
                let length = matchLength(
                    data + (position &- 1), data + position, min(Deflate.maxMatch, end &- position))
                let lengthCode = lengthCodes[length]
                let lengthCount = Int(lengthCode >> 24)
                put(
                    UInt64(lengthCode & 0xFF_FFFF) | runDistanceBits << UInt64(lengthCount),
                    count: lengthCount &+ runDistanceCount, out: &out, buffer: &buffer, bitCount: &pending)
                counts[257 &+ Int(symbols.lengthSymbols[length])] &+= 1
                counts[Deflate.literalLengthCount] &+= 1
                position &+= length
            }
        }
        while position < end {
            putLiteral(data[position], codes, counts, &out, &buffer, &pending)
            position += 1
        }
        let endCode = codes.literals[Deflate.endOfBlock]
        put(UInt64(endCode & 0xFFFF), count: Int(endCode >> 16), out: &out, buffer: &buffer, bitCount: &pending)
        output.advance(by: out - start)
        bitBuffer = buffer
        bitCount = pending
    }
}

@inline(__always)
private func putLiteral(
    _ byte: UInt8, _ codes: BlockCodes, _ counts: UnsafeMutablePointer<UInt32>,
    _ out: inout UnsafeMutablePointer<UInt8>,
    _ buffer: inout UInt64, _ pending: inout Int
) {
    let code = codes.literals[Int(byte)]
    put(UInt64(code & 0xFFFF), count: Int(code >> 16), out: &out, buffer: &buffer, bitCount: &pending)
    counts[Int(byte)] &+= 1
}

/// Writes the codes of the first `count` (0...3) bytes of `word` in one put (at most 45 bits),
/// counting them if `counts` is given (the bytes past `count` in its spare slot).
@inline(__always)
private func putLiterals(
    _ word: UInt64, count: Int, _ codes: BlockCodes, _ counts: UnsafeMutablePointer<UInt32>?,
    _ out: inout UnsafeMutablePointer<UInt8>, _ buffer: inout UInt64, _ pending: inout Int
) {
    var bits: UInt64 = 0
    var total: UInt64 = 0
    for index in 0..<3 {
        let byte = Int(truncatingIfNeeded: (word >> UInt64(8 * index)) & 0xFF)
        let code = codes.literals[byte]
        let isWritten = index < count
        bits |= UInt64(isWritten ? code & 0xFFFF : 0) &<< total
        total &+= UInt64(isWritten ? code >> 16 : 0)
        counts?[isWritten ? byte : Deflate.literalLengthCount + Deflate.distanceCount] &+= 1
    }
    put(bits, count: Int(total), out: &out, buffer: &buffer, bitCount: &pending)
}

/// Writes a match's length and distance codes and extra bits in one put (at most 48 bits),
/// counting its symbols.
@inline(__always)
private func putMatch(
    length: Int, distance: Int, _ codes: BlockCodes, _ lengthCodes: UnsafeMutablePointer<UInt32>,
    _ symbols: DeflateSymbols, _ counts: UnsafeMutablePointer<UInt32>, _ out: inout UnsafeMutablePointer<UInt8>,
    _ buffer: inout UInt64, _ pending: inout Int
) {
    let lengthCode = lengthCodes[length]
    let lengthCount = Int(lengthCode >> 24)
    let distanceSymbol = Int(symbols.distanceSymbol(distance))
    let distanceCode = codes.distances[distanceSymbol]
    let distanceLength = UInt64((distanceCode >> 16) & 0xFF)
    let extra = UInt64(distance &- Int(symbols.distanceBases[distanceSymbol]))
    let distanceBits = UInt64(distanceCode & 0xFFFF) | extra << distanceLength
    put(
        UInt64(lengthCode & 0xFF_FFFF) | distanceBits << UInt64(lengthCount),
        count: lengthCount + Int(distanceLength) + Int(distanceCode >> 24), out: &out, buffer: &buffer,
        bitCount: &pending)
    counts[257 &+ Int(symbols.lengthSymbols[length])] &+= 1
    counts[Deflate.literalLengthCount &+ distanceSymbol] &+= 1
}
