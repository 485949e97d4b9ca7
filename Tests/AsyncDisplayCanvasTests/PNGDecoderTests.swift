import Testing

@testable import AsyncDisplayCanvas

/// A PNG file of `chunks` (type and contents), with correct lengths and CRCs.
func makePNG(_ chunks: [(String, [UInt8])]) -> [UInt8] {
    var png = pngSignature
    for (type, contents) in chunks {
        png.appendBigEndian(UInt32(contents.count))
        let typeBytes = Array(type.utf8)
        png += typeBytes + contents
        png.appendBigEndian(CRC32.checksum(typeBytes + contents))
    }
    return png
}

/// `IHDR` contents.
func headerChunk(
    width: Int, height: Int, bitDepth: UInt8 = 8, colorType: UInt8 = 6, interlace: UInt8 = 0
)
    -> (String, [UInt8])
{
    var contents: [UInt8] = []
    contents.appendBigEndian(UInt32(width))
    contents.appendBigEndian(UInt32(height))
    return ("IHDR", contents + [bitDepth, colorType, 0, 0, interlace])
}

/// An `IDAT` chunk holding `rows` (filter bytes included), zlib-compressed.
func imageDataChunk(_ rows: [UInt8]) -> (String, [UInt8]) {
    ("IDAT", ZlibEncoder.compress(rows, level: .default))
}

private let endChunk = ("IEND", [UInt8]())

/// A 2 × 2 RGBA image, unfiltered.
private let smallRows: [UInt8] = [0, 1, 2, 3, 255, 4, 5, 6, 255, 0, 7, 8, 9, 255, 10, 11, 12, 255]

@Suite("PNG decoding")
struct PNGDecoderTests {
    @Test("Files of every format decode to the pixels they hold", arguments: pngFixtures)
    func fixtures(fixture: PNGFixture) throws {
        let bitmap = try Bitmap(pngData: fixture.data)
        #expect(bitmap.width == fixture.width && bitmap.height == fixture.height)
        for y in 0..<fixture.height {
            for x in 0..<fixture.width {
                #expect(bitmap[x: x, y: y] == fixture.expectedPixel(x: x, y: y), "pixel (\(x), \(y))")
            }
        }
        let opaque = (0..<fixture.height).allSatisfy { y in
            (0..<fixture.width).allSatisfy { fixture.expectedPixel(x: $0, y: y).alpha == 255 }
        }
        #expect(bitmap.isOpaque == opaque)
    }

    @Test("Any collection of bytes decodes, and the scale is the one asked for")
    func collections() throws {
        let png = makePNG([headerChunk(width: 2, height: 2), imageDataChunk(smallRows), endChunk])
        let fromArray = try Bitmap(pngData: png, scale: 2)
        let fromSlice = try Bitmap(pngData: png[...], scale: 2)
        let fromRange = try Bitmap(pngData: png.reversed().reversed(), scale: 2)
        #expect(fromArray == fromSlice && fromArray == fromRange)
        #expect(fromArray.scale == 2 && fromArray[x: 1, y: 1] == Pixel(red: 10, green: 11, blue: 12, alpha: 255))
    }

    @Test("Unknown ancillary chunks are skipped; unknown critical ones throw")
    func unknownChunks() throws {
        let ancillary = makePNG([
            headerChunk(width: 2, height: 2), ("vpAg", [1, 2]), imageDataChunk(smallRows), endChunk,
        ])
        #expect(try Bitmap(pngData: ancillary).width == 2)
        let critical = makePNG([headerChunk(width: 2, height: 2), ("ABCD", []), imageDataChunk(smallRows), endChunk])
        #expect(throws: PNGError.unknownCriticalChunk("ABCD")) { try Bitmap(pngData: critical) }
    }

