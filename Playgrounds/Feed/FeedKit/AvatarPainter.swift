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
        let gradient = LinearGradient(Gradient(colors: [top, bottom]), from: .zero, to: Point(x: 0, y: side))
        canvas.fill(Rect(x: 0, y: 0, width: side, height: side), with: .linearGradient(gradient))
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

    /// Draws `image` into `rect`, clipped to the circle inscribed in it.
    static func draw(_ image: Bitmap, clippedToCircleIn rect: Rect, in canvas: inout Canvas) {
        canvas.withSavedState { canvas in
            var circle = Path()
            circle.addEllipse(in: rect)
            canvas.clip(to: circle)
            canvas.draw(image, in: rect)
        }
    }
}
