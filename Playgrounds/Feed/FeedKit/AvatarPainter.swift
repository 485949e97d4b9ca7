import AsyncDisplay
import AsyncDisplayTesting

/// Avatars as a decoded image would arrive: a mirrored block pattern over a two-colour gradient,
/// shown through a circle.
enum AvatarPainter {
    /// Draws the avatar image for `seed`, `side` points square, into a bitmap at `scale`.
    static func image(seed: UInt64, side: Double, scale: Double) -> Bitmap {
        let pixels = Int((side * scale).rounded(.up))
        var canvas = Canvas(width: pixels, height: pixels, scale: scale, background: .white)
        var generator = SplitMix64(seed: seed)
        let hue = Double(generator.next() % 360) / 360
        let top = Color(hue: hue, saturation: 0.45, brightness: 0.95)
        let bottom = Color(hue: hue + 0.08, saturation: 0.7, brightness: 0.7)
        let bands = 22
        let bandHeight = side / Double(bands)
        for band in 0..<bands {
            canvas.fill(
                Rect(x: 0, y: Double(band) * bandHeight, width: side, height: bandHeight),
                with: top.mixed(with: bottom, by: Double(band) / Double(bands - 1)))
        }
        // A 5 × 5 pattern, mirrored about its middle column.
        let ink = Color(hue: hue + 0.5, saturation: 0.6, brightness: 0.45, alpha: 0.85)
        let block = side / 6
        let pattern = generator.next()
        for row in 0..<5 {
            for column in 0..<3 where pattern >> UInt64(row * 3 + column) & 1 == 1 {
                for mirrored in Set([column, 4 - column]) {
                    canvas.fill(
                        Rect(
                            x: block * (0.5 + Double(mirrored)), y: block * (0.5 + Double(row)), width: block,
                            height: block),
                        with: ink)
                }
            }
        }
        return canvas.makeBitmap()
    }

    /// Draws `image` at `rect`'s origin, clipped to the circle inscribed in `rect`, over an opaque
    /// `background`: the image goes down, then the corners outside the circle are painted back.
    static func draw(_ image: Bitmap, clippedToCircleIn rect: Rect, background: Color, in canvas: inout Canvas) {
        canvas.draw(image, at: rect.origin)
        var corners = Path()
        corners.addRect(rect)
        corners.addEllipse(in: rect)
        canvas.fill(corners, with: background, rule: .evenOdd)
    }
}
