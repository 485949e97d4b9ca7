/// The LZ77 tokens of one deflate block, with the symbol frequencies its Huffman codes are built
/// from.
///
/// A token is a `UInt32`: a literal byte (below 65,536), or `length << 16 | distance` for a
/// back-reference (length 3...258, distance 1...32,768). Matchers append through a `Cursor`, a
/// plain value they keep in local variables, and hand it back before the block is written.
struct DeflateTokens: ~Copyable {
    let capacity: Int
    private(set) var count = 0
    /// Bits of the length and distance extra fields of the matches so far.
    private(set) var extraBitCount = 0
    let tokens: UnsafeMutablePointer<UInt32>
    /// Frequencies of literal/length symbols 0...285 (the end-of-block symbol counts once).
    let literalFrequencies: UnsafeMutablePointer<UInt32>
    /// Frequencies of distance symbols 0...29.
    let distanceFrequencies: UnsafeMutablePointer<UInt32>

    init(capacity: Int) {
        self.capacity = capacity
        tokens = .allocate(capacity: capacity)
        literalFrequencies = .allocate(capacity: Deflate.literalLengthCount)
        distanceFrequencies = .allocate(capacity: Deflate.distanceCount)
        reset()
    }

    deinit {
        tokens.deallocate()
        literalFrequencies.deallocate()
        distanceFrequencies.deallocate()
    }

    /// The tokens so far.
    var buffer: UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(start: tokens, count: count) }

    /// Empties the block.
    mutating func reset() {
        count = 0
        extraBitCount = 0
        literalFrequencies.initialize(repeating: 0, count: Deflate.literalLengthCount)
        distanceFrequencies.initialize(repeating: 0, count: Deflate.distanceCount)
        literalFrequencies[Deflate.endOfBlock] = 1
    }

    /// A cursor appending after the current tokens.
    func cursor() -> Cursor {
        Cursor(
            tokens: tokens, literalFrequencies: literalFrequencies, distanceFrequencies: distanceFrequencies,
            symbols: DeflateSymbols.shared, count: count, capacity: capacity, extraBitCount: extraBitCount)
    }

    /// Takes the tokens `cursor` appended.
    mutating func update(from cursor: Cursor) {
        count = cursor.count
        extraBitCount = cursor.extraBitCount
    }

    /// Appends tokens to a block and counts their symbols; valid until the block is reset.
    struct Cursor {
        let tokens: UnsafeMutablePointer<UInt32>
        let literalFrequencies: UnsafeMutablePointer<UInt32>
        let distanceFrequencies: UnsafeMutablePointer<UInt32>
        let symbols: DeflateSymbols
        private(set) var count: Int
        let capacity: Int
        private(set) var extraBitCount: Int

        fileprivate init(
            tokens: UnsafeMutablePointer<UInt32>, literalFrequencies: UnsafeMutablePointer<UInt32>,
            distanceFrequencies: UnsafeMutablePointer<UInt32>, symbols: DeflateSymbols, count: Int, capacity: Int,
            extraBitCount: Int
        ) {
            self.tokens = tokens
            self.literalFrequencies = literalFrequencies
            self.distanceFrequencies = distanceFrequencies
            self.symbols = symbols
            self.count = count
            self.capacity = capacity
            self.extraBitCount = extraBitCount
        }

        var isFull: Bool { count >= capacity }

        /// - Precondition: the block is not full.
        @inline(__always)
        mutating func appendLiteral(_ byte: UInt8) {
            // Safe: callers flush before `count` reaches `capacity`; a byte indexes 0...255.
            tokens[count] = UInt32(byte)
            count &+= 1
            literalFrequencies[Int(byte)] &+= 1
        }

        /// - Precondition: the block is not full; `length` is 3...258 and `distance` 1...32,768.
        @inline(__always)
        mutating func appendMatch(length: Int, distance: Int) {
            // Safe: as in `appendLiteral`; symbol lookups stay in their tables for valid lengths
            // and distances.
            tokens[count] = UInt32(truncatingIfNeeded: length << 16 | distance)
            count &+= 1
            let lengthSymbol = Int(symbols.lengthSymbols[length])
            let distanceSymbol = Int(symbols.distanceSymbol(distance))
            literalFrequencies[257 &+ lengthSymbol] &+= 1
            distanceFrequencies[distanceSymbol] &+= 1
            extraBitCount &+= Int(symbols.lengthExtraBits[lengthSymbol] &+ symbols.distanceExtraBits[distanceSymbol])
        }
    }
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
