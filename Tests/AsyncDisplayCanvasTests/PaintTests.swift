import Foundation
import Testing

@testable import AsyncDisplayCanvas

@Suite("Paint: gradients, images and blend modes")
struct PaintTests {
    @Test("A linear gradient matches the naive per-pixel formula within one level, under a transform too")
    func linearGradient() {
        let gradient = LinearGradient(
            Gradient(colors: [.black, .white]), from: Point(x: 0, y: 0), to: Point(x: 255, y: 0))
        var canvas = Canvas(width: 256, height: 2)
        canvas.fill(Rect(x: 0, y: 0, width: 256, height: 2), with: .linearGradient(gradient))
        for x in 0..<256 {
            #expect(abs(Int(canvas[x: x, y: 1].red) - Int(min(Double(x) + 0.5, 255))) <= 1)
            #expect(canvas[x: x, y: 1].alpha == 255)
        }
        // Scaled by 2 about the origin: the gradient stretches over twice the pixels.
        var scaled = Canvas(width: 512, height: 1)
        scaled.scaleBy(x: 2, y: 1)
        scaled.fill(Rect(x: 0, y: 0, width: 256, height: 1), with: .linearGradient(gradient))
        for x in stride(from: 0, to: 512, by: 7) {
            #expect(abs(Int(scaled[x: x, y: 0].red) - Int(min((Double(x) + 0.5) / 2, 255))) <= 1)
        }
    }

    @Test("Stops interpolate premultiplied, extend past the ends, and a hard stop switches at once")
    func gradientStops() {
        let fade = Gradient(colors: [.red, Color(red: 0, green: 0, blue: 1, alpha: 0)])
        let middle = Pixel(packed: fade.lookupTable()[128])
        #expect(middle.blue == 0)
        #expect(abs(Int(middle.alpha) - 127) <= 1)
        let hard = Gradient(stops: [
            .init(color: .black, location: 0), .init(color: .black, location: 0.5),
            .init(color: .white, location: 0.5), .init(color: .white, location: 1),
        ])
        let table = hard.lookupTable()
        #expect(Pixel(packed: table[127]) == Color.black.premultiplied)
        #expect(Pixel(packed: table[128]) == Color.white.premultiplied)
        var canvas = Canvas(width: 30, height: 1)
        let short = LinearGradient(Gradient(colors: [.red, .blue]), from: Point(x: 10, y: 0), to: Point(x: 20, y: 0))
        canvas.fill(Rect(x: 0, y: 0, width: 30, height: 1), with: .linearGradient(short))
        #expect(canvas[x: 2, y: 0] == Color.red.premultiplied)
        #expect(canvas[x: 27, y: 0] == Color.blue.premultiplied)
        #expect(Gradient(stops: []).lookupTable().allSatisfy { $0 == 0 })
    }

    @Test("A radial gradient grows with the distance from its centre")
    func radialGradient() {
        let gradient = RadialGradient(Gradient(colors: [.black, .white]), center: Point(x: 20, y: 20), endRadius: 20)
        var canvas = Canvas(width: 40, height: 40)
        canvas.fill(Rect(x: 0, y: 0, width: 40, height: 40), with: .radialGradient(gradient))
        var worst = 0
        for y in 0..<40 {
            for x in 0..<40 {
                let distance = hypot(Double(x) + 0.5 - 20, Double(y) + 0.5 - 20)
                let expected = Int((min(distance / 20, 1) * 255).rounded())
                worst = max(worst, abs(Int(canvas[x: x, y: y].red) - expected))
            }
        }
        #expect(worst <= 1)
    }

