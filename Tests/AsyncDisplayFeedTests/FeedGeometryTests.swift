import AsyncDisplay
import AsyncDisplayFeed
import Testing

@Suite("Feed geometry")
struct FeedGeometryTests {
    let posts = Timeline.generate(count: 60, seed: 7)

    @Test("Cells stack without gaps, each as tall as its layout")
    func stacking() {
        let engine = PlaceholderTextEngine()
        let geometry = FeedGeometry(posts: posts, width: 390, engine: engine)
        var top = 0.0
        for (index, post) in posts.enumerated() {
            let layout = CellLayout(post: post, width: 390, engine: engine)
            #expect(geometry.tops[index] == top)
            #expect(geometry.height(of: index) == layout.height)
            #expect(geometry.photoHeights[index] == layout.photoHeight)
            top += layout.height
        }
        #expect(geometry.totalHeight == top)
        #expect(geometry.minimumHeight == posts.indices.map(geometry.height(of:)).min())
    }

    @Test("The cells in a band are exactly those reaching into it, for bands all along the feed")
    func cellsInBand() {
        let geometry = FeedGeometry(posts: posts, width: 390, engine: PlaceholderTextEngine())
        let end = geometry.totalHeight
        for minY in stride(from: -100.0, through: end + 100, by: 37) {
            for height in [0.5, 50, 844, 2000] {
                let maxY = minY + height
                let naive = posts.indices.filter {
                    geometry.tops[$0] < maxY && geometry.tops[$0] + geometry.height(of: $0) > minY
                }
                let range = geometry.cells(from: minY, to: maxY)
                #expect(Array(range) == naive, "band \(minY)..<\(maxY)")
            }
        }
    }

    @Test("A cell's bitmaps are its content part and each photo, width × height pixels at the scale, 4 bytes each")
    func bitmapBytes() {
        let geometry = FeedGeometry(posts: posts, width: 390, engine: PlaceholderTextEngine())
        let index = posts.firstIndex { $0.photos.count > 1 }!
        let frames = geometry.photoFrames[index]
        #expect(frames.count == posts[index].photos.count)
        let content = 1170 * Int((geometry.contentHeights[index] * 3).rounded(.up)) * 4
        let photos = frames.map { Int(($0.width * 3).rounded(.up)) * Int(($0.height * 3).rounded(.up)) * 4 }
        #expect(geometry.bitmapBytes(of: index, scale: 3) == content + photos.reduce(0, +))
        #expect(geometry.bitmapBytes(of: index, scale: .nan) == 0)
    }

    @Test("An empty feed has no cells anywhere")
    func empty() {
        let geometry = FeedGeometry(posts: [], width: 390, engine: PlaceholderTextEngine())
        #expect(geometry.totalHeight == 0 && geometry.minimumHeight == 0)
        #expect(geometry.cells(from: 0, to: 1000).isEmpty)
    }
}
