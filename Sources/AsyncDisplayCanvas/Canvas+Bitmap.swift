extension Canvas {
    /// Draws `image` with its top-left corner at `origin` (in points), at the image's own size,
    /// blending source-over, its alpha scaled by `opacity` (0...1), limited to `clip` (in points)
    /// when given.
    ///
    /// The origin snaps to the nearest pixel. An image at the canvas's scale is copied pixel for
    /// pixel; at another scale each destination pixel takes the nearest source pixel.
    ///
    /// Complexity: O(pixels drawn).
    public mutating func draw(_ image: Bitmap, at origin: Point, opacity: Double = 1, clip: Rect? = nil) {
        guard image.width > 0, image.height > 0, opacity.isFinite, opacity > 0, origin.x.isFinite, origin.y.isFinite
        else { return }
        let level = UInt32((min(opacity, 1) * 255).rounded())
        guard level > 0 else { return }
        let ratio = image.scale / scale  // source pixels per destination pixel
        let left = Int((origin.x * scale).rounded())
        let top = Int((origin.y * scale).rounded())
        let drawnWidth = ratio == 1 ? image.width : Int((Double(image.width) / ratio).rounded())
        let drawnHeight = ratio == 1 ? image.height : Int((Double(image.height) / ratio).rounded())
        var area = PixelBox(left: left, top: top, right: left + drawnWidth, bottom: top + drawnHeight)
            .intersection(PixelBox(left: 0, top: 0, right: width, bottom: height))
        if let clip { area = area.intersection(PixelBox(covering: clip.scaled(by: scale))) }
        guard !area.isEmpty else { return }
        makeUniqueStorage()
        let destination = storage.pixels
        let source = image.storage.pixels
        for row in area.top..<area.bottom {
            let sourceRow = ratio == 1 ? row - top : min(Int((Double(row - top) + 0.5) * ratio), image.height - 1)
            let sourceLine = source + sourceRow * image.width
            let line = destination + row * width
            for column in area.left..<area.right {
                let sourceColumn =
                    ratio == 1 ? column - left : min(Int((Double(column - left) + 0.5) * ratio), image.width - 1)
                var pixel = sourceLine[sourceColumn]
                if level < 255 { pixel = scalePixel(pixel, by: level) }
                line[column] = pixel >> 24 == 255 ? pixel : sourceOver(pixel, line[column])
            }
        }
    }

    /// Sets every pixel in `rect` (in points, snapped outwards to whole pixels) to `color`,
    /// replacing what was there.
    public mutating func replace(_ rect: Rect, with color: Color) {
        let area = PixelBox(covering: rect.scaled(by: scale))
            .intersection(PixelBox(left: 0, top: 0, right: width, bottom: height))
        guard !area.isEmpty else { return }
        makeUniqueStorage()
        noteTranslucency(color, covering: rect)
        let value = color.premultiplied.packed
        for row in area.top..<area.bottom {
            (storage.pixels + row * width + area.left).update(repeating: value, count: area.right - area.left)
        }
    }
}

/// A rectangle of whole pixels: columns `left..<right`, rows `top..<bottom`.
struct PixelBox: Equatable {
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

    func intersection(_ other: PixelBox) -> PixelBox {
        PixelBox(
            left: max(left, other.left), top: max(top, other.top),
            right: min(right, other.right), bottom: min(bottom, other.bottom))
    }
}
