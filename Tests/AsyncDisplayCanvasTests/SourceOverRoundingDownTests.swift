import Testing

@testable import AsyncDisplayCanvas

/// The naive references for every byte `x`: `x × inverse ÷ 255` rounded down and rounded to
/// nearest.
private func naiveScaled(inverse: Int) -> (down: [Int], nearest: [Int]) {
    let exact = (0...255).map { Double($0 * inverse) / 255 }
    return (exact.map { Int($0.rounded(.down)) }, exact.map { Int($0.rounded()) })
}

/// The component of `pixel` at `index` (0 red … 3 alpha).
private func component(_ pixel: UInt32, _ index: Int) -> Int {
    Int(pixel >> UInt32(8 * index) & 0xFF)
}

@Suite("Source-over rounding down")
struct SourceOverRoundingDownTests {
    @Test("Scaling rounding down matches the naive reference for every byte and inverse, within one level of nearest")
    func scalingRoundsDown() {
        var mismatches = 0
        var worstFromNearest = 0
        for inverse in 0...255 {
            let naive = naiveScaled(inverse: inverse)
            for x in 0...255 {
                // Each component a different byte, so a component cannot borrow another's result.
                let bytes = [x, (x + 85) % 256, (x + 170) % 256, 255 - x]
                let pixel = UInt32(bytes[0] | bytes[1] << 8 | bytes[2] << 16 | bytes[3] << 24)
                let scaled = scalePixelRoundingDown(pixel, by: UInt32(inverse))
                for index in 0..<4 {
                    let value = component(scaled, index)
                    if value != naive.down[bytes[index]] { mismatches += 1 }
                    worstFromNearest = max(worstFromNearest, abs(value - naive.nearest[bytes[index]]))
                }
            }
        }
        #expect(mismatches == 0)
        #expect(worstFromNearest == 1)
    }

    @Test("The constant-colour kernel matches the per-pixel formula for every byte and alpha, at every column")
    func kernelMatchesFormula() {
        var random = TestRandom(seed: 0x5EED_B1E2)
        // Every byte in every component, then premultiplied pixels, then a tail of three.
        let originals =
            (0...255).map { UInt32($0) * 0x0101_0101 } + (0..<771).map { _ in random.premultipliedPixel().packed }
        var row = originals
        var mismatches = 0
        var worstFromNearest = 0
        var overAlpha = 0
        for alpha in 0...255 {
            // Premultiplied: each component at most alpha, and each a different fraction of it.
            let source = Pixel(red: UInt8(alpha), green: UInt8(alpha / 2), blue: UInt8(alpha / 3), alpha: UInt8(alpha))
            row.withUnsafeMutableBufferPointer { pixels in
                for index in pixels.indices { pixels[index] = originals[index] }
                PixelKernels.blendSourceOver(pixels.baseAddress!, count: pixels.count, pixel: source.packed)
            }
            let naive = naiveScaled(inverse: 255 - alpha)
            for (index, pixel) in row.enumerated() {
                let original = originals[index]
                let expected =
                    alpha == 0 ? original : source.packed &+ scalePixelRoundingDown(original, by: UInt32(255 - alpha))
                if pixel != expected { mismatches += 1 }
                for channel in 0..<4 {
                    let nearest = component(source.packed, channel) + naive.nearest[component(original, channel)]
                    worstFromNearest = max(worstFromNearest, abs(component(pixel, channel) - nearest))
                }
                if (0..<3).contains(where: { component(pixel, $0) > component(pixel, 3) }) {
                    overAlpha += 1
                }
            }
        }
        #expect(mismatches == 0)
        #expect(worstFromNearest == 1)
        // Premultiplied pixels stay premultiplied.
        #expect(overAlpha == 0)
    }

    @Test("The row-of-sources kernel matches sourceOver pixel by pixel: opaque groups, mixed ones, every tail length")
    func sourcesKernelMatchesFormula() {
        var random = TestRandom(seed: 0x5EED_B1E3)
        for count in 1..<40 {
            for _ in 0..<50 {
                let destination = (0..<count).map { _ in random.premultipliedPixel().packed }
                // Runs of opaque sources between translucent and clear ones.
                let sources = (0..<count).map { _ -> UInt32 in
                    let pixel = random.premultipliedPixel()
                    switch random.int(4) {
                    case 0, 1: return Pixel(red: pixel.red, green: pixel.green, blue: pixel.blue, alpha: 255).packed
                    case 2: return pixel.packed
                    default: return 0
                    }
                }
                var row = destination
                row.withUnsafeMutableBufferPointer { pixels in
                    sources.withUnsafeBufferPointer { sources in
                        PixelKernels.blendSourceOver(pixels.baseAddress!, count: count, sources: sources.baseAddress!)
                    }
                }
                let expected = zip(sources, destination).map { sourceOver($0, $1) }
                #expect(row == expected, "\(count) pixels")
            }
        }
    }

    @Test("A transparent colour leaves the pixels as they are")
    func transparentColorIsANoOp() {
        var random = TestRandom(seed: 7)
        var row = (0..<11).map { _ in random.premultipliedPixel().packed }
        let original = row
        row.withUnsafeMutableBufferPointer {
            PixelKernels.blendSourceOver($0.baseAddress!, count: $0.count, pixel: 0)
        }
        #expect(row == original)
    }
}
