import Testing

@testable import AsyncDisplayCanvas

@Suite("Canvas sizes, opacity and subpaths")
struct CanvasValidationTests {
    @Test("A rect fill on a 2× canvas marks it opaque only when it covers every pixel")
    func opacityAtScale() throws {
        var quarter = Canvas(width: 200, height: 200, scale: 2)
        quarter.fill(Rect(x: 0, y: 0, width: 50, height: 50), with: .red)
        let bitmap = quarter.makeBitmap()
        #expect(bitmap[x: 150, y: 150] == .clear && !bitmap.isOpaque)
        var whole = Canvas(width: 200, height: 200, scale: 2)
        whole.fill(Rect(x: 0, y: 0, width: 100, height: 100), with: .red)
        #expect(whole.makeBitmap().isOpaque)
        var replaced = Canvas(width: 200, height: 200, scale: 2)
        replaced.replace(Rect(x: 0, y: 0, width: 50, height: 100), with: .red)
        #expect(!replaced.makeBitmap().isOpaque)
        replaced.replace(Rect(x: 0, y: 0, width: 100, height: 100), with: .red)
        #expect(replaced.makeBitmap().isOpaque)
    }

    @Test("A 2× canvas with translucent pixels survives a PNG round trip")
    func roundTripAtScale() throws {
        var canvas = Canvas(width: 4, height: 4, scale: 2)
        canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: .red)
        var path = Path()
        path.addRect(Rect(x: 1.5, y: 1.5, width: 0.5, height: 0.5))
        canvas.fill(path, with: Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        let bitmap = canvas.makeBitmap()
        #expect(try Bitmap(pngData: bitmap.pngData(), scale: 2) == bitmap)
    }

    @Test("Negative or gigantic sizes give an empty canvas or bitmap; bad scales count as 1")
    func invalidSizes() {
        for (width, height) in [(Int.max / 2, 4), (1 << 32, 1 << 32), (-1, 10), (10, -1), (1 << 15, 1 << 14)] {
            var canvas = Canvas(width: width, height: height, scale: 2)
            #expect(canvas.width == 0 && canvas.height == 0)
            canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), with: .red)
            #expect(canvas.makeBitmap().width == 0)
            let bitmap = Bitmap(width: width, height: height, filledWith: .white)
            #expect(bitmap.width == 0 && bitmap.height == 0)
        }
        for scale in [0.0, -2, .nan, .infinity] {
            let canvas = Canvas(width: 4, height: 2, scale: scale)
            #expect(canvas.scale == 1 && canvas.size == Size(width: 4, height: 2))
            #expect(Bitmap(width: 4, height: 2, scale: scale).scale == 1)
        }
        // The limit itself is allowed (checked without allocating its gibibyte).
        #expect(Canvas.validDimensions(1 << 14, 1 << 14) == (1 << 14, 1 << 14))
        #expect(Canvas.validDimensions(1 << 14, (1 << 14) + 1) == (0, 0))
    }

    @Test("A pixel's colour components never exceed its alpha, so blending cannot carry between channels")
    func pixelsStayPremultiplied() {
        #expect(Pixel(red: 255, green: 10, blue: 200, alpha: 20) == Pixel(red: 20, green: 10, blue: 20, alpha: 20))
        var canvas = Canvas(width: 2, height: 2, background: Pixel(red: 10, green: 20, blue: 30, alpha: 255))
        canvas.draw(
            Bitmap(width: 2, height: 2, filledWith: Pixel(red: 255, green: 0, blue: 0, alpha: 0)),
            in: Rect(x: 0, y: 0, width: 2, height: 2))
        #expect(canvas[x: 0, y: 0] == Pixel(red: 10, green: 20, blue: 30, alpha: 255))
    }

    @Test("Segments after a close without a move start a subpath at the closed one's start, which the fill closes")
    func segmentsAfterClose() {
        /// A triangle, closed, then two segments, with or without a move and a close of their own.
        func path(explicit: Bool) -> Path {
            var path = Path()
            path.move(to: Point(x: 0, y: 0))
            path.addLine(to: Point(x: 4, y: 0))
            path.addLine(to: Point(x: 4, y: 4))
            path.closeSubpath()
            if explicit { path.move(to: Point(x: 0, y: 0)) }
            path.addLine(to: Point(x: 8, y: 8))
            path.addLine(to: Point(x: 0, y: 8))
            if explicit { path.closeSubpath() }
            return path
        }
        let implicit = path(explicit: false)
        let explicit = path(explicit: true)
        var a = Canvas(width: 12, height: 12)
        a.fill(implicit, with: .black)
        var b = Canvas(width: 12, height: 12)
        b.fill(explicit, with: .black)
        #expect(a.makeBitmap() == b.makeBitmap())
        #expect(a[x: 10, y: 6] == .clear)
    }
}
