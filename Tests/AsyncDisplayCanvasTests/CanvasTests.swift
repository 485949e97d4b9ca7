import Testing

@testable import AsyncDisplayCanvas

/// The naive reference: `a × b ÷ 255` rounded to nearest, in floating point.
private func naiveMultiply(_ a: Int, _ b: Int) -> Int {
    Int((Double(a) * Double(b) / 255).rounded())
}

/// The naive reference for the destination's share of source-over: `a × b ÷ 255` rounded down.
private func naiveMultiplyRoundingDown(_ a: Int, _ b: Int) -> Int {
    a * b / 255
}

/// The naive reference for filling a rect: each pixel's covered area, computed directly.
private func naiveFill(width: Int, height: Int, rect: Rect, color: Color) -> [Pixel] {
    let source = color.premultiplied
    var pixels = [Pixel](repeating: .clear, count: width * height)
    for y in 0..<height {
        for x in 0..<width {
            let overlapX = max(0, min(Double(x + 1), rect.maxX) - max(Double(x), rect.minX))
            let overlapY = max(0, min(Double(y + 1), rect.maxY) - max(Double(y), rect.minY))
            let coverage = Int((overlapX * overlapY * 255).rounded())
            guard coverage > 0 else { continue }
            let painted = [source.red, source.green, source.blue, source.alpha].map {
                naiveMultiply(Int($0), coverage)
            }
            let inverse = 255 - painted[3]
            let old = pixels[y * width + x]
            let blended = zip(painted, [old.red, old.green, old.blue, old.alpha]).map {
                UInt8($0 + naiveMultiplyRoundingDown(Int($1), inverse))
            }
            pixels[y * width + x] = Pixel(red: blended[0], green: blended[1], blue: blended[2], alpha: blended[3])
        }
    }
    return pixels
}

@Suite("Canvas")
struct CanvasTests {
    @Test("A new canvas holds its background")
    func background() {
        let canvas = Canvas(width: 3, height: 2, background: .white)
        #expect(canvas[x: 2, y: 1] == .white)
        #expect(canvas.size == Size(width: 3, height: 2))
    }

    @Test("Exact divide-by-255 rounding matches the naive reference for every pair of bytes")
    func multiplyDivide255Exhaustive() {
        for a in 0...255 {
            for b in 0...255 where Int(multiplyDivide255(UInt32(a), UInt32(b))) != naiveMultiply(a, b) {
                Issue.record("\(a) × \(b) ÷ 255")
                return
            }
        }
    }

    @Test("The eight-lane divide-by-255 matches the scalar one for every pair of bytes")
    func vectorMultiplyDivide255Exhaustive() {
        for a in 0...255 {
            let lanes = SIMD8<UInt16>(repeating: UInt16(a))
            for b in stride(from: 0, through: 255, by: 8) {
                let others = SIMD8<UInt16>(0, 1, 2, 3, 4, 5, 6, 7) &+ UInt16(b)
                let products = multiplyDivide255(lanes, others)
                for lane in 0..<8 where UInt32(products[lane]) != multiplyDivide255(UInt32(a), UInt32(b + lane)) {
                    Issue.record("\(a) × \(b + lane) ÷ 255")
                    return
                }
            }
        }
    }

