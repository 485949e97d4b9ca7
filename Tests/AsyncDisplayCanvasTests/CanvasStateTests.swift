import Foundation
import Testing

@testable import AsyncDisplayCanvas

@Suite("Canvas state: transforms, clips, alpha, save and restore")
struct CanvasStateTests {
    @Test("A fill under translate and scale equals the fill of the mapped shape")
    func translateAndScale() {
        var transformed = Canvas(width: 40, height: 40, background: .white)
        transformed.translateBy(x: 5.25, y: 3)
        transformed.scaleBy(x: 2, y: 1.5)
        var path = Path()
        path.addEllipse(in: Rect(x: 1, y: 2, width: 12, height: 10))
        transformed.fill(path, with: .blue)
        var direct = Canvas(width: 40, height: 40, background: .white)
        var mapped = Path()
        mapped.addEllipse(in: Rect(x: 5.25 + 2, y: 3 + 3, width: 24, height: 15))
        direct.fill(mapped, with: .blue)
        #expect(largestDifference(transformed, direct) <= 1)
    }

    @Test("A quarter turn about the centre turns a rect into its transpose")
    func quarterTurn() {
        var rotated = Canvas(width: 30, height: 30)
        rotated.translateBy(x: 15, y: 15)
        rotated.rotate(by: .pi / 2)
        rotated.translateBy(x: -15, y: -15)
        rotated.fill(Rect(x: 5.5, y: 10, width: 19, height: 6.25), with: .red)
        var expected = Canvas(width: 30, height: 30)
        // (x, y) → (30 − y, x) about the centre.
        expected.fill(Rect(x: 30 - 16.25, y: 5.5, width: 6.25, height: 19), with: .red)
        #expect(largestDifference(rotated, expected) <= 1)
    }

    @Test("Rotated rects keep their area")
    func rotatedArea() {
        var canvas = Canvas(width: 60, height: 60)
        canvas.translateBy(x: 30, y: 30)
        canvas.rotate(by: 0.3)
        canvas.fill(Rect(x: -10, y: -7, width: 20, height: 14), with: .white)
        var total = 0.0
        for y in 0..<60 { for x in 0..<60 { total += Double(canvas[x: x, y: y].alpha) / 255 } }
        #expect(abs(total - 280) < 0.5)
    }

    @Test("Restore brings back the transform, alpha, blend mode, shadow and clip; an extra restore does nothing")
    func saveAndRestore() {
        var canvas = Canvas(width: 10, height: 10)
        canvas.saveState()
        canvas.translateBy(x: 3, y: 4)
        canvas.globalAlpha = 0.5
        canvas.blendMode = .copy
        canvas.shadow = Shadow(offset: Size(width: 1, height: 1), blur: 2, color: .black)
        canvas.clip(to: Rect(x: 0, y: 0, width: 2, height: 2))
        canvas.restoreState()
        canvas.restoreState()
        #expect(canvas.transform == .identity)
        #expect(canvas.globalAlpha == 1)
        #expect(canvas.blendMode == .sourceOver)
        #expect(canvas.shadow == nil)
        canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), with: .white)
        #expect(canvas[x: 9, y: 9] == .white)
    }

    @Test("withSavedState restores even after nested saves inside it")
    func scopedSave() {
        var canvas = Canvas(width: 4, height: 4)
        canvas.withSavedState { canvas in
            canvas.translateBy(x: 1, y: 1)
            canvas.saveState()
            canvas.scaleBy(x: 2, y: 2)
        }
        #expect(canvas.transform == .identity)
    }

    @Test("A pixel-aligned rect clip limits drawing to whole pixels")
    func alignedRectClip() {
        var canvas = Canvas(width: 10, height: 10)
        canvas.clip(to: Rect(x: 2, y: 3, width: 4, height: 5))
        canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), with: .white)
        for y in 0..<10 {
            for x in 0..<10 {
                let inside = (2..<6).contains(x) && (3..<8).contains(y)
                #expect(canvas[x: x, y: y] == (inside ? .white : .clear))
            }
        }
    }

    @Test("A fractional rect clip covers edge pixels by their area")
    func fractionalRectClip() {
        var canvas = Canvas(width: 10, height: 10)
        canvas.clip(to: Rect(x: 2.5, y: 3.25, width: 4, height: 5))
        canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), with: .white)
        #expect(canvas[x: 2, y: 5].alpha == 128)
        #expect(canvas[x: 4, y: 3].alpha == 191)
        #expect(canvas[x: 4, y: 5].alpha == 255)
        #expect(canvas[x: 8, y: 5].alpha == 0)
    }

    @Test("Clipping to a circle and filling everything draws the circle")
    func pathClip() {
        var circle = Path()
        circle.addEllipse(in: Rect(x: 3.3, y: 4.1, width: 20, height: 17))
        var clipped = Canvas(width: 30, height: 30, background: .white)
        clipped.clip(to: circle)
        clipped.fill(Rect(x: 0, y: 0, width: 30, height: 30), with: .red)
        var direct = Canvas(width: 30, height: 30, background: .white)
        direct.fill(circle, with: .red)
        #expect(largestDifference(clipped, direct) <= 1)
    }

    @Test("Nested clips intersect, and a clip outside the canvas hides everything")
    func nestedClips() {
        var canvas = Canvas(width: 20, height: 20)
        canvas.clip(to: Rect(x: 0, y: 0, width: 10, height: 20))
        var circle = Path()
        circle.addEllipse(in: Rect(x: 5, y: 5, width: 10, height: 10))
        canvas.clip(to: circle)
        canvas.fill(Rect(x: 0, y: 0, width: 20, height: 20), with: .white)
        #expect(canvas[x: 7, y: 10] == .white)
        #expect(canvas[x: 12, y: 10] == .clear)
        canvas.clip(to: Rect(x: 100, y: 100, width: 5, height: 5))
        canvas.fill(Rect(x: 0, y: 0, width: 20, height: 20), with: .red)
        #expect(canvas[x: 7, y: 10] == .white)
    }

    @Test("Global alpha scales what is drawn like a translucent colour")
    func globalAlpha() {
        var path = Path()
        path.addEllipse(in: Rect(x: 2, y: 2, width: 15, height: 11))
        var withAlpha = Canvas(width: 20, height: 16, background: .white)
        withAlpha.globalAlpha = 0.5
        withAlpha.fill(path, with: Color(red: 0.2, green: 0.4, blue: 0.8))
        var translucent = Canvas(width: 20, height: 16, background: .white)
        translucent.fill(path, with: Color(red: 0.2, green: 0.4, blue: 0.8, alpha: 0.5))
        #expect(largestDifference(withAlpha, translucent) <= 1)
        withAlpha.globalAlpha = .nan
        #expect(withAlpha.globalAlpha == 0)
    }

    @Test("A transform that collapses the plane draws nothing")
    func degenerateTransform() {
        var canvas = Canvas(width: 8, height: 8)
        canvas.scaleBy(x: 0, y: 1)
        canvas.fill(Rect(x: 0, y: 0, width: 8, height: 8), with: .white)
        canvas.fill(
            Rect(x: 0, y: 0, width: 8, height: 8),
            with: .linearGradient(LinearGradient(Gradient(colors: [.red, .blue]), from: .zero, to: Point(x: 8, y: 0))))
        #expect(canvas[x: 4, y: 4] == .clear)
    }
}
