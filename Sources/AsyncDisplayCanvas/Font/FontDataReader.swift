/// Big-endian reads from a font's bytes, every one checked against the bounds of a table.
///
/// A reader covers the byte range of one table (`base..<end` of `bytes`); offsets passed to it
/// are relative to `base`. A read that would leave the range throws `FontError.truncated`
/// naming the table, so no malformed offset can reach memory outside it.
struct FontDataReader {
    let bytes: [UInt8]
    /// Where the table starts in `bytes`.
    let base: Int
    /// Where the table ends in `bytes` (exclusive).
    let end: Int
    /// The table's tag, for errors.
    let tag: String

    /// A reader of the whole of `bytes`.
    init(bytes: [UInt8], tag: String) {
        self.bytes = bytes
        base = 0
        end = bytes.count
        self.tag = tag
    }

    /// A reader of `length` bytes at `offset` of `bytes`, which must lie within them.
    init(bytes: [UInt8], offset: Int, length: Int, tag: String) throws(FontError) {
        guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else {
            throw .truncated(tag)
        }
        self.bytes = bytes
        base = offset
        end = offset + length
        self.tag = tag
    }

    /// The table's length in bytes.
    var count: Int { end - base }

    /// A reader of `length` bytes at `offset` within this one (clipped to it when `length` is
    /// nil).
    func subrange(at offset: Int, length: Int? = nil) throws(FontError) -> FontDataReader {
        guard offset >= 0, offset <= count else { throw .truncated(tag) }
        let length = length ?? (count - offset)
        guard length >= 0, length <= count - offset else { throw .truncated(tag) }
        return try FontDataReader(bytes: bytes, offset: base + offset, length: length, tag: tag)
    }

    /// Throws unless `size` bytes at `offset` lie within the table.
    @inline(__always)
    func check(_ offset: Int, _ size: Int) throws(FontError) {
        guard offset >= 0, size >= 0, offset <= count - size else { throw .truncated(tag) }
    }

    func uint8(at offset: Int) throws(FontError) -> UInt8 {
        try check(offset, 1)
        return bytes[base + offset]
    }

    func int8(at offset: Int) throws(FontError) -> Int8 {
        Int8(bitPattern: try uint8(at: offset))
    }

    func uint16(at offset: Int) throws(FontError) -> UInt16 {
        try check(offset, 2)
        return UInt16(bytes[base + offset]) << 8 | UInt16(bytes[base + offset + 1])
    }

    func int16(at offset: Int) throws(FontError) -> Int16 {
        Int16(bitPattern: try uint16(at: offset))
    }

    func uint32(at offset: Int) throws(FontError) -> UInt32 {
        try check(offset, 4)
        let start = base + offset
        return UInt32(bytes[start]) << 24 | UInt32(bytes[start + 1]) << 16 | UInt32(bytes[start + 2]) << 8
            | UInt32(bytes[start + 3])
    }

    /// A 2.14 fixed-point number.
    func f2Dot14(at offset: Int) throws(FontError) -> Double {
        Double(try int16(at: offset)) / 16384
    }

    /// `count` consecutive big-endian 16-bit words starting at `offset`.
    func uint16Array(at offset: Int, count: Int) throws(FontError) -> [UInt16] {
        guard count >= 0, count <= Int.max / 2 else { throw .truncated(tag) }
        try check(offset, count * 2)
        let start = base + offset
        return bytes.withUnsafeBufferPointer { bytes in
            (0..<count).map { index in
                UInt16(bytes[start + 2 * index]) << 8 | UInt16(bytes[start + 2 * index + 1])
            }
        }
    }
}
