import Testing

@testable import AsyncDisplayCanvas

/// A frame of a small animation: a square that moves one step per frame.
private func frame(_ index: Int) -> Bitmap {
    var canvas = Canvas(width: 40, height: 30, background: .white)
    canvas.fill(
        Rect(x: Double(3 * index), y: Double(2 * index), width: 12, height: 9),
        with: Color(red: 0.1, green: 0.4, blue: 0.8, alpha: 0.75))
    return canvas.makeBitmap()
}

private func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $0 << 8 | Int($1) } }

@Suite("Animated PNG")
struct AnimatedPNGTests {
    @Test("The default image is the first frame")
    func defaultImage() throws {
        var animation = AnimatedPNGEncoder(width: 40, height: 30)
        for index in 0..<4 { try animation.addFrame(frame(index), delay: .milliseconds(50)) }
        #expect(try Bitmap(pngData: try animation.makeData()) == frame(0))
    }

    @Test("Chunks come in APNG order with consecutive sequence numbers, and every frame decodes")
    func structure() throws {
        var animation = AnimatedPNGEncoder(width: 40, height: 30, loopCount: 3, compression: .fast)
        animation.chunkSize = 20
        for index in 0..<3 { try animation.addFrame(frame(index), delay: .milliseconds(40 * (index + 1))) }
        let chunks = try parseChunks(try animation.makeData())
        let types = chunks.map(\.type)
        #expect(types.first == "IHDR" && types[1] == "acTL" && types[2] == "fcTL" && types.last == "IEND")
        #expect(types.filter { $0 == "fcTL" }.count == 3)
        #expect(chunks[1].contents == [0, 0, 0, 3, 0, 0, 0, 3])
        // Sequence numbers run 0, 1, 2, … over fcTL and fdAT chunks in file order.
        let sequenced = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }
        #expect(sequenced.map { bigEndian($0.contents.prefix(4)) } == Array(0..<sequenced.count))
        // Each frame: its fcTL, then its data (IDAT for the first, fdAT after), which decodes to it.
        var frameIndex = -1
        var frameData: [[UInt8]] = []
        for chunk in chunks {
            switch chunk.type {
            case "fcTL":
                frameIndex += 1
                frameData.append([])
                let contents = chunk.contents
                #expect(bigEndian(contents[4..<8]) == 40 && bigEndian(contents[8..<12]) == 30)
                #expect(bigEndian(contents[12..<20]) == 0)
                #expect(bigEndian(contents[20..<22]) == 40 * (frameIndex + 1) && bigEndian(contents[22..<24]) == 1000)
                #expect(contents[24] == 0 && contents[25] == 0)
            case "IDAT":
                #expect(frameIndex == 0)
                frameData[frameIndex] += chunk.contents
            case "fdAT":
                #expect(frameIndex > 0)
                frameData[frameIndex] += chunk.contents.dropFirst(4)
            default: break
            }
        }
        #expect(types.filter { $0 == "fdAT" }.count > 2)
        for (index, data) in frameData.enumerated() {
            let still = makePNG([("IHDR", chunks[0].contents), ("IDAT", data), ("IEND", [])])
            #expect(try Bitmap(pngData: still) == frame(index))
        }
    }

    @Test("Wrong sizes, no frames and empty animations throw")
    func errors() {
        var animation = AnimatedPNGEncoder(width: 40, height: 30)
        #expect(throws: PNGError.noFrames) { try animation.makeData() }
        #expect(throws: PNGError.frameSizeMismatch(width: 3, height: 3)) {
            try animation.addFrame(Bitmap(width: 3, height: 3), delay: .zero)
        }
        var empty = AnimatedPNGEncoder(width: 0, height: 30)
        #expect(throws: PNGError.emptyImage) { try empty.addFrame(Bitmap(width: 0, height: 30), delay: .zero) }
    }

    @Test("Delays become exact fractions where they can")
    func delays() {
        #expect(AnimatedPNGEncoder.fraction(of: .milliseconds(100)) == (100, 1000))
        #expect(AnimatedPNGEncoder.fraction(of: .seconds(1) / 60) == (10, 600))
        #expect(AnimatedPNGEncoder.fraction(of: .seconds(1) / 24) == (25, 600))
        #expect(AnimatedPNGEncoder.fraction(of: .seconds(120)) == (12_000, 100))
        #expect(AnimatedPNGEncoder.fraction(of: .seconds(100_000)) == (65_535, 1))
        #expect(AnimatedPNGEncoder.fraction(of: .microseconds(1500)) == (2, 1000))
        #expect(AnimatedPNGEncoder.fraction(of: .milliseconds(-5)) == (0, 1000))
    }
}
