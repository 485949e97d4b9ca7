/// How hard PNG encoding compresses: a trade of time against size.
public enum PNGCompression: Sendable, Hashable, CaseIterable {
    /// No compression (stored deflate blocks, no filtering): the largest files, the fastest.
    case uncompressed
    /// Rows filtered with `Up`, greedy single-probe matching: several times faster than
    /// `.default`, somewhat larger.
    case fast
    /// Each row's filter chosen by the smallest absolute sum, lazy matching along hash chains.
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
    /// Decoding the result gives back an equal bitmap whenever every pixel is valid
    /// premultiplied (no component above alpha; bitmaps drawn by `Canvas` or decoded from PNG
    /// always are). A fully transparent pixel is written as (0, 0, 0, 0). The scale is not
    /// stored.
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
        let width = bitmap.width
        let rowByteCount = width * 4
        let filteredCount = bitmap.height * (rowByteCount + 1)
        let filtered = UnsafeMutablePointer<UInt8>.allocate(capacity: filteredCount)
        defer { filtered.deallocate() }
        let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * rowByteCount)
        defer { rows.deallocate() }
        let filter = PNGRowFilter(rowByteCount: rowByteCount, bytesPerPixel: 4, strategy: compression.filterStrategy)
        // The checksum is taken row by row, while each filtered row is still in cache.
        var adler = Adler32()
        Straightening.table.withUnsafeBufferPointer { table in
            bitmap.withPackedPixels { pixels in
                // Safe: row y of the bitmap is pixels[y·width ..< (y+1)·width]; the two straight
                // rows alternate in `rows`; filtered row y starts at y·(rowByteCount + 1).
                for y in 0..<bitmap.height {
                    let row = rows + (y & 1) * rowByteCount
                    Straightening.straighten(
                        pixels.baseAddress! + y * width, count: width, into: row, isOpaque: bitmap.isOpaque,
                        table: table.baseAddress!)
                    let previous = y == 0 ? nil : UnsafePointer(rows + ((y - 1) & 1) * rowByteCount)
                    let filteredRow = filtered + y * (rowByteCount + 1)
                    filter.filter(row, previous: previous, into: filteredRow)
                    adler.update(UnsafeRawBufferPointer(start: filteredRow, count: rowByteCount + 1))
                }
            }
        }
        return ZlibEncoder.compress(
            UnsafeRawBufferPointer(start: filtered, count: filteredCount), level: compression.deflateLevel,
            checksum: adler.value, appendingTo: ByteBuffer(capacity: filteredCount / 4))
    }
}
