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

    @Test("Before it loads the avatar is a grey disc; the separator closes a cell without photos")
    func avatarPlaceholder() {
        let post = post(photos: 0)
        let layout = CellLayout(post: post, width: 390, engine: engine)
        var canvas = canvas(width: 390, height: layout.contentHeight)
        CellPainter.drawContent(
            layout, of: post, loaded: LoadedImages(), engine: engine, in: &canvas, isCancelled: { false })
        let middle = layout.avatar.scaled(by: 2)
        #expect(canvas[x: Int(middle.midX), y: Int(middle.midY)] == CellStyle.avatarPlaceholder.premultiplied)
        #expect(canvas[x: 200, y: canvas.height - 1] == CellStyle.separator.premultiplied)
    }

    @Test("Photos draw once loaded, placeholders before; each keeps to its frame")
    func photos() {
        let post = post(photos: 4)
        let layout = CellLayout(post: post, width: 390, engine: engine)
        var canvas = canvas(width: 390, height: layout.photoHeight)
        var loaded = LoadedImages()
        loaded.insertPhoto(1)
        #expect(CellPainter.drawPhotos(layout, of: post, loaded: loaded, in: &canvas, isCancelled: { false }))
        func centre(_ index: Int) -> Pixel {
            let rect = layout.photos[index].scaled(by: 2)
            return canvas[x: Int(rect.midX), y: Int(rect.midY)]
        }
        #expect(centre(0) == CellStyle.photoPlaceholder.premultiplied)
        #expect(centre(1) != CellStyle.photoPlaceholder.premultiplied && centre(1) != .white)
        #expect(centre(2) == CellStyle.photoPlaceholder.premultiplied)
        // Between the photos (the gap) stays the background.
        let gap = (layout.photos[0].maxX + 2) * 2
        #expect(canvas[x: Int(gap), y: Int(layout.photos[0].midY * 2)] == .white)
    }

    @Test("A cancelled draw stops early and says so")
    func cancellation() {
        let post = post(photos: 9)
        let layout = CellLayout(post: post, width: 390, engine: engine)
        var canvas = canvas(width: 390, height: layout.photoHeight)
        var checks = 0
        let finished = CellPainter.drawPhotos(
            layout, of: post, loaded: LoadedImages(avatar: true, photos: 0x1FF), in: &canvas,
            isCancelled: {
                checks += 1
                return checks > 3
            })
        #expect(!finished)
        let last = layout.photos[8].scaled(by: 2)
        #expect(canvas[x: Int(last.midX), y: Int(last.midY)] == .white)  // never reached
    }

    @Test(
        "Photos decode at the smallest rendition at least as large as shown",
        arguments: [
            (100.0, 3.0, 360), (150.0, 3.0, 720), (240.0, 3.0, 720), (240.0, 4.0, 1080), (900.0, 3.0, 1080),
        ])
    func renditions(side: Double, scale: Double, pixels: Int) {
        let rendition = PhotoPainter.renditions.first { $0 >= side * scale } ?? PhotoPainter.renditions.last!
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
