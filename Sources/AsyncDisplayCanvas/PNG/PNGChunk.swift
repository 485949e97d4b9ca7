/// A chunk type: four ASCII letters, read as a big-endian word.
struct PNGChunkType: Hashable, Sendable, CustomStringConvertible {
    let rawValue: UInt32

    init(rawValue: UInt32) { self.rawValue = rawValue }

    init(_ name: StaticString) {
        precondition(name.utf8CodeUnitCount == 4, "a chunk type has four letters")
        let bytes = name.utf8Start
        rawValue = UInt32(bytes[0]) << 24 | UInt32(bytes[1]) << 16 | UInt32(bytes[2]) << 8 | UInt32(bytes[3])
    }

    static let header = PNGChunkType("IHDR")
    static let palette = PNGChunkType("PLTE")
    static let transparency = PNGChunkType("tRNS")
    static let imageData = PNGChunkType("IDAT")
    static let end = PNGChunkType("IEND")
    static let animationControl = PNGChunkType("acTL")
    static let frameControl = PNGChunkType("fcTL")
    static let frameData = PNGChunkType("fdAT")

    /// Whether a decoder must understand the chunk (its first letter is upper case).
    var isCritical: Bool { rawValue & 0x2000_0000 == 0 }

    /// The four letters, with anything that is not a letter shown as "?".
    var description: String {
        String(
            decoding: [24, 16, 8, 0].map { shift -> UInt8 in
                let byte = UInt8(truncatingIfNeeded: rawValue >> UInt32(shift))
                return (65...90).contains(byte) || (97...122).contains(byte) ? byte : UInt8(ascii: "?")
            }, as: UTF8.self)
    }
}

/// The eight bytes every PNG file starts with.
let pngSignature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

extension [UInt8] {
    /// Appends a chunk: length, type, data, and the CRC-32 of type and data.
    mutating func appendChunk(_ type: PNGChunkType, _ data: UnsafeRawBufferPointer) {
        precondition(data.count <= Int(Int32.max), "a chunk holds at most 2³¹ − 1 bytes")
        appendBigEndian(UInt32(data.count))
        let typeStart = count
        appendBigEndian(type.rawValue)
        append(contentsOf: data)
        var crc = CRC32()
        self[typeStart...].withUnsafeBytes { crc.update($0) }
        appendBigEndian(crc.value)
    }

    mutating func appendChunk(_ type: PNGChunkType, _ data: [UInt8]) {
        data.withUnsafeBytes { appendChunk(type, $0) }
    }

    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value >> 24))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }

    mutating func appendBigEndian(_ value: UInt16) {
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }
}
