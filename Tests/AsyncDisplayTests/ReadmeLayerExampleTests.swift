import AsyncDisplay
import Testing

// The README's layer example, kept compiling and running.

@MainActor
private final class Badge: AsyncLayerDelegate {
    let layer = AsyncLayer()

    func makeDisplayTask(for layer: AsyncLayer) -> DisplayTask {
        DisplayTask(display: { canvas, size, isCancelled in
            guard !isCancelled() else { return }
            canvas.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), with: .blue)
        })
    }
}

@MainActor
@Suite("README layer example")
struct ReadmeLayerExampleTests {
    @Test("The README's layer example draws a 240 × 80 bitmap and commits it")
    func example() async {
        let badge = Badge()
        badge.layer.delegate = badge
        await badge.layer.setBounds(Size(width: 120, height: 40))
        await badge.layer.setContentsScale(2)
        let outcome = await badge.layer.display()
        #expect(outcome.bitmap?.width == 240)
        #expect(outcome.bitmap?.height == 80)
        #expect(badge.layer.contents == outcome.bitmap)
    }
}
