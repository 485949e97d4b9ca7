import Testing

@testable import AsyncDisplayCanvas

// The README's drawing example, kept compiling and running.
@Suite("README drawing example", .enabled(if: TestFonts.hasDejaVuSans, "DejaVu Sans is not installed"))
struct ReadmeDrawingExampleTests {
    @Test("The README's card draws a shadowed gradient and a line of text, and encodes as PNG")
    func card() throws {
        var canvas = Canvas(width: 300, height: 80, scale: 2, background: .white)
        var card = Path()
        card.addRoundedRect(Rect(x: 4, y: 4, width: 142, height: 32), radii: CornerRadii(all: 8))
        canvas.shadow = Shadow(offset: Size(width: 0, height: 1), blur: 3, color: Color(white: 0, alpha: 0.3))
        canvas.fill(
            card,
            with: .linearGradient(
                LinearGradient(Gradient(colors: [.white, Color(white: 0.9)]), from: .zero, to: Point(x: 0, y: 40))))
        canvas.shadow = nil
        let text = StyledText("Hello, async world", font: try Font.systemDefault(), size: 13, color: .black)
        canvas.draw(
            TextLayout(text, width: 130, options: TextLayoutOptions(maximumLineCount: 1)), at: Point(x: 12, y: 12))
        let bitmap = canvas.makeBitmap()
        let png = try bitmap.pngData()
        #expect(try Bitmap(pngData: png, scale: 2) == bitmap)
        // The shadow falls below the card, the text is dark, the corner stays white.
        #expect(bitmap[x: 150, y: 74].red < 255)
        #expect(bitmap[x: 0, y: 0] == .white)
        var darkest: UInt8 = 255
        for x in 24..<200 { darkest = min(darkest, bitmap[x: x, y: 40].red) }
        #expect(darkest < 100)
    }
}
