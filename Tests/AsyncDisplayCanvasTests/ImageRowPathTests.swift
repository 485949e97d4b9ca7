import Testing

@testable import AsyncDisplayCanvas

@Suite("Image row path: unrotated scaled images come out bit for bit as on the general path")
struct ImageRowPathTests {
    @Test(
        "Random draws match: scales up and down, flips, fractional offsets, clips, opacity, modes, shadows, overhangs")
    func randomDraws() {
        var random = TestRandom(seed: 0x1A6E_0001)
        for index in 0..<400 {
            let draw = ImageDraw(random: &random)
            let fast = draw.render(route: .fastest)
            let general = draw.render(route: .general)
            #expect(fast == general, "case \(index): \(draw)")
        }
    }

    @Test("Spans in any order and length, rows down, up and repeated, match the general path span by span")
    func spansInAnyOrder() {
        var random = TestRandom(seed: 0x1A6E_0002)
        let entries = UnsafeMutablePointer<ImageRowCache.Entry>.allocate(capacity: ImageRowCache.entryCapacity)
        defer { entries.deallocate() }
        for index in 0..<200 {
            let image = randomImage(width: 1 + random.int(40), height: 1 + random.int(40), random: &random)
            // Now and then skewed along x: rows stay level, but each starts at its own position.
            let transform = AffineTransform(
                a: randomScale(&random), b: 0, c: random.int(3) == 0 ? random.range(-2, 2) : 0,
                d: randomScale(&random), tx: random.range(-30, 30), ty: random.range(-30, 30))
            guard let shader = ImageShader(image, transform: transform) else {
                Issue.record("case \(index): no shader for \(transform)")
                continue
            }
            #expect(shader.hasLevelRows)
            let left = random.int(21) - 10
            let width = 1 + random.int(80)
            let filtered = UnsafeMutablePointer<UInt32>.allocate(capacity: 2 * width)
            let columns = UnsafeMutablePointer<Int32>.allocate(capacity: width)
            let weights = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
            let fast = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
            let general = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
            defer {
                for buffer in [filtered, weights, fast, general] { buffer.deallocate() }
                columns.deallocate()
            }
            var rows = ImageRowCache(
                buffer: filtered, columns: columns, weights: weights, capacity: width, left: left, entries: entries)
            var span = (x: left, count: width)
            var y = random.int(50) - 5
            for _ in 0..<80 {
                switch random.int(6) {
                case 0: span = randomSpan(left: left, width: width, random: &random)
                case 1: y = random.int(60) - 10
                case 2: y -= 1
                case 3: break
                default: y += 1
                }
                shader.shade(x: span.x, y: y, count: span.count, into: fast, rows: &rows)
                shader.shadeEachPixel(x: span.x, y: y, count: span.count, into: general)
                let differing = (0..<span.count).first { fast[$0] != general[$0] }
                #expect(differing == nil, "case \(index): span \(span) of row \(y), \(transform)")
            }
        }
    }

    @Test("Images unscaled on whole pixels copy what the general path filters, past every edge")
    func wholePixelCopies() {
        var random = TestRandom(seed: 0x1A6E_0004)
        let entries = UnsafeMutablePointer<ImageRowCache.Entry>.allocate(capacity: ImageRowCache.entryCapacity)
        let buffer = UnsafeMutablePointer<UInt32>.allocate(capacity: 2)
        let columns = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        let copied = UnsafeMutablePointer<UInt32>.allocate(capacity: 120)
        let general = UnsafeMutablePointer<UInt32>.allocate(capacity: 120)
        defer {
            entries.deallocate()
            for pointer in [buffer, copied, general] { pointer.deallocate() }
            columns.deallocate()
        }
        for index in 0..<300 {
            let image = randomImage(width: 1 + random.int(40), height: 1 + random.int(40), random: &random)
            let transform = AffineTransform(translationX: Double(random.int(61) - 30), y: Double(random.int(61) - 30))
            guard let shader = ImageShader(image, transform: transform), shader.offset != nil else {
                Issue.record("case \(index): no copying shader for \(transform)")
                continue
            }
            var rows = ImageRowCache(
                buffer: buffer, columns: columns, weights: buffer, capacity: 0, left: 0, entries: entries)
            let x = random.int(121) - 60
            let y = random.int(121) - 60
            let count = random.int(121)
            shader.shade(x: x, y: y, count: count, into: copied, rows: &rows)
            shader.shadeEachPixel(x: x, y: y, count: count, into: general)
            let differing = (0..<count).first { copied[$0] != general[$0] }
            #expect(differing == nil, "case \(index): \(count) pixels from (\(x), \(y)), \(transform)")
        }
    }

    @Test(
        "Level-row draws (scaled, flipped, skewed along x) take the row path; rotated ones and the general route do not"
    )
    func rowPathChoice() throws {
        var random = TestRandom(seed: 0x1A6E_0003)
        let image = randomImage(width: 9, height: 7, random: &random)
        let scaled = AffineTransform(translationX: 3.3, y: -1.7).scaledBy(x: 0.93, y: -2.5)
        #expect(try #require(ImageShader(image, transform: scaled)).hasLevelRows)
        #expect(try #require(ImageShader(image, transform: scaled, route: .general)).hasLevelRows == false)
        #expect(try #require(ImageShader(image, transform: scaled.rotated(by: 0.3))).hasLevelRows == false)
        // A skew along x keeps each row level: the row path applies.
        let skew = AffineTransform(a: 1.2, b: 0, c: 0.4, d: 1.1, tx: 0, ty: 0)
        #expect(try #require(ImageShader(image, transform: skew)).hasLevelRows)
    }
}

