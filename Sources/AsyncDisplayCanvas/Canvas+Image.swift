/// Drawing bitmaps: scaled into any rect with bilinear filtering, or copied pixel for pixel when
/// they land on whole pixels at their own size.
extension Canvas {
    /// Draws `image` stretched into `rect` (in user space), through the graphics state.
    ///
    /// Each device pixel takes the bilinear mix of the four image pixels around the point it
    /// maps back to; an image drawn unscaled on whole pixels is copied exactly.
    ///
    /// Complexity: O(pixels drawn).
    public mutating func draw(_ image: Bitmap, in rect: Rect) {
        draw(image, in: rect, route: .fastest)
    }

    /// Draws `image` stretched into `rect` (in user space), its pixels filtered by `route`.
    mutating func draw(_ image: Bitmap, in rect: Rect, route: ImageShader.Route) {
        guard image.width > 0, image.height > 0, !rect.isEmpty, rect.width.isFinite, rect.height.isFinite else {
            return
        }
        let device = deviceTransform
        let imageToUser = AffineTransform(translationX: rect.minX, y: rect.minY)
            .scaledBy(x: rect.width / Double(image.width), y: rect.height / Double(image.height))
        guard let shader = ImageShader(image, transform: device.concatenating(imageToUser), route: route) else {
            return
        }
        var path = Path()
        path.addRect(rect)
        fillCoverage(
            of: path, rule: .nonZero, transform: device, shader: .image(shader), isOpaqueSource: image.isOpaque)
    }

    /// Draws `image` with its top-left corner at `origin` (in user space), at the image's own
    /// size in points, its alpha scaled by `opacity` (0...1), limited to `clip` (in user space)
    /// when given.
    ///
    /// Where user space is not rotated, the origin snaps to the nearest device pixel, so an image
    /// at the canvas's scale is copied pixel for pixel, and the clip snaps outwards to whole
    /// pixels (what a compositor wants: no seams between layers).
    ///
    /// Complexity: O(pixels drawn).
    public mutating func draw(_ image: Bitmap, at origin: Point, opacity: Double = 1, clip: Rect? = nil) {
        draw(image, at: origin, opacity: opacity, clip: clip, route: .fastest)
    }

    /// Draws `image` at `origin` as `draw(_:at:opacity:clip:)` does, its pixels filtered by
    /// `route`.
    mutating func draw(_ image: Bitmap, at origin: Point, opacity: Double, clip: Rect?, route: ImageShader.Route) {
        guard opacity.isFinite, opacity > 0, origin.x.isFinite, origin.y.isFinite else { return }
        withSavedState { canvas in
            canvas.globalAlpha *= opacity
            var topLeft = origin
            let device = canvas.deviceTransform
            if device.isAxisAligned, let inverse = device.inverted() {
                let mapped = device.apply(to: origin)
                topLeft = inverse.apply(to: Point(x: mapped.x.rounded(), y: mapped.y.rounded()))
                if let clip {
                    let box = PixelBox(covering: device.boundingBox(of: clip))
                    canvas.state.clip.box = canvas.state.clip.box.intersection(box)
                }
            } else if let clip {
                canvas.clip(to: clip)
            }
            canvas.draw(image, in: Rect(origin: topLeft, size: image.size), route: route)
        }
    }
}
