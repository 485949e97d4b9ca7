/// The contents of an `IHDR` chunk, validated.
struct PNGHeader: Equatable {
    /// How samples make up a pixel.
    enum ColorType: UInt8 {
        case grey = 0
        case rgb = 2
        case palette = 3
        case greyAlpha = 4
        case rgba = 6

        var channelCount: Int {
            switch self {
            case .grey, .palette: 1
            case .greyAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    let width: Int
    let height: Int
    /// Bits per sample: 1, 2, 4, 8 or 16 as the colour type allows.
    let bitDepth: Int
    let colorType: ColorType
    let isInterlaced: Bool

    /// Reads and validates the 13 bytes of `IHDR`.
    ///
    /// - Throws: `.invalidChunk("IHDR")` for a wrong length, a zero or oversized dimension or an
    ///   unknown method; `.unsupportedFormat` for a colour type and bit depth PNG does not pair;
    ///   `.tooLarge` past `limits`.
    init(_ data: UnsafeRawBufferPointer, limits: PNGLimits) throws(PNGError) {
        guard data.count == 13 else { throw .invalidChunk("IHDR") }
        let width = Int(data.loadBigEndianUInt32(at: 0))
        let height = Int(data.loadBigEndianUInt32(at: 4))
        guard (1...Int(Int32.max)).contains(width), (1...Int(Int32.max)).contains(height) else {
            throw .invalidChunk("IHDR")
        }
        let depth = data[8]
        guard let colorType = ColorType(rawValue: data[9]) else {
            throw .unsupportedFormat(colorType: data[9], bitDepth: depth)
        }
        let allowedDepths: Set<UInt8> =
            switch colorType {
            case .grey: [1, 2, 4, 8, 16]
            case .palette: [1, 2, 4, 8]
            case .rgb, .greyAlpha, .rgba: [8, 16]
            }
        guard allowedDepths.contains(depth) else { throw .unsupportedFormat(colorType: data[9], bitDepth: depth) }
        guard data[10] == 0, data[11] == 0, data[12] <= 1 else { throw .invalidChunk("IHDR") }
        let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixelCount <= limits.maxPixelCount else { throw .tooLarge(width: width, height: height) }
        self.width = width
        self.height = height
        bitDepth = Int(depth)
        self.colorType = colorType
        isInterlaced = data[12] == 1
    }

    var bitsPerPixel: Int { colorType.channelCount * bitDepth }

    /// The distance in bytes between a byte and the one its filters call "left": the bytes of
    /// a whole pixel, at least 1.
    var filterStride: Int { max(1, bitsPerPixel / 8) }

    /// Bytes of one row of `width` pixels, without the filter type byte.
    func rowByteCount(width: Int) -> Int { (width * bitsPerPixel + 7) / 8 }

    /// The sub-images the rows come in: Adam7's seven passes (empty ones left out), or the
    /// whole image.
    var passes: [PNGPass] {
        guard isInterlaced else {
            return [PNGPass(x: 0, y: 0, xStep: 1, yStep: 1, imageWidth: width, imageHeight: height)]
        }
        return [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            .map { PNGPass(x: $0.0, y: $0.1, xStep: $0.2, yStep: $0.3, imageWidth: width, imageHeight: height) }
            .filter { $0.width > 0 && $0.height > 0 }
    }
}

/// One pass of an interlaced image (or the whole of a plain one): the pixels at
/// (x + i·xStep, y + j·yStep).
struct PNGPass: Equatable {
    let x: Int
    let y: Int
    let xStep: Int
    let yStep: Int
    let width: Int
    let height: Int

    init(x: Int, y: Int, xStep: Int, yStep: Int, imageWidth: Int, imageHeight: Int) {
        self.x = x
        self.y = y
        self.xStep = xStep
        self.yStep = yStep
        width = imageWidth > x ? (imageWidth - x + xStep - 1) / xStep : 0
        height = imageHeight > y ? (imageHeight - y + yStep - 1) / yStep : 0
    }
}

extension UnsafeRawBufferPointer {
    /// The big-endian 32-bit value at `offset`.
    ///
    /// - Precondition: four bytes from `offset` are inside the buffer.
    func loadBigEndianUInt32(at offset: Int) -> UInt32 {
        UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8
            | UInt32(self[offset + 3])
    }
}
