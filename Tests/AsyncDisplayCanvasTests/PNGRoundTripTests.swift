import Testing

@testable import AsyncDisplayCanvas

/// A bitmap of valid premultiplied pixels (no component above alpha), some fully transparent,
/// some opaque.
private func randomBitmap(width: Int, height: Int, random: inout TestRandom) -> Bitmap {
    var canvas = Canvas(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let alpha: UInt8 =
                switch random.below(4) {
                case 0: 0
                case 1: 255
                default: random.byte()
                }
            let component = { (random: inout TestRandom) in UInt8(random.below(Int(alpha) + 1)) }
            let pixel = Pixel(
                red: component(&random), green: component(&random), blue: component(&random), alpha: alpha)
            canvas.replace(Rect(x: Double(x), y: Double(y), width: 1, height: 1), with: Color(pixel))
        }
    }
    return canvas.makeBitmap()
}

extension Color {
    /// The colour whose premultiplied form is `pixel` (exact for valid premultiplied pixels).
    fileprivate init(_ pixel: Pixel) {
        let alpha = Double(pixel.alpha) / 255
        func straight(_ value: UInt8) -> Double { pixel.alpha == 0 ? 0 : Double(value) / 255 / alpha }
        self.init(red: straight(pixel.red), green: straight(pixel.green), blue: straight(pixel.blue), alpha: alpha)
    }
}

@Suite("PNG round trips")
struct PNGRoundTripTests {
    @Test("Straightening then premultiplying gives back every valid premultiplied component")
    func straighteningIsExact() {
        Straightening.table.withUnsafeBufferPointer { table in
            for alpha in 0...255 {
                for component in 0...alpha {
                    let straight = table[alpha << 8 | component]
                    let expected = alpha == 0 ? 0 : Int((Double(component) * 255 / Double(alpha)).rounded())
                    #expect(Int(straight) == min(expected, 255))
                    #expect(Int(multiplyDivide255(UInt32(straight), UInt32(alpha))) == component)
                }
            }
        }
    }

    @Test("Random bitmaps decode back equal at every compression", arguments: PNGCompression.allCases)
    func randomBitmaps(compression: PNGCompression) throws {
        var random = TestRandom(seed: 5)
        for (width, height) in [(1, 1), (1, 9), (9, 1), (17, 13), (64, 3)] {
            let bitmap = randomBitmap(width: width, height: height, random: &random)
            let decoded = try Bitmap(pngData: try bitmap.pngData(compression: compression))
            #expect(decoded == bitmap, "\(width) × \(height)")
        }
    }

    @Test("Images of many 64 KiB pieces round-trip, runs crossing the pieces", arguments: [true, false])
    func largeImages(isOpaque: Bool) throws {
        var random = TestRandom(seed: 9)
        // 180 pixels a row: 90 rows a piece, so three pieces.
        var canvas = Canvas(width: 180, height: 200, background: isOpaque ? .white : .clear)
        canvas.fill(
            Rect(x: 10, y: 20, width: 150, height: 150), with: Color(red: 0.3, green: 0.6, blue: 0.2, alpha: 0.5))
        canvas.draw(randomBitmap(width: 40, height: 30, random: &random), at: Point(x: 100, y: 80))
        let bitmap = canvas.makeBitmap()
        for compression in PNGCompression.allCases {
            #expect(try Bitmap(pngData: try bitmap.pngData(compression: compression)) == bitmap, "\(compression)")
        }
    }

