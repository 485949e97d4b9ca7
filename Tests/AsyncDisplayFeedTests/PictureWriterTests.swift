import AsyncDisplay
import AsyncDisplayFeed
import Foundation
import Testing

/// The number of frames an animated PNG's `acTL` chunk announces, or nil without one.
func animatedFrameCount(_ bytes: [UInt8]) -> Int? {
    let tag = Array("acTL".utf8)
    guard let start = (0..<max(bytes.count - 8, 0)).first(where: { Array(bytes[$0..<$0 + 4]) == tag }) else {
        return nil
    }
    return bytes[(start + 4)..<(start + 8)].reduce(0) { $0 << 8 | Int($1) }
}

@Suite("Picture writer")
struct PictureWriterTests {
    @Test("Stills are PNG files that decode to the same pixels")
    func stills() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "feed-writer-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: folder) }
        var canvas = Canvas(width: 3, height: 2, background: .white)
        canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: Color(red: 1, green: 0.5, blue: 0))
        let bitmap = canvas.makeBitmap()
        let still = try PNGPictureWriter().writeStill(bitmap, named: "still", in: folder)
        #expect(still.lastPathComponent == "still.png")
        #expect(try Bitmap(pngData: Data(contentsOf: still)) == bitmap)
    }

    @Test("An animation is one animated PNG with every frame, its first frame the default image")
    func animation() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "feed-writer-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = [Pixel.white, .clear, Pixel(red: 0, green: 0, blue: 255, alpha: 255)].map {
            Bitmap(width: 3, height: 2, filledWith: $0)
        }
        let file = try PNGPictureWriter().writeAnimation(
            frames, frameDuration: .milliseconds(33), named: "scroll", in: folder)
        let bytes = try [UInt8](Data(contentsOf: file))
        #expect(animatedFrameCount(bytes) == 3)
        #expect(try Bitmap(pngData: bytes) == frames[0])
    }

    @Test("An unwritable folder or an empty animation gives a clear error")
    func unwritable() {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent(
            "feed-blocker-\(UInt64.random(in: 0...UInt64.max))")
        #expect(FileManager.default.createFile(atPath: blocker.path, contents: Data()))
        defer { try? FileManager.default.removeItem(at: blocker) }
        #expect(throws: PictureWriteError.self) {
            try PNGPictureWriter().writeStill(Bitmap(width: 1, height: 1), named: "x", in: blocker)
        }
        #expect(throws: PictureWriteError.self) {
            try PNGPictureWriter().writeAnimation([], frameDuration: .seconds(1), named: "x", in: blocker)
        }
    }
}
