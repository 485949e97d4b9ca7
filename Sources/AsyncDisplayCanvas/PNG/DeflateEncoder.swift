/// How hard deflate looks for repeated bytes.
enum DeflateLevel: Sendable, CaseIterable {
    /// Stored blocks only: no compression, at copying speed.
    case stored
    /// Runs of one repeated byte only (matches at distance 1): very fast, and on filtered
    /// image rows, where runs of zeros dominate, close to the best.
    case runLength
    /// Runs, and where literals would go, the longest of a few earlier positions with the same
    /// 4-byte hash, taken when it is estimated to cost fewer bits than what it replaces.
    case `default`
}

/// A deflate (RFC 1951) compressor: blocks of `blockSize` bytes, each coded in one pass by a
/// `PieceDeflater` (with a `HashMatchFinder` at `.default`), or stored.
///
/// Inputs over 1 GiB are compressed in 1 GiB segments that do not refer to each other, so
/// positions fit 32 bits.
struct DeflateEncoder {
    let level: DeflateLevel
    /// Input bytes per block.
    let blockSize: Int

    private static let segmentSize = 1 << 30

    init(level: DeflateLevel, blockSize: Int = 1 << 18) {
        self.level = level
        self.blockSize = max(blockSize, 1)
    }

    /// Compresses `input` into `writer`, ending with a final block.
    ///
    /// Complexity: O(n); `.default` looks at a bounded number of earlier positions per byte.
    func compress(_ input: UnsafeRawBufferPointer, into writer: inout DeflateBlockWriter) {
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
            case .stored:
                writer.writeStored(segment, isFinal: isFinal)
            case .runLength:
                var finder = NoMatches()
                compressInBlocks(segment, finder: &finder, into: &writer, isFinal: isFinal)
            case .default:
                var finder = HashMatchFinder()
                compressInBlocks(segment, finder: &finder, into: &writer, isFinal: isFinal)
            }
            offset += count
        }
    }

    private func compressInBlocks<Finder: MatchFinder & ~Copyable>(
        _ input: UnsafeRawBufferPointer, finder: inout Finder, into writer: inout DeflateBlockWriter, isFinal: Bool
    ) {
        var deflater = PieceDeflater()
        var start = 0
        while start < input.count {
            let end = min(start + blockSize, input.count)
            deflater.compress(
                input, range: start..<end, isFinal: isFinal && end == input.count, finder: &finder, into: &writer)
            start = end
        }
    }
}

/// Eight bytes compared with the eight before them: which differ, and where the first run
/// (a byte repeated three more times) starts.
struct RunScan {
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

/// Eight bytes at `pointer` as a little-endian word.
@inline(__always)
func load64(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
}

/// How many of the first `limit` bytes at `a` and `b` are equal, compared eight at a time.
@inline(__always)
func matchLength(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ limit: Int) -> Int {
    var length = 0
    while length &+ 8 <= limit {
        let difference =
            UnsafeRawPointer(a + length).loadUnaligned(as: UInt64.self)
            ^ UnsafeRawPointer(b + length).loadUnaligned(as: UInt64.self)
        if difference != 0 { return length &+ UInt64(littleEndian: difference).trailingZeroBitCount &>> 3 }
        length &+= 8
    }
    while length < limit && a[length] == b[length] { length &+= 1 }
    return length
}
