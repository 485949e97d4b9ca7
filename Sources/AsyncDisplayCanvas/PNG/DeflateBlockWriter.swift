/// Writes deflate blocks from LZ77 tokens, each as whichever of stored, fixed-Huffman or
/// dynamic-Huffman is smallest.
///
/// Bits go out least significant first through a 64-bit accumulator that is stored eight bytes
/// at a time, so the output keeps eight bytes of slack reserved.
struct DeflateBlockWriter: ~Copyable {
    var output: ByteBuffer
    private var bitBuffer: UInt64 = 0
    private var bitCount = 0
    private let storage = TableStorage()
    private let symbols = DeflateSymbols.shared
    /// The current block's codes, in one allocation at the offsets below (entries are `UInt32`).
    private var tables: UnsafeMutablePointer<UInt32> { storage.tables }

    /// Literal/length symbol → reversed code | length << 16.
    private static let literalCodeOffset = 0
    /// Length 0...258 → its symbol's code and extra bits | total bit count << 24.
    private static let lengthCodeOffset = 288
    /// Distance symbol → reversed code | code length << 16 | extra bit count << 24.
    private static let distanceCodeOffset = 288 + 259
    fileprivate static let tableCount = 288 + 259 + 30

    init(output: consuming ByteBuffer) {
        self.output = output
    }

    /// Writes the tokens (which encode exactly the bytes of `raw`) as one block, or as stored
    /// blocks of `raw` when that is smaller, and returns the block's ideal code lengths (literal
    /// and length symbols, then distance symbols), an estimate of the next block's bit costs.
    @discardableResult
    mutating func writeBlock(
        _ block: borrowing DeflateTokens, raw: UnsafeRawBufferPointer, isFinal: Bool
    ) -> (literals: [UInt8], distances: [UInt8]) {
        let literalFrequencies = Array(UnsafeBufferPointer(start: block.literalFrequencies, count: 286))
        let distanceFrequencies = Array(UnsafeBufferPointer(start: block.distanceFrequencies, count: 30))
        let extraBits = block.extraBitCount
        let dynamic = DynamicHeader(literalFrequencies: literalFrequencies, distanceFrequencies: distanceFrequencies)
        let dynamicBits =
            3 + dynamic.bitCount + extraBits
            + cost(literalFrequencies, dynamic.literalLengths) + cost(distanceFrequencies, dynamic.distanceLengths)
        let fixedBits =
            3 + extraBits + cost(literalFrequencies, Deflate.fixedLiteralLengths)
            + cost(distanceFrequencies, Deflate.fixedDistanceLengths)
        let storedBlocks = max(1, (raw.count + 65534) / 65535)
        let storedBits = raw.count * 8 + storedBlocks * 40 + 7
        if storedBits <= min(dynamicBits, fixedBits) {
            writeStored(raw, isFinal: isFinal)
        } else if fixedBits <= dynamicBits {
            putBits(isFinal ? 0b011 : 0b010, count: 3)
            writeTokens(
                block.buffer, literalLengths: Deflate.fixedLiteralLengths,
                distanceLengths: Deflate.fixedDistanceLengths, bitCount: fixedBits)
        } else {
            putBits(isFinal ? 0b101 : 0b100, count: 3)
            dynamic.write(into: &self)
            writeTokens(
                block.buffer, literalLengths: dynamic.literalLengths, distanceLengths: dynamic.distanceLengths,
                bitCount: dynamicBits)
        }
        return (dynamic.literalLengths, dynamic.distanceLengths)
    }