/// One random image draw on a canvas with random pixels, through random graphics state.
private struct ImageDraw: CustomStringConvertible {
    let image: Bitmap
    let canvasWidth: Int
    let canvasHeight: Int
    let scale: Double
    let background: [UInt32]
    let rect: Rect
    /// Draw with `draw(_:at:opacity:clip:)` at `rect.origin` instead of into `rect`.
    let isAtPoint: Bool
    let flipsX: Bool
    let flipsY: Bool
    /// How far x moves per y in device space (level rows, shifted ones).
    let skew: Double
    let alpha: Double
    let mode: BlendMode
    let clipRect: Rect?
    let clipEllipse: Rect?
    let shadow: Shadow?

    init(random: inout TestRandom) {
        image = randomImage(width: 1 + random.int(40), height: 1 + random.int(40), random: &random)
        canvasWidth = 1 + random.int(64)
        canvasHeight = 1 + random.int(64)
        scale = [1, 2, 3, 1.5][random.int(4)]
        background = (0..<(canvasWidth * canvasHeight)).map { _ in random.premultipliedPixel().packed }
        let size = Size(width: Double(canvasWidth) / scale, height: Double(canvasHeight) / scale)
        // Mirrored draws come from the canvas transform (`flipsX`, `flipsY`).
        var width = Double(image.width) * abs(randomScale(&random)) / scale
        var height = Double(image.height) * abs(randomScale(&random)) / scale
        var x = random.range(-0.5 * width - 2, size.width + 1)
        var y = random.range(-0.5 * height - 2, size.height + 1)
        if random.int(3) == 0 {
            // On whole device pixels, as most layouts place photos.
            (x, y) = ((x * scale).rounded() / scale, (y * scale).rounded() / scale)
            (width, height) = (max((width * scale).rounded(), 1) / scale, max((height * scale).rounded(), 1) / scale)
        }
        rect = Rect(x: x, y: y, width: width, height: height)
        isAtPoint = random.int(5) == 0
        flipsX = random.int(6) == 0
        flipsY = random.int(6) == 0
        skew = random.int(8) == 0 ? random.range(-1, 1) : 0
        alpha = random.int(2) == 0 ? 1 : random.range(0.05, 1)
        mode = [BlendMode.sourceOver, .sourceOver, .copy, .multiply][random.int(4)]
        func randomRect() -> Rect {
            Rect(
                x: random.range(-2, size.width), y: random.range(-2, size.height),
                width: random.range(0.5, size.width + 2), height: random.range(0.5, size.height + 2))
        }
        clipRect = random.int(3) == 0 ? randomRect() : nil
        clipEllipse = random.int(4) == 0 ? randomRect() : nil
        shadow =
            random.int(8) == 0
            ? Shadow(
                offset: Size(width: random.range(-3, 3), height: random.range(-3, 3)), blur: random.range(0, 3),
                color: Color(red: 0, green: 0, blue: 0, alpha: 0.5)) : nil
    }

    /// The canvas after the draw, its pixels filtered by `route`.
    func render(route: ImageShader.Route) -> Bitmap {
        var canvas = Canvas(width: canvasWidth, height: canvasHeight, scale: scale)
        canvas.makeUniqueStorage()
        for (index, pixel) in background.enumerated() { canvas.storage.pixels[index] = pixel }
        if flipsX {
            canvas.translateBy(x: canvas.size.width, y: 0)
            canvas.scaleBy(x: -1, y: 1)
        }
        if flipsY {
            canvas.translateBy(x: 0, y: canvas.size.height)
            canvas.scaleBy(x: 1, y: -1)
        }
        if skew != 0 { canvas.concatenate(AffineTransform(a: 1, b: 0, c: skew, d: 1, tx: 0, ty: 0)) }
        canvas.blendMode = mode
        canvas.shadow = shadow
        if let clipEllipse {
            var path = Path()
            path.addEllipse(in: clipEllipse)
            canvas.clip(to: path)
        }
        if isAtPoint {
            canvas.draw(image, at: rect.origin, opacity: alpha, clip: clipRect, route: route)
        } else {
            canvas.globalAlpha = alpha
            if let clipRect { canvas.clip(to: clipRect) }
            canvas.draw(image, in: rect, route: route)
        }
        return canvas.makeBitmap()
    }

    var description: String {
        "image \(image.width)×\(image.height) into \(rect) (at point: \(isAtPoint)) on \(canvasWidth)×\(canvasHeight) "
            + "at scale \(scale), flips \(flipsX)/\(flipsY), skew \(skew), alpha \(alpha), \(mode), clip \(String(describing: clipRect)), "
            + "ellipse \(String(describing: clipEllipse)), shadow \(shadow != nil)"
    }
}

/// A span of 1...`width` pixels within the area from column `left`, often long enough to keep.
private func randomSpan(left: Int, width: Int, random: inout TestRandom) -> (x: Int, count: Int) {
    let start = random.int(width)
    return (left + start, 1 + random.int(width - start))
}

/// A scale factor: down to a tenth or up to five times, now and then mirrored.
private func randomScale(_ random: inout TestRandom) -> Double {
    let magnitude = random.int(2) == 0 ? random.range(0.1, 1) : random.range(1, 5)
    return random.int(5) == 0 ? -magnitude : magnitude
}

/// An image of random premultiplied pixels; every other one opaque.
private func randomImage(width: Int, height: Int, random: inout TestRandom) -> Bitmap {
    let isOpaque = random.int(2) == 0
    return makeBitmap(width: width, height: height) { _, _ in
        var pixel = random.premultipliedPixel()
        if isOpaque { pixel = Pixel(red: pixel.red, green: pixel.green, blue: pixel.blue, alpha: 255) }
        return pixel
    }
}
