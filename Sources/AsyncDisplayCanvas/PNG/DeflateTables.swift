/// The fixed numbers of the deflate format (RFC 1951), shared by the encoder and the decoder.
enum Deflate {
    /// Bytes a back-reference may reach.
    static let windowSize = 32768
    static let maxMatch = 258
    /// The end-of-block symbol of the literal/length alphabet.
    static let endOfBlock = 256
    /// Literal/length symbols with a meaning (0...285), distance symbols with one (0...29).
    static let literalLengthCount = 286
    static let distanceCount = 30
    /// Longest code of the literal/length and distance alphabets, and of the code-length alphabet.
    static let maxCodeLength = 15
    static let maxCodeLengthCodeLength = 7

    /// Smallest length of each length symbol 257...285, and its count of extra bits.
    static let lengthBase: [UInt16] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    static let lengthExtraBits: [UInt8] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    /// Smallest distance of each distance symbol 0...29, and its count of extra bits.
    static let distanceBase: [UInt16] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    static let distanceExtraBits: [UInt8] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    /// The order in which a dynamic block header lists the code-length code's lengths.
    static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Code lengths of the fixed literal/length code (symbols 0...287).
    static let fixedLiteralLengths: [UInt8] =
        [UInt8](repeating: 8, count: 144) + [UInt8](repeating: 9, count: 112) + [UInt8](repeating: 7, count: 24)
        + [UInt8](repeating: 8, count: 8)
}

/// Lookup tables from lengths and distances to their deflate symbols, built once and never
/// changed.
///
/// Concurrency: `@unchecked Sendable` because the tables are written only in `init` and only
/// read afterwards, from any thread.
final class DeflateSymbols: @unchecked Sendable {
    static let shared = DeflateSymbols()

    /// Length 0...258 → length symbol − 257 (0...28; entries 0...2 unused).
    let lengthSymbols: UnsafeMutablePointer<UInt8>
    /// Distance − 1 below 256 → distance symbol; entry 256 + (distance − 1) >> 7 for the rest.
    let distanceSymbols: UnsafeMutablePointer<UInt8>
    let lengthExtraBits: UnsafeMutablePointer<UInt8>
    let distanceExtraBits: UnsafeMutablePointer<UInt8>
    /// The smallest length of each length symbol − 257, and distance of each distance symbol.
    let lengthBases: UnsafeMutablePointer<UInt16>
    let distanceBases: UnsafeMutablePointer<UInt16>

    private init() {
        lengthSymbols = .allocate(capacity: 259)
        lengthSymbols.initialize(repeating: 0, count: 259)
        distanceSymbols = .allocate(capacity: 512)
        distanceSymbols.initialize(repeating: 0, count: 512)
        lengthExtraBits = .allocate(capacity: 29)
        lengthExtraBits.initialize(from: Deflate.lengthExtraBits, count: 29)
        distanceExtraBits = .allocate(capacity: 30)
        distanceExtraBits.initialize(from: Deflate.distanceExtraBits, count: 30)
        lengthBases = .allocate(capacity: 29)
        lengthBases.initialize(from: Deflate.lengthBase, count: 29)
        distanceBases = .allocate(capacity: 30)
        distanceBases.initialize(from: Deflate.distanceBase, count: 30)
        for symbol in 0..<29 {
            let base = Int(Deflate.lengthBase[symbol])
            for length in base..<min(base + (1 << Int(Deflate.lengthExtraBits[symbol])), 259) {
                lengthSymbols[length] = UInt8(symbol)
            }
        }
        for symbol in 0..<30 {
            let base = Int(Deflate.distanceBase[symbol])
            for distance in base..<base + (1 << Int(Deflate.distanceExtraBits[symbol])) {
                distanceSymbols[distance - 1 < 256 ? distance - 1 : 256 + (distance - 1) >> 7] = UInt8(symbol)
            }
        }
    }

    /// The symbol of `distance` (1...32,768).
    @inline(__always)
    func distanceSymbol(_ distance: Int) -> UInt8 {
        let index = distance &- 1
        return distanceSymbols[index < 256 ? index : 256 &+ index &>> 7]
    }
}