    @Test("A drawn bitmap decodes back equal, and opaque stays known opaque")
    func drawnBitmap() throws {
        var canvas = Canvas(width: 37, height: 23, background: .white)
        canvas.fill(
            Rect(x: 3.5, y: 2.25, width: 20, height: 11), with: Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.6))
        let bitmap = canvas.makeBitmap()
        for compression in PNGCompression.allCases {
            let decoded = try Bitmap(pngData: try bitmap.pngData(compression: compression))
            #expect(decoded == bitmap)
            #expect(decoded.isOpaque)
        }
    }

    @Test("Decoded files encode and decode to the same pixels; opaque ones keep their straight values")
    func reencodedFixtures() throws {
        for fixture in pngFixtures {
            let decoded = try Bitmap(pngData: fixture.data)
            let again = try Bitmap(pngData: try decoded.pngData())
            #expect(again == decoded, "\(fixture.testDescription)")
            if decoded.isOpaque {
                let straight = try straightPixels(of: try decoded.pngData())
                for y in 0..<fixture.height {
                    for x in 0..<fixture.width {
                        #expect(straight[y * fixture.width + x] == fixture.expectedPixel(x: x, y: y))
                    }
                }
            }
        }
    }

    @Test("Components above alpha, which premultiplied pixels never have, come back as alpha")
    func invalidPixels() throws {
        var canvas = Canvas(width: 1, height: 1)
        canvas.replace(Rect(x: 0, y: 0, width: 1, height: 1), with: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        let valid = canvas.makeBitmap()
        // Build (200, 0, 0, 128) through the storage, as no drawing call makes such a pixel.
        let storage = PixelStorage(count: 1, fill: Pixel(red: 200, green: 0, blue: 0, alpha: 128).packed)
        let invalid = Bitmap(width: 1, height: 1, scale: 1, storage: storage, isOpaque: false)
        #expect(
            try Bitmap(pngData: try invalid.pngData())[x: 0, y: 0] == Pixel(red: 128, green: 0, blue: 0, alpha: 128))
        #expect(try Bitmap(pngData: try valid.pngData()) == valid)
    }

    @Test("An empty bitmap has no PNG form")
    func emptyBitmap() {
        #expect(throws: PNGError.emptyImage) { try Bitmap(width: 0, height: 5).pngData() }
    }

    @Test("The file is signature, IHDR for 8-bit RGBA, IDAT and IEND, every CRC right")
    func structure() throws {
        let png = try Bitmap(width: 300, height: 2, filledWith: .white).pngData(compression: .uncompressed)
        let chunks = try parseChunks(png)
        #expect(chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
        #expect(chunks[0].contents == [0, 0, 1, 44, 0, 0, 0, 2, 8, 6, 0, 0, 0])
        #expect(chunks[2].contents.isEmpty)
    }

    @Test("Image data larger than a chunk is split over several IDAT chunks")
    func splitImageData() throws {
        var png: [UInt8] = []
        [UInt8](repeating: 7, count: 2500).withUnsafeBytes {
            PNGEncoder.appendChunks(.imageData, $0, to: &png, chunkSize: 1000)
        }
        var offset = 0
        var sizes: [Int] = []
        while offset < png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            sizes.append(length)
            offset += 12 + length
        }
        #expect(sizes == [1000, 1000, 500])
    }

    @Test("Default compression finds repeats that fast compression cannot")
    func defaultFindsRepeats() throws {
        var random = TestRandom(seed: 6)
        let tile = randomBitmap(width: 13, height: 1, random: &random)
        var canvas = Canvas(width: 260, height: 40, background: .white)
        for y in 0..<40 {
            for x in stride(from: 0, to: 260, by: 13) { canvas.draw(tile, at: Point(x: Double(x), y: Double(y))) }
        }
        let image = canvas.makeBitmap()
        let fast = try image.pngData(compression: .fast).count
        let best = try image.pngData(compression: .default).count
        #expect(best * 2 < fast)
    }
}

/// The chunks of a PNG file, each CRC checked.
func parseChunks(_ png: [UInt8]) throws -> [(type: String, contents: [UInt8])] {
    #expect(Array(png.prefix(8)) == pngSignature)
    var chunks: [(type: String, contents: [UInt8])] = []
    var offset = 8
    while offset < png.count {
        let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        let typeAndContents = Array(png[offset + 4..<offset + 8 + length])
        let crc = png[offset + 8 + length..<offset + 12 + length].reduce(0) { $0 << 8 | UInt32($1) }
        #expect(crc == CRC32.checksum(typeAndContents))
        chunks.append((String(decoding: typeAndContents.prefix(4), as: UTF8.self), Array(typeAndContents.dropFirst(4))))
        offset += 12 + length
    }
    return chunks
}

/// The straight RGBA pixels of an 8-bit RGBA PNG, read without the decoder's conversion.
private func straightPixels(of png: [UInt8]) throws -> [Pixel] {
    let chunks = try parseChunks(png)
    let header = chunks[0].contents
    let width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
    let height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
    let compressed = chunks.filter { $0.type == "IDAT" }.flatMap(\.contents)
    var rows = try Inflater.inflateZlib(compressed, limit: height * (1 + 4 * width))
    try rows.withUnsafeMutableBufferPointer { rows in
        for y in 0..<height {
            let row = rows.baseAddress! + y * (1 + 4 * width)
            let previous = y == 0 ? nil : UnsafePointer(row - 4 * width)
            try PNGUnfilter.unfilter(row + 1, type: row[0], previous: previous, count: 4 * width, stride: 4)
        }
    }
    return (0..<width * height).map { index in
        let offset = (index / width) * (1 + 4 * width) + 1 + (index % width) * 4
        return Pixel(red: rows[offset], green: rows[offset + 1], blue: rows[offset + 2], alpha: rows[offset + 3])
    }
}
