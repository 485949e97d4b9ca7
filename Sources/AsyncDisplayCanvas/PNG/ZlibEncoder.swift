/// The zlib format (RFC 1950) around deflate: a two-byte header, the deflate stream, and the
/// Adler-32 of the uncompressed bytes.
enum ZlibEncoder {
    /// Appends the zlib stream of `input` to `output`; `checksum` is the Adler-32 of `input` if
    /// the caller already has it.
    ///
    /// Complexity: O(input).
    static func compress(
        _ input: UnsafeRawBufferPointer, level: DeflateLevel, checksum: UInt32? = nil,
        appendingTo output: consuming ByteBuffer
    ) -> ByteBuffer {
        appendHeader(level: level, to: &output)
        var writer = DeflateBlockWriter(output: output)
        DeflateEncoder(level: level).compress(input, into: &writer)
        var result = writer.finish()
        result.append(bigEndian: checksum ?? Adler32.checksum(input))
        return result
    }

    /// Appends the two header bytes of a stream compressed at `level`.
    static func appendHeader(level: DeflateLevel, to output: inout ByteBuffer) {
        // CMF 0x78: deflate with a 32 KiB window. FLG: the level hint, then check bits that make
        // the header a multiple of 31.
        let levelHint: UInt16 = level == .default ? 2 : 0
        let header: UInt16 = 0x7800 | levelHint << 6
        let check = (31 - header % 31) % 31
        output.append(UInt8(header >> 8))
        output.append(UInt8(truncatingIfNeeded: header | check))
    }

    /// The zlib stream of `input`.
    static func compress(_ input: [UInt8], level: DeflateLevel) -> [UInt8] {
        input.withUnsafeBytes { compress($0, level: level, appendingTo: ByteBuffer(capacity: 64)).makeArray() }
    }
}