    @Test("Broken files throw the error that names what is wrong")
    func structuralErrors() {
        let valid = makePNG([headerChunk(width: 2, height: 2), imageDataChunk(smallRows), endChunk])
        #expect(throws: PNGError.badSignature) { try Bitmap(pngData: [UInt8]()) }
        #expect(throws: PNGError.badSignature) { try Bitmap(pngData: [UInt8](repeating: 137, count: 64)) }
        #expect(throws: PNGError.truncated) { try Bitmap(pngData: valid.dropLast(12)) }
        #expect(throws: PNGError.truncated) { try Bitmap(pngData: valid.prefix(20)) }
        var corrupt = valid
        corrupt[16] ^= 1
        #expect(throws: PNGError.badCRC(chunk: "IHDR")) { try Bitmap(pngData: corrupt) }
        #expect(throws: PNGError.missingChunk("IHDR")) {
            try Bitmap(pngData: makePNG([imageDataChunk(smallRows), headerChunk(width: 2, height: 2), endChunk]))
        }
        #expect(throws: PNGError.missingChunk("IDAT")) {
            try Bitmap(pngData: makePNG([headerChunk(width: 2, height: 2), endChunk]))
        }
        #expect(throws: PNGError.missingChunk("PLTE")) {
            try Bitmap(
                pngData: makePNG([headerChunk(width: 2, height: 2, colorType: 3), imageDataChunk([0, 0]), endChunk]))
        }
        #expect(throws: PNGError.invalidChunk("IHDR")) {
            try Bitmap(pngData: makePNG([headerChunk(width: 0, height: 2), imageDataChunk(smallRows), endChunk]))
        }
        #expect(throws: PNGError.invalidChunk("IDAT")) {
            let split = imageDataChunk(smallRows)
            let first = ("IDAT", Array(split.1.prefix(5)))
            let rest = ("IDAT", Array(split.1.dropFirst(5)))
            _ = try Bitmap(pngData: makePNG([headerChunk(width: 2, height: 2), first, ("tEXt", [65]), rest, endChunk]))
        }
        #expect(throws: PNGError.invalidChunk("PLTE")) {
            try Bitmap(pngData: makePNG([headerChunk(width: 2, height: 2), ("PLTE", [1, 2]), endChunk]))
        }
        #expect(throws: PNGError.unsupportedFormat(colorType: 2, bitDepth: 4)) {
            try Bitmap(pngData: makePNG([headerChunk(width: 2, height: 2, bitDepth: 4, colorType: 2), endChunk]))
        }
        #expect(throws: PNGError.unsupportedFormat(colorType: 5, bitDepth: 8)) {
            try Bitmap(pngData: makePNG([headerChunk(width: 2, height: 2, colorType: 5), endChunk]))
        }
    }

    @Test("Images over the limits throw before anything is allocated")
    func limits() {
        let huge = makePNG([headerChunk(width: 100_000, height: 100_000), imageDataChunk(smallRows), endChunk])
        #expect(throws: PNGError.tooLarge(width: 100_000, height: 100_000)) { try Bitmap(pngData: huge) }
        let small = makePNG([headerChunk(width: 2, height: 2), imageDataChunk(smallRows), endChunk])
        #expect(throws: PNGError.tooLarge(width: 2, height: 2)) {
            try Bitmap(pngData: small, limits: PNGLimits(maxPixelCount: 3))
        }
    }

    @Test("A decompression bomb stops at the size the header allows")
    func decompressionBomb() {
        // 4 MiB of zeros (about 4 KiB compressed) behind a header that needs 68 bytes.
        let bomb = makePNG([
            headerChunk(width: 4, height: 4), imageDataChunk([UInt8](repeating: 0, count: 4 << 20)), endChunk,
        ])
        #expect(bomb.count < 8192)
        #expect(throws: PNGError.corruptImageData(.excessData)) { try Bitmap(pngData: bomb) }
    }

    @Test("Damaged image data throws the fault it has")
    func imageDataFaults() {
        func decode(_ rows: [UInt8], colorType: UInt8 = 6, extra: [(String, [UInt8])] = []) throws {
            _ = try Bitmap(
                pngData: makePNG(
                    [headerChunk(width: 2, height: 2, colorType: colorType)] + extra + [imageDataChunk(rows), endChunk])
            )
        }
        #expect(throws: PNGError.corruptImageData(.missingData)) { try decode(Array(smallRows.dropLast())) }
        var badFilter = smallRows
        badFilter[9] = 7
        #expect(throws: PNGError.corruptImageData(.filterType(7))) { try decode(badFilter) }
        #expect(throws: PNGError.corruptImageData(.paletteIndex)) {
            try decode([0, 0, 1, 0, 1, 2], colorType: 3, extra: [("PLTE", [9, 9, 9, 8, 8, 8])])
        }
        var badChecksum = imageDataChunk(smallRows)
        badChecksum.1[badChecksum.1.count - 1] ^= 1
        #expect(throws: PNGError.corruptImageData(.checksum)) {
            try Bitmap(pngData: makePNG([headerChunk(width: 2, height: 2), badChecksum, endChunk]))
        }
        #expect(throws: PNGError.corruptImageData(.zlibHeader)) {
            try Bitmap(pngData: makePNG([headerChunk(width: 2, height: 2), ("IDAT", [0x78, 0x9D, 1]), endChunk]))
        }
    }
}