    @Test("An image drawn unscaled on whole pixels is copied exactly")
    func unscaledImageCopies() {
        var random = TestRandom(seed: 7)
        let image = makeBitmap(width: 7, height: 5) { _, _ in random.premultipliedPixel() }
        var canvas = Canvas(width: 12, height: 10)
        canvas.draw(image, in: Rect(x: 3, y: 2, width: 7, height: 5))
        for y in 0..<5 {
            for x in 0..<7 { #expect(canvas[x: x + 3, y: y + 2] == image[x: x, y: y]) }
        }
        #expect(canvas[x: 2, y: 2] == .clear)
        #expect(canvas[x: 10, y: 2] == .clear)
    }

    @Test("Bilinear filtering mixes neighbouring pixels by distance, and keeps a flat image flat")
    func bilinear() {
        let image = makeBitmap(width: 2, height: 1) { x, _ in x == 0 ? Color.black.premultiplied : .white }
        var canvas = Canvas(width: 4, height: 1)
        canvas.draw(image, in: Rect(x: 0, y: 0, width: 4, height: 1))
        let reds = (0..<4).map { Int(canvas[x: $0, y: 0].red) }
        for (red, expected) in zip(reds, [0, 64, 191, 255]) { #expect(abs(red - expected) <= 1) }
        let flat = makeBitmap(width: 3, height: 3) { _, _ in Pixel(red: 10, green: 60, blue: 90, alpha: 120) }
        var stretched = Canvas(width: 20, height: 20)
        stretched.draw(flat, in: Rect(x: 0, y: 0, width: 20, height: 20))
        #expect(stretched[x: 7, y: 13] == Pixel(red: 10, green: 60, blue: 90, alpha: 120))
    }

    @Test("Drawing an image at a point with opacity equals drawing it with global alpha")
    func imageOpacity() {
        let image = makeBitmap(width: 4, height: 4) { _, _ in Color.red.premultiplied }
        var canvas = Canvas(width: 8, height: 8, background: .white)
        canvas.draw(image, at: Point(x: 2.2, y: 1.9), opacity: 0.5)
        #expect(canvas[x: 3, y: 3] == Pixel(red: 255, green: 127, blue: 127, alpha: 255))
        #expect(canvas[x: 6, y: 3] == .white)
    }

    @Test("Copy replaces pixels, alpha included, and mixes by coverage at edges")
    func copyMode() {
        var canvas = Canvas(width: 4, height: 1, background: .white)
        canvas.blendMode = .copy
        let glass = Color(red: 0, green: 0, blue: 1, alpha: 0.25)
        canvas.fill(Rect(x: 0, y: 0, width: 1.5, height: 1), with: glass)
        #expect(canvas[x: 0, y: 0] == glass.premultiplied)
        let half = canvas[x: 1, y: 0]
        #expect(abs(Int(half.alpha) - (255 + 64) / 2) <= 1)
        #expect(canvas[x: 2, y: 0] == .white)
        #expect(!canvas.isKnownOpaque)
    }

    @Test("Multiply matches the naive premultiplied formula for random pixels within one level")
    func multiplyFormula() {
        var random = TestRandom(seed: 99)
        var worst = 0
        for _ in 0..<20_000 {
            let s = random.premultipliedPixel()
            let d = random.premultipliedPixel()
            let result = Pixel(packed: MultiplyKernel.blend(s.packed, d.packed, coverage: 255))
            let (sa, da) = (Double(s.alpha) / 255, Double(d.alpha) / 255)
            func naive(_ sc: UInt8, _ dc: UInt8) -> Int {
                let (x, y) = (Double(sc) / 255, Double(dc) / 255)
                return Int(((x * y + x * (1 - da) + y * (1 - sa)) * 255).rounded())
            }
            worst = max(worst, abs(Int(result.red) - naive(s.red, d.red)))
            worst = max(worst, abs(Int(result.blue) - naive(s.blue, d.blue)))
            worst = max(worst, abs(Int(result.alpha) - Int(((sa + da - sa * da) * 255).rounded())))
            #expect(result.red <= result.alpha && result.green <= result.alpha && result.blue <= result.alpha)
        }
        #expect(worst <= 1)
    }

    @Test("Multiplying by white keeps a colour and by black makes black")
    func multiplyExtremes() {
        var canvas = Canvas(width: 2, height: 1, background: .white)
        canvas.fill(Rect(x: 1, y: 0, width: 1, height: 1), with: .black)
        canvas.blendMode = .multiply
        canvas.fill(Rect(x: 0, y: 0, width: 2, height: 1), with: Color(red: 0.2, green: 0.6, blue: 1))
        #expect(canvas[x: 0, y: 0] == Color(red: 0.2, green: 0.6, blue: 1).premultiplied)
        #expect(canvas[x: 1, y: 0] == Color.black.premultiplied)
    }

    @Test("The constant-source blend loop equals the per-pixel formula for every destination byte")
    func constantBlendKernel() {
        var random = TestRandom(seed: 3)
        for _ in 0..<64 {
            let source = random.premultipliedPixel().packed
            var row = (0..<257).map { _ in random.premultipliedPixel().packed }
            let expected = row.map { sourceOver(source, $0) }
            row.withUnsafeMutableBufferPointer {
                PixelKernels.blendSourceOver($0.baseAddress!, count: 257, pixel: source)
            }
            #expect(row == expected)
        }
    }
}

/// A bitmap whose pixel at (x, y) is `pixel(x, y)`.
func makeBitmap(width: Int, height: Int, _ pixel: (Int, Int) -> Pixel) -> Bitmap {
    var canvas = Canvas(width: width, height: height)
    canvas.makeUniqueStorage()
    for y in 0..<height {
        for x in 0..<width { canvas.storage.pixels[y * width + x] = pixel(x, y).packed }
    }
    return canvas.makeBitmap()
}
