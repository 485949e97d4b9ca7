import AsyncDisplay
import Testing

@testable import AsyncDisplayFeed

@Suite("Cell drawing")
struct CellPainterTests {
    let engine = PlaceholderTextEngine()

    private func post(photos: Int) -> Post {
        Post(
            id: 3, author: "Femi Okafor", avatarSeed: 77, avatarLatency: .zero, minutesAgo: 90,
            text: "morning light over the harbour with friends after a long week",
            photos: (0..<photos).map { Photo(seed: UInt64(100 + $0), latency: .zero) })
    }

    private func canvas(width: Double, height: Double, scale: Double = 2) -> Canvas {
        Canvas(
            width: Int((width * scale).rounded(.up)), height: Int((height * scale).rounded(.up)), scale: scale,
            background: .white)
    }

    @Test("The avatar shows through a circle: its corners stay the background, its middle is the image")
    func avatarCircle() {
        let post = post(photos: 0)
        let layout = CellLayout(post: post, width: 390, engine: engine)
        var canvas = canvas(width: 390, height: layout.contentHeight)
        #expect(
            CellPainter.drawContent(
                layout, of: post, loaded: LoadedImages(avatar: true), engine: engine, in: &canvas,
                isCancelled: { false }))
        let avatar = layout.avatar.scaled(by: 2)
        #expect(canvas[x: Int(avatar.minX) + 1, y: Int(avatar.minY) + 1] == .white)
        #expect(canvas[x: Int(avatar.maxX) - 2, y: Int(avatar.maxY) - 2] == .white)
        #expect(canvas[x: Int(avatar.midX), y: Int(avatar.minY) + 4] != .white)
        #expect(canvas[x: Int(avatar.midX), y: Int(avatar.midY)] != .white)
    }

    @Test("Before it loads the avatar is a grey disc; a separator tops every post but the first")
    func avatarPlaceholder() {
        let post = post(photos: 0)
        let layout = CellLayout(post: post, width: 390, engine: engine)
        var canvas = canvas(width: 390, height: layout.contentHeight)
        CellPainter.drawContent(
            layout, of: post, loaded: LoadedImages(), engine: engine, in: &canvas, isCancelled: { false })
        let middle = layout.avatar.scaled(by: 2)
        #expect(canvas[x: Int(middle.midX), y: Int(middle.midY)] == CellStyle.avatarPlaceholder.premultiplied)
        #expect(canvas[x: 200, y: 0] == CellStyle.separator.premultiplied)
        #expect(canvas[x: 200, y: canvas.height - 1] == .white)

        let first = Post(
            id: 0, author: post.author, avatarSeed: 1, avatarLatency: .zero, minutesAgo: 1, text: post.text, photos: [])
        var top = self.canvas(width: 390, height: layout.contentHeight)
        CellPainter.drawContent(
            CellLayout(post: first, width: 390, engine: engine), of: first, loaded: LoadedImages(), engine: engine,
            in: &top, isCancelled: { false })
        #expect(top[x: 200, y: 0] == .white)
    }

    @Test("A photo fills its layer with rounded corners once loaded; a grey tile stands in before")
    func photo() {
        let photo = Photo(seed: 9, latency: .zero)
        let size = Size(width: 120, height: 120)
        var loaded = canvas(width: 120, height: 120)
        #expect(CellPainter.drawPhoto(photo, isLoaded: true, size: size, in: &loaded, isCancelled: { false }))
        #expect(loaded[x: 120, y: 120] != .white && loaded[x: 120, y: 120] != CellStyle.photoPlaceholder.premultiplied)
        #expect(loaded[x: 0, y: 0] == .white)  // the rounded corner shows the background
        #expect(loaded[x: 239, y: 239] == .white)

        var waiting = canvas(width: 120, height: 120)
        #expect(CellPainter.drawPhoto(photo, isLoaded: false, size: size, in: &waiting, isCancelled: { false }))
        #expect(waiting[x: 120, y: 120] == CellStyle.photoPlaceholder.premultiplied)
        #expect(waiting[x: 0, y: 0] == .white)
    }

    @Test("A cancelled photo draw stops early and says so")
    func cancellation() {
        var canvas = canvas(width: 120, height: 120)
        var checks = 0
        let finished = CellPainter.drawPhoto(
            Photo(seed: 9, latency: .zero), isLoaded: true, size: Size(width: 120, height: 120), in: &canvas,
            isCancelled: {
                checks += 1
                return checks > 3
            })
        #expect(!finished)
        #expect(checks == 4)
        #expect(canvas[x: 120, y: 120] == .white)  // the decoded photo was never drawn
    }

    @Test("A photo scaled into place in bands of rows matches one scaled in a single draw")
    func bandsMatchOneDraw() throws {
        for (size, scale) in [(Size(width: 117, height: 88), 3.0), (Size(width: 61.5, height: 130.25), 2)] {
            var banded = canvas(width: size.width, height: size.height, scale: scale)
            #expect(
                CellPainter.drawPhoto(
                    Photo(seed: 4, latency: .zero), isLoaded: true, size: size, in: &banded, isCancelled: { false }))
            var whole = canvas(width: size.width, height: size.height, scale: scale)
            let longSide = max(size.width, size.height)
            let rendition = PhotoPainter.rendition(forLongSide: longSide * scale)
            let image = try #require(
                PhotoPainter.decode(seed: 4, size: size, scale: rendition / longSide, isCancelled: { false }))
            whole.draw(image, at: .zero)
            var corners = Path()
            corners.addRect(Rect(origin: .zero, size: size))
            corners.addRoundedRect(Rect(origin: .zero, size: size), radii: CornerRadii(all: PhotoPainter.cornerRadius))
            whole.fill(corners, with: CellStyle.background, rule: .evenOdd)
            #expect(banded.snapshot == whole.snapshot)
        }
    }

    @Test("Cancelling between the bands of the scaled photo stops before the next band")
    func cancelBetweenBands() {
        var canvas = canvas(width: 120, height: 120)
        var checks = 0
        var checksWhenDone = 0
        _ = CellPainter.drawPhoto(
            Photo(seed: 9, latency: .zero), isLoaded: true, size: Size(width: 120, height: 120), in: &canvas,
            isCancelled: {
                checks += 1
                return false
            })
        checksWhenDone = checks
        var stopped = self.canvas(width: 120, height: 120)
        var calls = 0
        // The last checks are one before each band, then one before the corners: stop before
        // the last band.
        let finished = CellPainter.drawPhoto(
            Photo(seed: 9, latency: .zero), isLoaded: true, size: Size(width: 120, height: 120), in: &stopped,
            isCancelled: {
                calls += 1
                return calls == checksWhenDone - 1
            })
        #expect(!finished)
        #expect(stopped[x: 120, y: 20] != .white)  // the first bands were drawn
        #expect(stopped[x: 120, y: 235] == .white)  // the last was not
    }

    @Test("Body text draws a line at a time and stops at the first check that says cancelled")
    func textLineByLine() {
        let layout = engine.layOut(
            String(repeating: "words wrap over lines ", count: 8), style: CellStyle.body, width: 200, maximumLines: 6)
        #expect(layout.lineCount == 6)
        var whole = canvas(width: 220, height: 200)
        engine.draw(layout, at: Point(x: 4, y: 4), in: &whole)
        var lined = canvas(width: 220, height: 200)
        #expect(engine.draw(layout, at: Point(x: 4, y: 4), in: &lined, isCancelled: { false }))
        #expect(lined.snapshot == whole.snapshot)

        var partial = canvas(width: 220, height: 200)
        var checks = 0
        let finished = engine.draw(
            layout, at: Point(x: 4, y: 4), in: &partial,
            isCancelled: {
                checks += 1
                return checks > 2
            })
        #expect(!finished && checks == 3)
        var twoLines = canvas(width: 220, height: 200)
        engine.draw(layout, lines: 0..<2, at: Point(x: 4, y: 4), in: &twoLines)
        #expect(partial.snapshot == twoLines.snapshot && partial.snapshot != whole.snapshot)
    }

    @Test(
        "Photos decode at the smallest rendition at least as large as shown",
        arguments: [
            (100.0, 3.0, 360), (150.0, 3.0, 720), (240.0, 3.0, 720), (240.0, 4.0, 1080), (900.0, 3.0, 1080),
        ])
    func renditions(side: Double, scale: Double, pixels: Int) {
        let rendition = PhotoPainter.rendition(forLongSide: side * scale)
        #expect(Int(rendition) == pixels)
        let decoded = PhotoPainter.decode(
            seed: 1, size: Size(width: side, height: side * 0.75), scale: rendition / side, isCancelled: { false })
        #expect(decoded?.width == pixels && decoded?.height == Int((Double(pixels) * 0.75).rounded(.up)))
    }
}

extension Rect {
    var midX: Double { (minX + maxX) / 2 }
    var midY: Double { (minY + maxY) / 2 }
}
