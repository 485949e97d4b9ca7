/// How hard PNG encoding compresses: a trade of time against size.
public enum PNGCompression: Sendable, Hashable, CaseIterable {
    /// No compression (stored deflate blocks, no filtering): the largest files.
    case uncompressed
    /// Rows filtered with Paeth and compressed as they are filtered, coding runs of a repeated
    /// byte and literals only: about twice as fast as `.default`, and on drawn images (where
    /// filtering leaves mostly runs of zeros) nearly as small.
    case fast
    /// Each row's filter chosen by the smallest sum of absolute values; runs, and repeats
    /// further back found through a hash table where they pay (text, tiled patterns).
    case `default`

    var deflateLevel: DeflateLevel {
        switch self {
        case .uncompressed: .stored
        case .fast: .runLength
        case .default: .default
        }
    }

    var filterStrategy: PNGRowFilter.Strategy {
        switch self {
        case .uncompressed: .fixed(.none)
        case .fast: .fixed(.paeth)
        case .default: .adaptive
        }
    }
}

extension Bitmap {
    /// The bitmap as a PNG file: 8-bit RGBA with straight (un-premultiplied) alpha.
    ///
    /// A component `c` under alpha `a` is stored as `round(c × 255 ÷ a)`, and a fully
    /// transparent pixel as (0, 0, 0, 0). Decoding gives back exactly this bitmap whenever
    /// every pixel is valid premultiplied, no component above its alpha, which is all Canvas
    /// drawing and PNG decoding make: `Bitmap(pngData: png, scale: scale) == bitmap`. (The scale
    /// is not stored; components above alpha come back equal to alpha.) Opaque pixels are stored
    /// unchanged, so a decoded opaque PNG encodes to the same pixel values.
    ///
    /// - Throws: `PNGError.emptyImage` if the bitmap has no pixels.
    /// - Complexity: O(pixels).
    public func pngData(compression: PNGCompression = .default) throws(PNGError) -> [UInt8] {
        guard width > 0 && height > 0 else { throw .emptyImage }
        let imageData = PNGEncoder.compressedImageData(of: self, compression: compression)
        var png: [UInt8] = []
        png.reserveCapacity(imageData.count + 64 + imageData.count / PNGEncoder.maxChunkDataCount * 12)
        png.append(contentsOf: pngSignature)
        png.appendChunk(.header, PNGEncoder.header(width: width, height: height))
        PNGEncoder.appendChunks(.imageData, imageData.bytes(), to: &png)
        png.appendChunk(.end, [])
        return png
    }
}

/// The parts of PNG encoding shared by still and animated images.
enum PNGEncoder {
    /// The most image data put in one chunk.
    static let maxChunkDataCount = 1 << 20

    /// The `IHDR` contents of an 8-bit RGBA image, not interlaced.
    static func header(width: Int, height: Int) -> [UInt8] {
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0]
        return header
    }

    /// Appends `data` as chunks of `type`, each at most `maxChunkDataCount` bytes.
    static func appendChunks(
        _ type: PNGChunkType, _ data: UnsafeRawBufferPointer, to png: inout [UInt8], chunkSize: Int = maxChunkDataCount
    ) {
        var offset = 0
        repeat {
            let end = min(offset + chunkSize, data.count)
            png.appendChunk(type, UnsafeRawBufferPointer(rebasing: data[offset..<end]))
            offset = end
        } while offset < data.count
    }

    /// The zlib stream of the bitmap's rows, un-premultiplied and filtered.
    ///
    /// Complexity: O(pixels).
    static func compressedImageData(of bitmap: Bitmap, compression: PNGCompression) -> ByteBuffer {
        var result: ByteBuffer?
        Straightening.table.withUnsafeBufferPointer { table in
            bitmap.withPackedPixels { pixels in
                let rows = StraightRows(
                    pixels: pixels.baseAddress!, width: bitmap.width, isOpaque: bitmap.isOpaque,
                    table: table.baseAddress!)
                let filter = PNGRowFilter(
                    rowByteCount: 4 * bitmap.width, bytesPerPixel: 4, strategy: compression.filterStrategy)
                result =
                    compression == .fast
                    ? compressInPieces(rows, height: bitmap.height, filter: filter)
                    : compressWhole(rows, height: bitmap.height, filter: filter, level: compression.deflateLevel)
            }
        }
        return result.take()!
    }

    /// Filters every row into one buffer, then compresses it.
    private static func compressWhole(
        _ rows: borrowing StraightRows, height: Int, filter: borrowing PNGRowFilter, level: DeflateLevel
    ) -> ByteBuffer {
        let stride = filter.rowByteCount + 1
        let filtered = UnsafeMutablePointer<UInt8>.allocate(capacity: height * stride)
        defer { filtered.deallocate() }
        // The checksum is taken row by row, while each filtered row is still in cache.
        var adler = Adler32()
        // Safe: filtered row y is filtered[y·stride ..< (y + 1)·stride]; row y − 1 stays valid
        // while row y is filtered (see `StraightRows`).
        for y in 0..<height {
            filter.filter(rows.row(y), previous: y == 0 ? nil : rows.row(y - 1), into: filtered + y * stride)
            adler.update(UnsafeRawBufferPointer(start: filtered + y * stride, count: stride))
        }
        return ZlibEncoder.compress(
            UnsafeRawBufferPointer(start: filtered, count: height * stride), level: level, checksum: adler.value,
            appendingTo: ByteBuffer(capacity: height * stride / 4))
    }

    /// Filters rows into a buffer of about 256 KiB and compresses each buffer full as it fills,
    /// with runs only (a `PieceDeflater` without match finder), so the filtered image is never all
    /// in memory.
    private static func compressInPieces(
        _ rows: borrowing StraightRows, height: Int, filter: borrowing PNGRowFilter
    ) -> ByteBuffer {
        let stride = filter.rowByteCount + 1
        let rowsPerPiece = max(1, (1 << 18) / stride)
        // Byte 0 holds the last byte of the previous piece, which a run may repeat.
        let piece = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 + rowsPerPiece * stride)
        defer { piece.deallocate() }
        // Room for a piece's worst case beyond the usual output, so the buffer rarely grows.
        var output = ByteBuffer(capacity: height * stride / 4 + 2 * rowsPerPiece * stride)
        ZlibEncoder.appendHeader(level: .runLength, to: &output)
        var writer = DeflateBlockWriter(output: output)
        var deflater = PieceDeflater()
        var runsOnly = NoMatches()
        var adler = Adler32()
        var y = 0
        // Safe: a piece holds `count` ≤ rowsPerPiece filtered rows after its first byte.
        while y < height {
            let count = min(rowsPerPiece, height - y)
            for index in 0..<count {
                let previous = y + index == 0 ? nil : rows.row(y + index - 1)
                filter.filter(rows.row(y + index), previous: previous, into: piece + 1 + index * stride)
            }
            let bytes = UnsafeRawBufferPointer(start: piece, count: 1 + count * stride)
            adler.update(UnsafeRawBufferPointer(rebasing: bytes[1...]))
            deflater.compress(
                bytes, range: 1..<bytes.count, isFinal: y + count == height, finder: &runsOnly, into: &writer)
            piece[0] = piece[count * stride]
            y += count
        }
        var result = writer.finish()
        result.append(bigEndian: adler.value)
        return result
    }
}
