import AsyncDisplay
import AsyncDisplayTesting

/// Photos as a feed shows them: fetched at the smallest size an image CDN serves that is at least
/// the pixels shown, decoded at that size, then scaled into place with rounded corners.
///
/// Decoding is stood in for by drawing the photo's landscape at the rendition's size: sky and
/// water gradients pixel row by pixel row, then filled shapes (sun, ridges, trees). A 3 × 3 grid at
/// scale 3 decodes nine 360-pixel renditions, a 2 × 2 grid four 720-pixel ones: costs of the order
/// of decoding those photos, without a store of image files to ship or download.
enum PhotoPainter {
    /// The corner radius of photos and their placeholders.
    static let cornerRadius = 6.0
    /// The sizes an image CDN serves, in pixels on the long side.
    static let renditions = [360.0, 720.0, 1080.0]

    /// The rendition fetched for a photo whose long side shows `pixels` pixels: the smallest at
    /// least that large, else the largest.
    static func rendition(forLongSide pixels: Double) -> Double {
        renditions.first { $0 >= pixels } ?? renditions[renditions.count - 1]
    }

    /// Draws the photo for `seed` into `rect`, over an opaque `background`. Returns false when it
    /// stopped early because `isCancelled()` turned true.
    static func draw(
        seed: UInt64, in rect: Rect, background: Color, canvas: inout Canvas, isCancelled: () -> Bool
    ) -> Bool {
        let longSide = max(rect.width, rect.height)
        guard !rect.isEmpty, longSide.isFinite else { return true }
        let rendition = rendition(forLongSide: longSide * canvas.scale)
        guard let image = decode(seed: seed, size: rect.size, scale: rendition / longSide, isCancelled: isCancelled)
        else { return false }
        guard drawScaled(image, at: rect.origin, in: &canvas, isCancelled: isCancelled), !isCancelled() else {
            return false
        }
        var corners = Path()
        corners.addRect(rect)
        corners.addRoundedRect(rect, radii: CornerRadii(all: cornerRadius))
        canvas.fill(corners, with: background, rule: .evenOdd)
        return true
    }

    /// The photo for `seed`, `size` points at `scale`: the stand-in for decoding a rendition. Nil
    /// when it stopped early because `isCancelled()` turned true.
    static func decode(seed: UInt64, size: Size, scale: Double, isCancelled: () -> Bool) -> Bitmap? {
        var canvas = Canvas(
            width: pixels(size.width, scale), height: pixels(size.height, scale), scale: scale, background: .white)
        let rect = Rect(origin: .zero, size: size)
        var generator = SplitMix64(seed: seed)
        let hue = Double(generator.next() % 1000) / 1000
        let horizon = rect.height * (0.45 + Double(generator.next() % 20) / 100)
        let sky = (
            Color(hue: hue, saturation: 0.35, brightness: 1), Color(hue: hue + 0.05, saturation: 0.6, brightness: 0.8)
        )
        let water = (
            Color(hue: hue + 0.5, saturation: 0.5, brightness: 0.55),
            Color(hue: hue + 0.55, saturation: 0.7, brightness: 0.3)
        )
        // Sky and water, one pixel row at a time.
        guard fillGradient(Rect(x: 0, y: 0, width: rect.width, height: horizon), sky, &canvas, isCancelled),
            fillGradient(
                Rect(x: 0, y: horizon, width: rect.width, height: rect.height - horizon), water, &canvas, isCancelled)
        else { return nil }
        guard !isCancelled() else { return nil }
        let unit = min(rect.width, rect.height)
        var sun = Path()
        let sunRadius = unit * 0.12
        sun.addEllipse(
            in: Rect(
                x: rect.width * (0.2 + Double(generator.next() % 60) / 100) - sunRadius,
                y: horizon * 0.3 - sunRadius, width: 2 * sunRadius, height: 2 * sunRadius))
        canvas.fill(sun, with: Color(hue: hue + 0.12, saturation: 0.5, brightness: 1, alpha: 0.9))
        for ridge in 0..<3 {
            guard !isCancelled() else { return nil }
            canvas.fill(
                ridgePath(in: rect, horizon: horizon, depth: Double(ridge), generator: &generator),
                with: Color(hue: hue + 0.3, saturation: 0.4, brightness: 0.55 - 0.12 * Double(ridge), alpha: 0.9))
        }
        for tree in 0..<24 {
            if tree % 2 == 0, isCancelled() { return nil }
            let radius = unit * (0.03 + Double(generator.next() % 50) / 1000)
            let x = radius + Double(generator.next() % 1000) / 1000 * max(rect.width - 2 * radius, 0)
            let y = horizon + Double(generator.next() % 1000) / 1000 * max(rect.maxY - horizon - 2 * radius, 0)
            var tree = Path()
            tree.addEllipse(in: Rect(x: x - radius, y: y, width: 2 * radius, height: 2 * radius))
            canvas.fill(tree, with: Color(hue: hue + 0.35, saturation: 0.6, brightness: 0.35, alpha: 0.6))
        }
        guard !isCancelled() else { return nil }
        return canvas.makeBitmap()
    }