    @Test("Source-over on packed pixels matches the naive formula, the destination's share rounded down")
    func sourceOverMatchesReference() {
        var mismatches = 0
        for sourceAlpha in 0...255 {
            for sourceComponent in stride(from: 0, through: sourceAlpha, by: 7) {
                for destination in stride(from: 0, through: 255, by: 3) {
                    let source = Pixel(
                        red: UInt8(sourceComponent), green: UInt8(sourceAlpha / 2), blue: 0,
                        alpha: UInt8(sourceAlpha))
                    let under = Pixel(
                        red: UInt8(destination), green: UInt8(destination / 2), blue: UInt8(destination),
                        alpha: UInt8(destination))
                    let result = Pixel(packed: sourceOver(source.packed, under.packed))
                    let inverse = 255 - sourceAlpha
                    let expected = Pixel(
                        red: UInt8(sourceComponent + naiveMultiplyRoundingDown(destination, inverse)),
                        green: UInt8(sourceAlpha / 2 + naiveMultiplyRoundingDown(destination / 2, inverse)),
                        blue: UInt8(naiveMultiplyRoundingDown(destination, inverse)),
                        alpha: UInt8(sourceAlpha + naiveMultiplyRoundingDown(destination, inverse)))
                    if result != expected { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("Scaling a pixel by coverage matches the naive reference")
    func scaleMatchesReference() {
        for coverage in 0...255 {
            for value in stride(from: 0, through: 255, by: 5) {
                let pixel = Pixel(red: UInt8(value), green: 0, blue: UInt8(value / 3), alpha: 255)
                let scaled = Pixel(packed: scalePixel(pixel.packed, by: UInt32(coverage)))
                #expect(Int(scaled.red) == naiveMultiply(value, coverage))
                #expect(Int(scaled.blue) == naiveMultiply(value / 3, coverage))
                #expect(Int(scaled.alpha) == coverage)
            }
        }
    }

    @Test("Filling rects with fractional edges matches the naive area-coverage reference")
    func fillMatchesReference() {
        let colors = [Color.red, Color(red: 0.2, green: 0.6, blue: 1, alpha: 0.5), Color(white: 1, alpha: 0.25)]
        let steps = stride(from: -0.5, through: 4.5, by: 0.75).map { $0 }
        var cases = 0
        for color in colors {
            for x in steps {
                for y in steps {
                    for width in [0.25, 1, 1.5, 3.75] {
                        let rect = Rect(x: x, y: y, width: width, height: width / 2 + 0.5)
                        var canvas = Canvas(width: 4, height: 4)
                        canvas.fill(rect, with: color)
                        canvas.fill(rect, with: color)  // twice: the second blends over the first
                        var expected = naiveFill(width: 4, height: 4, rect: rect, color: color)
                        let once = expected
                        expected = zip(once, naiveFill(width: 4, height: 4, rect: rect, color: color)).map {
                            old, painted in
                            let inverse = 255 - Int(painted.alpha)
                            return Pixel(
                                red: UInt8(Int(painted.red) + naiveMultiplyRoundingDown(Int(old.red), inverse)),
                                green: UInt8(Int(painted.green) + naiveMultiplyRoundingDown(Int(old.green), inverse)),
                                blue: UInt8(Int(painted.blue) + naiveMultiplyRoundingDown(Int(old.blue), inverse)),
                                alpha: UInt8(Int(painted.alpha) + naiveMultiplyRoundingDown(Int(old.alpha), inverse)))
                        }
                        let bitmap = canvas.makeBitmap()
                        let actual = (0..<16).map { bitmap[x: $0 % 4, y: $0 / 4] }
                        #expect(actual == expected, "\(rect) \(color)")
                        cases += 1
                    }
                }
            }
        }
        #expect(cases > 500)
    }

    @Test("Fills at a scale cover pixels, not points")
    func scaledFill() {
        var canvas = Canvas(width: 6, height: 6, scale: 3)
        canvas.fill(Rect(x: 1, y: 0, width: 1, height: 2), with: .blue)
        #expect(canvas[x: 2, y: 0] == .clear)
        #expect(canvas[x: 3, y: 5] == Color.blue.premultiplied)
        #expect(canvas[x: 5, y: 2] == Color.blue.premultiplied)
    }

    @Test("A copied canvas draws without changing the original (copy on write)")
    func copyOnWrite() {
        var original = Canvas(width: 2, height: 2)
        original.fill(Rect(x: 0, y: 0, width: 2, height: 2), with: .red)
        var copy = original
        copy.fill(Rect(x: 0, y: 0, width: 2, height: 2), with: .blue)
        #expect(original[x: 0, y: 0] == Color.red.premultiplied)
        #expect(copy[x: 0, y: 0] == Color.blue.premultiplied)
    }

    @Test("Freezing a canvas into a bitmap does not copy its pixels")
    func freezeWithoutCopy() {
        var canvas = Canvas(width: 64, height: 64)
        canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: .red)
        let pixels = canvas.storage
        let bitmap = canvas.makeBitmap()
        #expect(bitmap.storage === pixels)
        #expect(bitmap.byteCount == 64 * 64 * 4)
        #expect(bitmap[x: 0, y: 0] == Color.red.premultiplied)
    }

    @Test("Colours premultiply with rounding and clamp what is out of range")
    func premultiply() {
        #expect(
            Color(red: 1, green: 0.5, blue: 0, alpha: 0.5).premultiplied
                == Pixel(red: 128, green: 64, blue: 0, alpha: 128))
        #expect(
            Color(red: .nan, green: 2, blue: -1, alpha: 1).premultiplied
                == Pixel(red: 0, green: 255, blue: 0, alpha: 255))
        #expect(Color.clear.premultiplied == .clear)
    }

    @Test("Bitmaps compare by pixels, and clear-filled ones are transparent")
    func bitmapEquality() {
        let a = Bitmap(width: 2, height: 1, filledWith: .white)
        let b = Bitmap(width: 2, height: 1, filledWith: .white)
        let c = Bitmap(width: 2, height: 1)
        #expect(a == b)
        #expect(a != c)
        #expect(!a.sharesPixels(with: b))
        #expect(c[x: 1, y: 0] == .clear)
    }
}

@Suite("Canvas opacity tracking")
struct CanvasOpacityTests {
    @Test("A canvas knows it is opaque from an opaque start or a whole opaque fill, and stays so")
    func knownOpaque() {
        var canvas = Canvas(width: 4, height: 4)
        #expect(!canvas.isKnownOpaque)
        canvas.fill(Rect(x: 0, y: 0, width: 4, height: 4), with: .red)
        #expect(canvas.isKnownOpaque)
        canvas.fill(Rect(x: 1, y: 1, width: 1, height: 1), with: Color(white: 0, alpha: 0.5))
        #expect(canvas.isKnownOpaque)  // source-over never makes a pixel less opaque
        canvas.replace(Rect(x: 0, y: 0, width: 1, height: 1), with: .clear)
        #expect(!canvas.isKnownOpaque)
        #expect(Canvas(width: 2, height: 2, background: .white).makeBitmap().isOpaque)
    }
}