    /// Writes `raw` as stored blocks of at most 65,535 bytes (one empty block if `raw` is empty).
    mutating func writeStored(_ raw: UnsafeRawBufferPointer, isFinal: Bool) {
        var offset = 0
        repeat {
            let count = min(raw.count - offset, 65535)
            let isLast = offset + count == raw.count
            putBits(isFinal && isLast ? 1 : 0, count: 3)
            alignToByte()
            putBits(UInt64(count) | UInt64(~UInt16(count)) << 16, count: 32)
            if count > 0 {
                output.append(UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count]))
            }
            offset += count
        } while offset < raw.count
    }

    /// Pads the last byte with zero bits and returns the buffer.
    consuming func finish() -> ByteBuffer {
        alignToByte()
        return output
    }

    /// Writes `count` (at most 56) bits of `value`, low bits first.
    mutating func putBits(_ value: UInt64, count: Int) {
        output.reserve(8)
        var out = output.end
        put(value, count: count, out: &out, buffer: &bitBuffer, bitCount: &bitCount)
        output.advance(by: out - output.end)
    }

    /// Pads to a byte boundary with zero bits and moves the whole bytes out.
    private mutating func alignToByte() {
        bitCount = (bitCount + 7) & ~7
        flushWholeBytes()
    }

    /// Moves whole bytes out of the accumulator.
    private mutating func flushWholeBytes() {
        while bitCount >= 8 {
            output.append(UInt8(truncatingIfNeeded: bitBuffer))
            bitBuffer >>= 8
            bitCount -= 8
        }
    }

    private func cost(_ frequencies: [UInt32], _ lengths: [UInt8]) -> Int {
        var bits = 0
        for (frequency, length) in zip(frequencies, lengths) { bits += Int(frequency) * Int(length) }
        return bits
    }

    /// Writes the tokens and the end-of-block code with the codes of `literalLengths` and
    /// `distanceLengths`; `bitCount` bounds the bits written.
    private mutating func writeTokens(
        _ tokens: UnsafeBufferPointer<UInt32>, literalLengths: [UInt8], distanceLengths: [UInt8],
        bitCount blockBits: Int
    ) {
        fillCodeTables(literalLengths: literalLengths, distanceLengths: distanceLengths)
        output.reserve(blockBits / 8 + 16)
        let start = output.end
        var out = start
        var buffer = bitBuffer
        var count = bitCount
        let literalCodes = tables + Self.literalCodeOffset
        let lengthCodes = tables + Self.lengthCodeOffset
        let distanceCodes = tables + Self.distanceCodeOffset
        let symbols = self.symbols
        let tokenCount = tokens.count
        // Safe: the reservation covers the block's bits plus the 8-byte store of each put; a
        // token's length (3...258) and distance (1...32,768) index inside their tables; token
        // reads stay below `tokenCount`.
        var index = 0
        while index < tokenCount {
            let token = tokens[index]
            if token < 0x1_0000 {
                // Three literals in a row go out in one put (at most 45 bits).
                if index + 2 < tokenCount && tokens[index + 1] | tokens[index + 2] < 0x1_0000 {
                    let first = literalCodes[Int(token)]
                    let second = literalCodes[Int(tokens[index + 1])]
                    let third = literalCodes[Int(tokens[index + 2])]
                    let firstCount = first >> 16
                    let twoCount = firstCount &+ second >> 16
                    let bits =
                        UInt64(first & 0xFFFF) | UInt64(second & 0xFFFF) << UInt64(firstCount)
                        | UInt64(third & 0xFFFF) << UInt64(twoCount)
                    put(bits, count: Int(twoCount &+ third >> 16), out: &out, buffer: &buffer, bitCount: &count)
                    index += 3
                } else {
                    let code = literalCodes[Int(token)]
                    put(UInt64(code & 0xFFFF), count: Int(code >> 16), out: &out, buffer: &buffer, bitCount: &count)
                    index += 1
                }
            } else {
                let length = lengthCodes[Int(token >> 16)]
                let distance = token & 0xFFFF
                let symbol = Int(symbols.distanceSymbol(Int(distance)))
                let code = distanceCodes[symbol]
                let codeLength = (code >> 16) & 0xFF
                let extra = UInt64(distance &- UInt32(symbols.distanceBases[symbol]))
                let distanceBits = UInt64(code & 0xFFFF) | extra << UInt64(codeLength)
                let lengthCount = Int(length >> 24)
                put(
                    UInt64(length & 0xFF_FFFF) | distanceBits << UInt64(lengthCount),
                    count: lengthCount + Int(codeLength) + Int(code >> 24), out: &out, buffer: &buffer,
                    bitCount: &count)
                index += 1
            }
        }
        let endCode = literalCodes[Deflate.endOfBlock]
        put(UInt64(endCode & 0xFFFF), count: Int(endCode >> 16), out: &out, buffer: &buffer, bitCount: &count)
        output.advance(by: out - start)
        bitBuffer = buffer
        bitCount = count
    }

    private func fillCodeTables(literalLengths: [UInt8], distanceLengths: [UInt8]) {
        let literalCodes = HuffmanCode.codes(for: literalLengths)
        for symbol in 0..<min(literalLengths.count, 288) {
            tables[Self.literalCodeOffset + symbol] =
                UInt32(literalCodes[symbol]) | UInt32(literalLengths[symbol]) << 16
        }
        for length in 3...258 {
            let symbol = Int(symbols.lengthSymbols[length])
            let code = tables[Self.literalCodeOffset + 257 + symbol]
            let codeLength = code >> 16
            let extra = UInt32(length - Int(Deflate.lengthBase[symbol])) << codeLength
            let total = codeLength + UInt32(Deflate.lengthExtraBits[symbol])
            tables[Self.lengthCodeOffset + length] = (code & 0xFFFF | extra) | total << 24
        }
        let distanceCodes = HuffmanCode.codes(for: distanceLengths)
        for symbol in 0..<min(distanceLengths.count, 30) {
            tables[Self.distanceCodeOffset + symbol] =
                UInt32(distanceCodes[symbol]) | UInt32(distanceLengths[symbol]) << 16
                | UInt32(Deflate.distanceExtraBits[symbol]) << 24
        }
    }
}

/// The memory of a writer's lookup tables.
private struct TableStorage: ~Copyable {
    let tables: UnsafeMutablePointer<UInt32>

    init() {
        tables = .allocate(capacity: DeflateBlockWriter.tableCount)
        tables.initialize(repeating: 0, count: DeflateBlockWriter.tableCount)
    }

    deinit { tables.deallocate() }
}

/// Adds `count` bits to the accumulator and stores its whole bytes at `out` (eight bytes are
/// written; `out` advances by the whole bytes).
///
/// - Precondition: `count` ≤ 56 and eight bytes at `out` are reserved.
@inline(__always)
private func put(
    _ value: UInt64, count: Int, out: inout UnsafeMutablePointer<UInt8>, buffer: inout UInt64, bitCount: inout Int
) {
    buffer |= value &<< UInt64(bitCount)
    bitCount &+= count
    UnsafeMutableRawPointer(out).storeBytes(of: buffer.littleEndian, as: UInt64.self)
    let whole = bitCount & ~7
    out += whole >> 3
    buffer &>>= UInt64(whole)
    bitCount &= 7
}
