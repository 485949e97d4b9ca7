/// The codes of one dynamic-Huffman block and the header that describes them (RFC 1951
/// §3.2.7): code lengths run-length coded with symbols 16, 17 and 18, themselves Huffman coded.
struct DynamicHeader {
    let literalLengths: [UInt8]
    let distanceLengths: [UInt8]
    /// Header bits after the three block-type bits.
    private(set) var bitCount = 0
    private let literalCount: Int
    private let distanceCount: Int
    /// Code-length symbols, each `symbol | extra bits value << 8`.
    private var symbols: [UInt16] = []
    private let codeLengthLengths: [UInt8]
    private let codeLengthCount: Int

    init(literalFrequencies: [UInt32], distanceFrequencies: [UInt32]) {
        literalLengths = HuffmanCode.lengths(for: literalFrequencies, limit: Deflate.maxCodeLength)
        distanceLengths = HuffmanCode.lengths(for: distanceFrequencies, limit: Deflate.maxCodeLength)
        literalCount = max(257, (literalLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        distanceCount = max(1, (distanceLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        var symbols: [UInt16] = []
        Self.runLengthCode(Array(literalLengths[..<literalCount] + distanceLengths[..<distanceCount]), into: &symbols)
        var frequencies = [UInt32](repeating: 0, count: 19)
        for symbol in symbols { frequencies[Int(symbol & 0xFF)] += 1 }
        let codeLengthLengths = HuffmanCode.lengths(for: frequencies, limit: Deflate.maxCodeLengthCodeLength)
        self.codeLengthLengths = codeLengthLengths
        codeLengthCount = max(4, (Deflate.codeLengthOrder.lastIndex { codeLengthLengths[$0] > 0 } ?? 0) + 1)
        self.symbols = symbols
        bitCount = 5 + 5 + 4 + 3 * codeLengthCount
        for symbol in symbols {
            bitCount += Int(codeLengthLengths[Int(symbol & 0xFF)]) + Self.extraBitCount(Int(symbol & 0xFF))
        }
    }

    /// Writes the header (after the block-type bits).
    func write(into writer: inout DeflateBlockWriter) {
        writer.putBits(
            UInt64(literalCount - 257) | UInt64(distanceCount - 1) << 5 | UInt64(codeLengthCount - 4) << 10, count: 14)
        for index in 0..<codeLengthCount {
            writer.putBits(UInt64(codeLengthLengths[Deflate.codeLengthOrder[index]]), count: 3)
        }
        let codes = HuffmanCode.codes(for: codeLengthLengths)
        for entry in symbols {
            let symbol = Int(entry & 0xFF)
            let extraCount = Self.extraBitCount(symbol)
            let length = Int(codeLengthLengths[symbol])
            writer.putBits(UInt64(codes[symbol]) | UInt64(entry >> 8) << UInt64(length), count: length + extraCount)
        }
    }

    private static func extraBitCount(_ symbol: Int) -> Int {
        switch symbol {
        case 16: 2
        case 17: 3
        case 18: 7
        default: 0
        }
    }

    /// Appends the run-length coding of `lengths`: 16 repeats the previous length 3...6 times,
    /// 17 and 18 write 3...10 and 11...138 zeros.
    private static func runLengthCode(_ lengths: [UInt8], into symbols: inout [UInt16]) {
        var index = 0
        while index < lengths.count {
            let length = lengths[index]
            var run = 1
            while index + run < lengths.count && lengths[index + run] == length { run += 1 }
            index += run
            if length == 0 {
                while run >= 11 {
                    let count = min(run, 138)
                    symbols.append(18 | UInt16(count - 11) << 8)
                    run -= count
                }
                if run >= 3 {
                    symbols.append(17 | UInt16(run - 3) << 8)
                    run = 0
                }
            } else {
                symbols.append(UInt16(length))
                run -= 1
                while run >= 3 {
                    let count = min(run, 6)
                    symbols.append(16 | UInt16(count - 3) << 8)
                    run -= count
                }
            }
            for _ in 0..<run { symbols.append(UInt16(length)) }
        }
    }
}