    /// The bands of device pixel rows a decoded photo is scaled into place in, checking
    /// `isCancelled()` before each: resampling costs as much as decoding.
    static let scalingBands = 8

    /// Draws `image` at `origin` at its own size in points, in `scalingBands` bands of whole
    /// device pixel rows of a canvas whose user space is only scaled (a layer's); false when
    /// `isCancelled()` turned true before a band.
    private static func drawScaled(
        _ image: Bitmap, at origin: Point, in canvas: inout Canvas, isCancelled: () -> Bool
    ) -> Bool {
        let scale = canvas.scale
        let top = (origin.y * scale).rounded()
        let rows = (image.size.height * scale).rounded(.up)
        for band in 0..<scalingBands {
            guard !isCancelled() else { return false }
            // Band edges on whole device rows, nudged inwards so the clip's outward snap keeps
            // them there: no row is drawn twice.
            let from = top + (rows * Double(band) / Double(scalingBands)).rounded()
            let to = top + (rows * Double(band + 1) / Double(scalingBands)).rounded()
            let clip = Rect(
                x: origin.x - 1, y: (from + 1e-6) / scale, width: image.size.width + 2,
                height: (to - from - 2e-6) / scale)
            canvas.draw(image, at: origin, clip: clip)
        }
        return true
    }

    /// Whole pixels covering `points` at `scale`; a product within rounding error of a whole
    /// number is that number.
    static func pixels(_ points: Double, _ scale: Double) -> Int {
        let exact = points * scale
        guard exact.isFinite, exact > 0 else { return 0 }
        let nearest = exact.rounded()
        return Int(min(abs(exact - nearest) < 1e-6 ? nearest : exact.rounded(.up), 1e6))
    }

    /// Draws the grey rounded tile a photo shows before it has loaded.
    static func drawPlaceholder(in rect: Rect, canvas: inout Canvas) {
        var tile = Path()
        tile.addRoundedRect(rect, radii: CornerRadii(all: cornerRadius))
        canvas.fill(tile, with: CellStyle.photoPlaceholder)
    }

    /// Fills `rect` one pixel row at a time, each a step of the gradient from `colors.0` at the
    /// top to `colors.1` at the bottom; false when `isCancelled()` turned true on the way.
    private static func fillGradient(
        _ rect: Rect, _ colors: (Color, Color), _ canvas: inout Canvas, _ isCancelled: () -> Bool
    ) -> Bool {
        let row = 1 / canvas.scale
        guard rect.height > 0, row > 0 else { return true }
        let rows = Int(min((rect.height / row).rounded(.up), 100_000))
        for index in 0..<rows {
            if index % 16 == 15 && isCancelled() { return false }
            let top = rect.minY + Double(index) * row
            canvas.fill(
                Rect(x: rect.minX, y: top, width: rect.width, height: min(row, rect.maxY - top)),
                with: colors.0.mixed(with: colors.1, by: Double(index) / Double(max(rows - 1, 1))))
        }
        return true
    }

    /// A jagged mountain ridge standing on the horizon, lower and nearer with `depth`.
    private static func ridgePath(in rect: Rect, horizon: Double, depth: Double, generator: inout SplitMix64) -> Path {
        var path = Path()
        let peaks = 9
        let height = (horizon - rect.minY) * (0.6 - 0.15 * depth)
        path.move(to: Point(x: rect.minX, y: horizon))
        for index in 0...peaks {
            let x = rect.minX + rect.width * Double(index) / Double(peaks)
            let y = horizon - height * (0.3 + Double(generator.next() % 70) / 100)
            path.addLine(to: Point(x: x, y: y))
        }
        path.addLine(to: Point(x: rect.maxX, y: horizon + rect.height * 0.04 * depth))
        path.addLine(to: Point(x: rect.minX, y: horizon + rect.height * 0.04 * depth))
        path.closeSubpath()
        return path
    }
}
