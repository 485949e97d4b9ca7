/// Deflate for bytes that arrive in pieces: each piece becomes one block, coded in one pass
/// with codes from the previous piece's symbol counts (the first piece's from a trial run over
/// its start); see `DeflateBlockWriter.writeBlock(_:range:hasPredecessor:estimate:finder:isFinal:)`.
///
/// Without a match finder, matches only look one byte back, so a caller can filter image rows
/// into a small buffer and compress them piece by piece, without the whole image in memory.
struct PieceDeflater {
    private var estimate: [UInt32]?

    /// Compresses `input[range]`, the next piece of the stream; unless it is the first piece,
    /// `input[range.lowerBound − 1]` holds the byte before it (and, for a finder that searches,
    /// the earlier pieces lie before it in `input`).
    mutating func compress<Finder: MatchFinder & ~Copyable>(
        _ input: UnsafeRawBufferPointer, range: Range<Int>, isFinal: Bool, finder: inout Finder,
        into writer: inout DeflateBlockWriter
    ) {
        let isFirst = estimate == nil
        if isFirst {
            let trial = writer.checkpoint
            var runsOnly = NoMatches()
            estimate = writer.writeBlock(
                input, range: range.lowerBound..<min(range.upperBound, range.lowerBound + 32768),
                hasPredecessor: false, estimate: [UInt32](repeating: 1, count: DeflateBlockWriter.countsSize),
                finder: &runsOnly, isFinal: false)
            writer.rollBack(to: trial)
        }
        estimate = writer.writeBlock(
            input, range: range, hasPredecessor: !isFirst, estimate: estimate!, finder: &finder, isFinal: isFinal)
        finder.blockEnded()
    }
}
