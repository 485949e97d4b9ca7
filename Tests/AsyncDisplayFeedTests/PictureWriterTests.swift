import AsyncDisplay
import AsyncDisplayFeed
import Foundation
import Testing

@Suite("Picture writer (PPM stand-in)")
struct PictureWriterTests {
    @Test("A still is a P6 header and RGB bytes, with premultiplied alpha divided out")
    func encoding() {
        var canvas = Canvas(width: 2, height: 1)
        canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: Color(red: 1, green: 0.5, blue: 0))
        canvas.fill(Rect(x: 1, y: 0, width: 1, height: 1), with: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        let data = PortablePixmapWriter.encode(canvas.makeBitmap())
        let header = Data("P6\n2 1\n255\n".utf8)
        #expect(data.prefix(header.count) == header)
        #expect(Array(data.dropFirst(header.count)) == [255, 128, 0, 255, 0, 0])
    }

    @Test("Stills and animation frames are written where asked, and read back")
    func files() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "feed-writer-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = PortablePixmapWriter()
        let bitmap = Bitmap(width: 3, height: 2, filledWith: .white)
        let still = try writer.writeStill(bitmap, named: "still", in: folder)
        #expect(still.lastPathComponent == "still.ppm")
        #expect(try PortablePixmap(contentsOf: still).size == (3, 2))
        let animation = try writer.writeAnimation(
            [bitmap, bitmap, bitmap], frameDuration: .milliseconds(33), named: "scroll", in: folder)
        let frames = try FileManager.default.contentsOfDirectory(atPath: animation.path).sorted()
        #expect(frames == ["frame-000.ppm", "frame-001.ppm", "frame-002.ppm"])
    }

    @Test("An unwritable folder gives a clear error")
    func unwritable() {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent(
            "feed-blocker-\(UInt64.random(in: 0...UInt64.max))")
        #expect(FileManager.default.createFile(atPath: blocker.path, contents: Data()))
        defer { try? FileManager.default.removeItem(at: blocker) }
        #expect(throws: PictureWriteError.self) {
            try PortablePixmapWriter().writeStill(Bitmap(width: 1, height: 1), named: "x", in: blocker)
        }
    }
}
