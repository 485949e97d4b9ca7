extension Bitmap {
    /// Decodes a PNG file.
    ///
    /// Reads every standard colour type and bit depth (grey 1/2/4/8/16, RGB 8/16, palette
    /// 1/2/4/8 with `tRNS` alpha, grey + alpha and RGBA 8/16), interlaced or not; 16-bit samples
    /// are rounded to 8 bits and pixels premultiplied. Every chunk's CRC is checked; ancillary
    /// chunks other than `tRNS` are skipped (so an animated PNG gives its default image).
    ///
    /// - Parameters:
    ///   - pngData: the whole file.
    ///   - scale: the scale of the bitmap (PNG's physical size is ignored).
    ///   - limits: the largest image accepted.
    /// - Throws: a `PNGError` saying what is wrong; nothing is read out of bounds.
    /// - Complexity: O(data + pixels).
    public init(pngData: some Collection<UInt8>, scale: Double = 1, limits: PNGLimits = .default) throws(PNGError) {
        let decoded =
            pngData.withContiguousStorageIfAvailable { bytes in
                Result { () throws(PNGError) in try PNGDecoder.decode(UnsafeRawBufferPointer(bytes), limits: limits) }
            }
            ?? Array(pngData).withUnsafeBytes { bytes in
                Result { () throws(PNGError) in try PNGDecoder.decode(bytes, limits: limits) }
            }
        let image = try decoded.get()
        self.init(
            width: image.width, height: image.height, scale: scale, storage: image.storage, isOpaque: image.isOpaque)
    }
}

/// PNG decoding: the chunk structure, then the image data.
enum PNGDecoder {
    /// The pixels of a decoded image.
    struct Image {
        let width: Int
        let height: Int
        let storage: PixelStorage
        let isOpaque: Bool
    }

    /// Decodes the PNG file in `data`.
    static func decode(_ data: UnsafeRawBufferPointer, limits: PNGLimits) throws(PNGError) -> Image {
        guard data.count >= 8, zip(data[0..<8], pngSignature).allSatisfy({ $0 == $1 }) else { throw .badSignature }
        var offset = 8
        var header: PNGHeader?
        var palette: [UInt8]?
        var transparency: [UInt8]?
        var imageData: [UInt8] = []
        var hasImageData = false
        var imageDataEnded = false
        while true {
            guard data.count - offset >= 8 else { throw .truncated }
            let length = Int(data.loadBigEndianUInt32(at: offset))
            let type = PNGChunkType(rawValue: data.loadBigEndianUInt32(at: offset + 4))
            guard length <= Int(Int32.max) else { throw .invalidChunk(type.description) }
            guard data.count - offset - 12 >= length else { throw .truncated }
            let contents = UnsafeRawBufferPointer(rebasing: data[offset + 8..<offset + 8 + length])
            var crc = CRC32()
            crc.update(UnsafeRawBufferPointer(rebasing: data[offset + 4..<offset + 8 + length]))
            guard crc.value == data.loadBigEndianUInt32(at: offset + 8 + length) else {
                throw .badCRC(chunk: type.description)
            }
            offset += 12 + length
            if hasImageData && type != .imageData { imageDataEnded = true }
            guard header != nil || type == .header else { throw .missingChunk("IHDR") }
            switch type {
            case .header:
                guard header == nil else { throw .invalidChunk("IHDR") }
                header = try PNGHeader(contents, limits: limits)
            case .palette:
                guard palette == nil, !hasImageData, let header, header.colorType != .grey,
                    header.colorType != .greyAlpha, length % 3 == 0, (3...768).contains(length),
                    header.colorType != .palette || length / 3 <= 1 << header.bitDepth
                else { throw .invalidChunk("PLTE") }
                palette = Array(contents)
            case .transparency:
                guard transparency == nil, !hasImageData, let header else { throw .invalidChunk("tRNS") }
                switch header.colorType {
                case .grey where length == 2, .rgb where length == 6: break
                case .palette where palette != nil && length <= palette!.count / 3: break
                default: throw .invalidChunk("tRNS")
                }
                transparency = Array(contents)
            case .imageData:
                guard !imageDataEnded else { throw .invalidChunk("IDAT") }
                if header?.colorType == .palette && palette == nil { throw .missingChunk("PLTE") }
                hasImageData = true
                imageData.append(contentsOf: contents)
            case .end:
                guard hasImageData else { throw .missingChunk("IDAT") }
                return try decodeImage(
                    imageData, header: header!,
                    converter: PNGPixelConverter(header: header!, palette: palette ?? [], transparency: transparency))
            default:
                if type.isCritical { throw .unknownCriticalChunk(type.description) }
            }
        }
    }

    /// Inflates, unfilters and converts the image data.
    private static func decodeImage(
        _ compressed: [UInt8], header: PNGHeader, converter: PNGPixelConverter
    ) throws(PNGError) -> Image {
        let passes = header.passes
        var expectedCount = 0
        for pass in passes {
            let (rowsCount, overflow) = pass.height.multipliedReportingOverflow(
                by: 1 + header.rowByteCount(width: pass.width))
            guard !overflow, rowsCount <= Int.max - expectedCount else {
                throw .tooLarge(width: header.width, height: header.height)
            }
            expectedCount += rowsCount
        }
        let rows = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: expectedCount)
        defer { rows.deallocate() }
        let inflated = compressed.withUnsafeBytes { bytes in
            Result { () throws(InflateError) in try Inflater.inflateZlib(bytes, into: rows) }
        }
        switch inflated {
        case .success(let count): guard count == expectedCount else { throw .corruptImageData(.missingData) }
        case .failure(let error): throw PNGError(error)
        }
        let storage = PixelStorage(count: header.width * header.height, fill: 0)
        var combined: UInt32 = 0xFFFF_FFFF
        var offset = 0
        for pass in passes {
            let rowByteCount = header.rowByteCount(width: pass.width)
            var previous: UnsafePointer<UInt8>?
            for passRow in 0..<pass.height {
                // Safe: the pass's rows lie inside `rows` (their sizes sum to expectedCount), and
                // its pixels inside the storage (x + (width − 1)·xStep < image width, likewise y).
                let row = rows.baseAddress! + offset + 1
                try PNGUnfilter.unfilter(
                    row, type: row[-1], previous: previous, count: rowByteCount, stride: header.filterStride)
                let y = pass.y + passRow * pass.yStep
                combined &= try converter.convert(
                    row, count: pass.width, into: storage.pixels + y * header.width + pass.x, step: pass.xStep)
                previous = UnsafePointer(row)
                offset += 1 + rowByteCount
            }
        }
        return Image(width: header.width, height: header.height, storage: storage, isOpaque: combined >> 24 == 255)
    }
}

extension PNGError {
    /// The PNG error for a failure of the image data's zlib stream.
    init(_ error: InflateError) {
        switch error {
        case .truncated: self = .truncated
        case .invalidHeader: self = .corruptImageData(.zlibHeader)
        case .checksumMismatch: self = .corruptImageData(.checksum)
        case .outputLimitExceeded: self = .corruptImageData(.excessData)
        case .invalidBlockType, .invalidStoredLength, .invalidCodeLengths, .invalidSymbol, .invalidDistance:
            self = .corruptImageData(.deflateStream)
        }
    }
}
