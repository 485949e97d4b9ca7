import AsyncDisplay
import AsyncDisplayFeed
import Testing

@Suite("Cell layout")
struct CellLayoutTests {
    let engine = PlaceholderTextEngine()

    private func post(words: Int, photos: Int = 0) -> Post {
        Post(
            id: 0, author: "Ada Lovelace", avatarSeed: 1, avatarLatency: .zero, minutesAgo: 5,
            text: Array(repeating: "word", count: words).joined(separator: " "),
            photos: (0..<photos).map { Photo(seed: UInt64($0), latency: .zero) })
    }

    @Test("The text column starts right of the avatar and the body below the name and timestamp")
    func columns() {
        let layout = CellLayout(post: post(words: 3), width: 390, engine: engine)
        #expect(layout.avatar == Rect(x: 12, y: 12, width: 44, height: 44))
        #expect(layout.nameOrigin == Point(x: 66, y: 12))
        #expect(layout.timestampOrigin == Point(x: 66, y: 32))
        #expect(layout.bodyOrigin == Point(x: 66, y: 54))
        #expect(layout.name.lineCount == 1 && layout.timestamp.lineCount == 1)
        #expect(layout.body.size.width <= 390 - 66 - 12)
    }

    @Test(
        "Body lines grow the cell 20 points each, up to eight lines; longer texts are truncated",
        arguments: [1, 6, 20, 40, 60, 200])
    func bodyHeight(words: Int) {
        let layout = CellLayout(post: post(words: words), width: 390, engine: engine)
        // 312 points hold 37 characters of 15-point text: 7 "word"s a line.
        let lines = (words + 6) / 7
        #expect(layout.body.lineCount == min(lines, 8))
        #expect(layout.body.isTruncated == (lines > 8))
        // A short body still leaves room for the avatar.
        #expect(layout.contentHeight == max(56, 54 + 20 * Double(min(lines, 8))) + 12)
        #expect(layout.photoHeight == 0 && layout.photos.isEmpty)
        #expect(layout.height == layout.contentHeight)
    }

    @Test("Photos sit in one wide frame, two columns for two or four, three otherwise", arguments: 1...9)
    func photoGrid(count: Int) {
        let layout = CellLayout(post: post(words: 7, photos: count), width: 390, engine: engine)
        let columns = count == 1 ? 1 : count == 2 || count == 4 ? 2 : 3
        let rows = (count + columns - 1) / columns
        #expect(layout.photos.count == count)
        #expect(Set(layout.photos.map(\.minX)).count == columns)
        #expect(Set(layout.photos.map(\.minY)).count == rows)
        #expect(layout.photos.allSatisfy { $0.minX >= 66 && $0.maxX <= 390 - 12 + 1e-9 })
        if count > 1 {
            #expect(layout.photos.allSatisfy { $0.width == $0.height })
            #expect(abs(layout.photos[columns - 1].maxX - (390 - 12)) < 1e-9)
        } else {
            #expect(layout.photos[0].size == Size(width: 240, height: 180))
        }
        #expect(layout.photos.first!.minY == 0)
        #expect(layout.photoHeight == layout.photos.last!.maxY + 12)
        #expect(layout.contentHeight == 54 + 20 + 8)
    }

    @Test(
        "A width that is not a finite positive number lays out without failing", arguments: [0, -20, .nan, .infinity])
    func badWidth(width: Double) {
        let layout = CellLayout(post: post(words: 12, photos: 4), width: width, engine: engine)
        #expect(layout.width == 0)
        #expect(layout.height.isFinite && layout.height > 0)
        #expect(layout.body.lineCount == 8)
    }
}
