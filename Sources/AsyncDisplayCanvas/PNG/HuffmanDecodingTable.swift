/// A lookup table that decodes one Huffman code of a deflate stream.
///
/// The low `primaryBits` bits of the bit buffer index the primary table. A code no longer than
/// that finds its entry there; a longer one finds a link to a subtable, indexed by the bits
/// after the primary ones. Entries are `UInt32`:
/// - `symbol << 16 | length`: a code of `length` (1...15) bits in all;
/// - `start << 16 | subtableBits << 8 | 0x80`: a link to the subtable at `start`;
/// - 0: no code has these bits (possible only for an incomplete code).
struct HuffmanDecodingTable {
    let primaryBits: Int
    private(set) var entries: [UInt32]

    init(primaryBits: Int) {
        self.primaryBits = primaryBits
        entries = [UInt32](repeating: 0, count: 1 << primaryBits)
    }

    /// Builds the table for the code with `lengths` (a length per symbol, 0 for unused).
    ///
    /// Accepts complete codes, the one-code code (a single symbol of length 1), and the empty
    /// code (all lengths 0, which decodes nothing); anything else would decode ambiguously or
    /// leave gaps, so it throws.
    ///
    /// - Precondition: every length is at most 15.
    mutating func build(lengths: UnsafeBufferPointer<UInt8>) throws(InflateError) {
        var countByLength = [Int](repeating: 0, count: 16)
        for length in lengths { countByLength[Int(length)] += 1 }
        countByLength[0] = 0
        var left = 1
        var maxLength = 0
        for length in 1...15 {
            left = left << 1 - countByLength[length]
            if left < 0 { throw .invalidCodeLengths }
            if countByLength[length] > 0 { maxLength = length }
        }
        if left > 0 && maxLength > 1 { throw .invalidCodeLengths }
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            code = (code + countByLength[length - 1]) << 1
            nextCode[length] = code
        }
        let primaryCount = 1 << primaryBits
        let primaryMask = primaryCount - 1
        // First pass: each primary slot's longest code, to size the subtables.
        var longest = [UInt8](repeating: 0, count: primaryCount)
        var codes = [Int](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let reversed = Int(HuffmanCode.reversed(UInt16(nextCode[Int(length)]), bitCount: Int(length)))
            nextCode[Int(length)] += 1
            codes[symbol] = reversed
            if Int(length) > primaryBits {
                longest[reversed & primaryMask] = max(longest[reversed & primaryMask], length)
            }
        }
        var tableCount = primaryCount
        for length in longest where length > 0 { tableCount += 1 << (Int(length) - primaryBits) }
        entries = [UInt32](repeating: 0, count: tableCount)
        var subtableStart = primaryCount
        for slot in 0..<primaryCount where longest[slot] > 0 {
            let subtableBits = Int(longest[slot]) - primaryBits
            entries[slot] = UInt32(subtableStart) << 16 | UInt32(subtableBits) << 8 | 0x80
            subtableStart += 1 << subtableBits
        }
        // Second pass: every entry whose index starts with a code's bits gets that code.
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let length = Int(length)
            let reversed = codes[symbol]
            let entry = UInt32(symbol) << 16 | UInt32(length)
            if length <= primaryBits {
                for index in stride(from: reversed, to: primaryCount, by: 1 << length) { entries[index] = entry }
            } else {
                let link = entries[reversed & primaryMask]
                let start = Int(link >> 16)
                let subtableCount = 1 << Int((link >> 8) & 0xF)
                for index in stride(from: reversed >> primaryBits, to: subtableCount, by: 1 << (length - primaryBits)) {
                    entries[start + index] = entry
                }
            }
        }
    }
}
