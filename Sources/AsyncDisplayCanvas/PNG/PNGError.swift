/// Why PNG data could not be decoded, or a bitmap could not be encoded.
public enum PNGError: Error, Sendable, Hashable {
    /// The data does not start with the eight-byte PNG signature.
    case badSignature
    /// The data ends inside a chunk, before `IEND`, or inside the compressed image data.
    case truncated
    /// A chunk's stored CRC-32 does not match its type and contents.
    case badCRC(chunk: String)
    /// A chunk is malformed: a wrong length, a field out of range, or a chunk out of order or
    /// repeated where PNG forbids it.
    case invalidChunk(String)
    /// A chunk the image needs is absent (`IHDR` first, `PLTE` for palette images, `IDAT`).
    case missingChunk(String)
    /// A critical chunk (first letter upper case) this decoder does not know.
    case unknownCriticalChunk(String)
    /// A colour type and bit depth pair that PNG does not define.
    case unsupportedFormat(colorType: UInt8, bitDepth: UInt8)
    /// The image has more pixels than the limits allow.
    case tooLarge(width: Int, height: Int)
    /// The compressed image data is damaged.
    case corruptImageData(ImageDataFault)
    /// The bitmap has no pixels, which PNG cannot represent.
    case emptyImage
    /// An animation frame's size (given) differs from the animation's.
    case frameSizeMismatch(width: Int, height: Int)
    /// An animation has no frames yet.
    case noFrames

    /// What was wrong with the compressed image data.
    public enum ImageDataFault: Sendable, Hashable {
        /// The zlib header is invalid or asks for a preset dictionary.
        case zlibHeader
        /// The deflate stream breaks its format: a bad block type, code, length or distance.
        case deflateStream
        /// The Adler-32 after the deflate stream does not match the decompressed bytes.
        case checksum
        /// The stream ends before the image is complete.
        case missingData
        /// The stream holds more bytes than the image needs.
        case excessData
        /// A row starts with a filter type other than 0...4.
        case filterType(UInt8)
        /// A palette index is beyond the palette's last entry.
        case paletteIndex
    }
}
