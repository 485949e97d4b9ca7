extension Canvas {
    /// Sets every pixel in `rect` (in points, snapped outwards to whole pixels) to `color`,
    /// replacing what was there.
    public mutating func replace(_ rect: Rect, with color: Color) {
        let area = PixelBox(covering: rect.scaled(by: scale))
            .intersection(PixelBox(left: 0, top: 0, right: width, bottom: height))
        guard !area.isEmpty else { return }
        makeUniqueStorage()
        noteTranslucency(color, covering: area.rect)
        let value = color.premultiplied.packed
        for row in area.top..<area.bottom {
            (storage.pixels + row * width + area.left).update(repeating: value, count: area.right - area.left)
        }
    }
}

/// A rectangle of whole pixels: columns `left..<right`, rows `top..<bottom`.
struct PixelBox: Sendable, Equatable {
    var left: Int
    var top: Int
    var right: Int
    var bottom: Int

    init(left: Int, top: Int, right: Int, bottom: Int) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }

    /// The smallest box of whole pixels containing `rect` (in pixels); empty for a rect that
    /// isn't finite.
    init(covering rect: Rect) {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite, !rect.isEmpty else {
            self.init(left: 0, top: 0, right: 0, bottom: 0)
            return
        }
        let limit = Double(Int32.max)
        func clamp(_ value: Double) -> Int { Int(min(max(value, -limit), limit)) }
        self.init(
            left: clamp(rect.minX.rounded(.down)), top: clamp(rect.minY.rounded(.down)),
            right: clamp(rect.maxX.rounded(.up)), bottom: clamp(rect.maxY.rounded(.up)))
    }

    var isEmpty: Bool { right <= left || bottom <= top }
    var width: Int { max(right - left, 0) }
    var height: Int { max(bottom - top, 0) }
    /// The box as a rectangle, in pixels.
    var rect: Rect { Rect(x: Double(left), y: Double(top), width: Double(width), height: Double(height)) }

    func intersection(_ other: PixelBox) -> PixelBox {
        PixelBox(
            left: max(left, other.left), top: max(top, other.top),
            right: min(right, other.right), bottom: min(bottom, other.bottom))
    }
}
