import Testing

@testable import AsyncDisplayCanvas

@Suite("Shadows")
struct ShadowTests {
    @Test("A hard shadow is the shape's coverage, moved by the offset, under the shape")
    func hardShadow() {
        var canvas = Canvas(width: 20, height: 20, background: .white)
        canvas.shadow = Shadow(offset: Size(width: 3, height: 2), blur: 0, color: .black)
        var square = Path()
        square.addRect(Rect(x: 4, y: 4, width: 6, height: 6))
        canvas.fill(square, with: .red)
        #expect(canvas[x: 5, y: 5] == Color.red.premultiplied)
        #expect(canvas[x: 11, y: 9] == Color.black.premultiplied)
        #expect(canvas[x: 13, y: 9] == .white)
        #expect(canvas[x: 11, y: 12] == .white)
        #expect(canvas[x: 5, y: 11] == .white)
    }

    @Test("A blurred shadow spreads the same ink, and fades with distance")
    func blurredShadowKeepsInk() {
        var canvas = Canvas(width: 80, height: 60, background: .white)
        canvas.shadow = Shadow(offset: Size(width: 40, height: 0), blur: 6, color: .black)
        var square = Path()
        square.addRect(Rect(x: 10, y: 20, width: 20, height: 20))
        canvas.fill(square, with: .white)
        var ink = 0.0
        for y in 0..<60 { for x in 0..<80 { ink += Double(255 - Int(canvas[x: x, y: y].red)) / 255 } }
        #expect(abs(ink - 400) < 4)
        // Darkest in the middle of the shadow, lighter towards its edge, nothing far away.
        #expect(canvas[x: 60, y: 30].red < canvas[x: 51, y: 30].red)
        #expect(canvas[x: 51, y: 30].red < canvas[x: 47, y: 30].red)
        #expect(canvas[x: 78, y: 2] == .white)
    }

    @Test("A translucent image casts a lighter shadow than an opaque one")
    func imageShadowFollowsAlpha() {
        let opaque = makeBitmap(width: 4, height: 4) { _, _ in Color.blue.premultiplied }
        let glass = makeBitmap(width: 4, height: 4) { _, _ in Color(red: 0, green: 0, blue: 1, alpha: 0.5).premultiplied
        }
        func shadowRed(of image: Bitmap) -> UInt8 {
            var canvas = Canvas(width: 16, height: 8, background: .white)
            canvas.shadow = Shadow(offset: Size(width: 8, height: 0), blur: 0, color: .black)
            canvas.draw(image, in: Rect(x: 1, y: 2, width: 4, height: 4))
            return canvas[x: 10, y: 3].red
        }
        #expect(shadowRed(of: opaque) == 0)
        #expect(abs(Int(shadowRed(of: glass)) - 127) <= 1)
    }

    @Test("A translucent colour casts a shadow as translucent as itself; a clear one casts none")
    func translucentSolidShadow() {
        for (alpha, expected) in [(1.0, UInt8(255)), (0.25, 64), (0.0, 0)] {
            var canvas = Canvas(width: 30, height: 10)
            canvas.shadow = Shadow(offset: Size(width: 12, height: 0), blur: 0, color: .black)
            canvas.fill(Rect(x: 1, y: 1, width: 8, height: 8), with: Color(red: 1, green: 0, blue: 0, alpha: alpha))
            #expect(canvas[x: 16, y: 5].alpha == expected)
            var path = Path()
            path.addEllipse(in: Rect(x: 1, y: 1, width: 8, height: 8))
            var stroked = Canvas(width: 30, height: 10)
            stroked.shadow = canvas.shadow
            stroked.stroke(path, with: Color(red: 0, green: 0, blue: 1, alpha: alpha), style: StrokeStyle(width: 2))
            #expect(stroked[x: 13, y: 5].alpha == expected)
        }
    }

    @Test("Shadows obey the clip, and strokes cast them too")
    func clippedStrokeShadow() {
        var canvas = Canvas(width: 30, height: 20, background: .white)
        canvas.clip(to: Rect(x: 0, y: 0, width: 15, height: 20))
        canvas.shadow = Shadow(offset: Size(width: 0, height: 4), blur: 0, color: .black)
        var line = Path()
        line.move(to: Point(x: 2, y: 5))
        line.addLine(to: Point(x: 28, y: 5))
        canvas.stroke(line, with: .red, style: StrokeStyle(width: 2))
        #expect(canvas[x: 8, y: 9] == Color.black.premultiplied)
        #expect(canvas[x: 20, y: 9] == .white)
        #expect(canvas[x: 20, y: 5] == .white)
    }
}
