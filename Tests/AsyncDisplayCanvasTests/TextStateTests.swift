import Testing

@testable import AsyncDisplayCanvas

/// The box of pixels darker than white, or nil.
private func inkBox(_ canvas: Canvas) -> PixelBox? {
    var box: PixelBox?
    for y in 0..<canvas.height {
        for x in 0..<canvas.width where canvas[x: x, y: y] != .white {
            let pixel = PixelBox(left: x, top: y, right: x + 1, bottom: y + 1)
            box =
                box.map {
                    PixelBox(
                        left: min($0.left, x), top: min($0.top, y), right: max($0.right, x + 1),
                        bottom: max($0.bottom, y + 1))
                } ?? pixel
        }
    }
    return box
}

private func totalInk(_ canvas: Canvas) -> Int {
    var ink = 0
    for y in 0..<canvas.height { for x in 0..<canvas.width { ink += 255 - Int(canvas[x: x, y: y].green) } }
    return ink
}

@Suite("Text through the graphics state", .enabled(if: TestFonts.hasDejaVuSans, "DejaVu Sans is not installed"))
struct TextStateTests {
    let layout = TextLayout(StyledText("Hello, type", font: TestFonts.font, size: 12, color: .black))

    @Test("A translated canvas draws text exactly where the moved origin would")
    func translation() {
        var moved = Canvas(width: 90, height: 30, background: .white)
        moved.translateBy(x: 7, y: 4)
        moved.draw(layout, at: Point(x: 2, y: 3))
        var direct = Canvas(width: 90, height: 30, background: .white)
        direct.draw(layout, at: Point(x: 9, y: 7))
        #expect(largestDifference(moved, direct) == 0)
    }

    @Test("A uniformly scaled canvas draws the same pixels as text of that many times the size")
    func uniformScale() {
        var scaled = Canvas(width: 160, height: 40, background: .white)
        scaled.scaleBy(x: 2, y: 2)
        scaled.draw(layout, at: Point(x: 1, y: 1))
        var large = Canvas(width: 160, height: 40, background: .white)
        large.draw(
            TextLayout(StyledText("Hello, type", font: TestFonts.font, size: 24, color: .black)), at: Point(x: 2, y: 2))
        #expect(largestDifference(scaled, large) == 0)
    }

    @Test("A quarter turn draws the text as paths along the new direction")
    func rotation() throws {
        var upright = Canvas(width: 100, height: 100, background: .white)
        upright.draw(layout, at: Point(x: 20, y: 10))
        var turned = Canvas(width: 100, height: 100, background: .white)
        turned.translateBy(x: 50, y: 50)
        turned.rotate(by: .pi / 2)
        turned.translateBy(x: -50, y: -50)
        turned.draw(layout, at: Point(x: 20, y: 10))
        let box = try #require(inkBox(upright))
        let turnedBox = try #require(inkBox(turned))
        // (x, y) → (100 − y, x) about the centre.
        #expect(abs(turnedBox.left - (100 - box.bottom)) <= 1)
        #expect(abs(turnedBox.top - box.left) <= 1)
        #expect(abs(turnedBox.height - box.width) <= 2)
        #expect(abs(totalInk(turned) - totalInk(upright)) < totalInk(upright) / 20)
    }

    @Test("Clips, global alpha and shadows apply to text")
    func clipAlphaShadow() throws {
        var clipped = Canvas(width: 90, height: 30, background: .white)
        clipped.clip(to: Rect(x: 0, y: 0, width: 30, height: 30))
        clipped.draw(layout, at: Point(x: 2, y: 3))
        #expect(try #require(inkBox(clipped)).right <= 30)

        var full = Canvas(width: 90, height: 30, background: .white)
        full.draw(layout, at: Point(x: 2, y: 3))
        var faint = Canvas(width: 90, height: 30, background: .white)
        faint.globalAlpha = 0.5
        faint.draw(layout, at: Point(x: 2, y: 3))
        #expect(abs(Double(totalInk(faint)) / Double(totalInk(full)) - 0.5) < 0.02)

        var shadowed = Canvas(width: 90, height: 60, background: .white)
        shadowed.shadow = Shadow(offset: Size(width: 0, height: 30), blur: 0, color: .black)
        shadowed.draw(layout, at: Point(x: 2, y: 3))
        let box = try #require(inkBox(shadowed))
        #expect(box.bottom > 30)
        #expect(shadowed.shadow != nil)
    }
}
