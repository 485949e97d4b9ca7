import AsyncDisplayCanvas
import Testing

@Suite("Canvas")
struct CanvasTests {
    @Test("A new canvas holds its background")
    func background() {
        let canvas = Canvas(width: 3, height: 2, background: .white)
        #expect(canvas[x: 2, y: 1] == .white)
    }
}
