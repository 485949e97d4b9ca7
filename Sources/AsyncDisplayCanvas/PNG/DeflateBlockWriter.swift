/// Writes a deflate stream: stored blocks, and dynamic-Huffman blocks coded in one pass (see
/// `writeBlock(_:range:hasPredecessor:estimate:finder:isFinal:)`).
///
/// Bits go out least significant first through a 64-bit accumulator that is stored eight bytes
/// at a time, so the output keeps eight bytes of slack reserved.
struct DeflateBlockWriter: ~Copyable {
    var output: ByteBuffer
    /// Bits not yet in `output` (the low `bitCount` ones).
    var bitBuffer: UInt64 = 0
    var bitCount = 0
    private let storage = TableStorage()
    let symbols = DeflateSymbols.shared
    /// The current block's codes, in one allocation at the offsets below (entries are `UInt32`).
    var tables: UnsafeMutablePointer<UInt32> { storage.tables }

    /// Literal/length symbol → reversed code | length << 16.
    static let literalCodeOffset = 0
    /// Length 0...258 → its symbol's code and extra bits | total bit count << 24.
    static let lengthCodeOffset = 288
    /// Distance symbol → reversed code | code length << 16 | extra bit count << 24.
    static let distanceCodeOffset = 288 + 259
    fileprivate static let tableCount = 288 + 259 + 30

    init(output: consuming ByteBuffer) {
        self.output = output
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

    /// Fills the code tables (see the offsets) for a block with these code lengths.
    func fillCodeTables(literalLengths: [UInt8], distanceLengths: [UInt8]) {
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
func put(
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
