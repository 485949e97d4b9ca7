import AsyncDisplay
import Testing

@testable import AsyncDisplayFeed

@Suite("Frame pictures")
struct FramePictureTests {
    @Test("Undrawn areas are marked pink with a red outline; the rest of the frame is untouched")
    func marking() {
        let frame = Bitmap(width: 40, height: 40, filledWith: .white)
        let marked = FramePicture.marking([Rect(x: 10, y: 10, width: 20, height: 12)], on: frame)
        let inside = marked[x: 14, y: 19]
        #expect(inside != .white && inside.red > inside.green)
        #expect(marked[x: 10, y: 16].red > 200 && marked[x: 10, y: 16].green < 60)  // the outline
        #expect(marked[x: 5, y: 5] == .white && marked[x: 35, y: 30] == .white)
        #expect(FramePicture.marking([], on: frame).sharesPixels(with: frame))
    }

    @Test("A snapshot composes through the package's compositor, then gets its marks")
    func composing() async {
        let executor = ThreadExecutor(name: "test.pictures", spinDuration: .zero)
        let compositor = Compositor(size: Size(width: 20, height: 20), scale: 2, executor: executor)
        final class Identity: Sendable {}
        let identity = Identity()
        let node = LayerTreeSnapshot.Node(
            id: ObjectIdentifier(identity),
            contents: Bitmap(width: 20, height: 20, scale: 2, filledWith: Color.blue.premultiplied),
            origin: Point(x: 5, y: 5), clip: nil, opacity: 1)
        let picture = await FramePicture.compose(
            LayerTreeSnapshot(nodes: [node]), undrawn: [Rect(x: 0, y: 15, width: 20, height: 5)], on: compositor)
        #expect(picture.width == 40 && picture.height == 40)
        #expect(picture[x: 20, y: 20] == Color.blue.premultiplied)
        #expect(picture[x: 2, y: 2] == .white)
        #expect(picture[x: 8, y: 36] != .white)
        await executor.shutdown()
    }
}
