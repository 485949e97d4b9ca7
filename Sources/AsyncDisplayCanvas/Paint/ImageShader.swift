/// A bitmap as a paint in device pixels: bilinear filtering, or an exact pixel copy when the
/// image lands on whole pixels at its own size.
///
/// Pixels outside the image repeat its edge (only edge pixels of the drawn rect ever ask).
/// Where the image is not rotated, a row of device pixels reads the same two image rows
/// throughout, and `shade(x:y:count:into:rows:)` filters those rows once for all the device
/// rows that share them (see ImageShader+Rows.swift); it gives exactly the pixels the general
/// per-pixel path gives.
struct ImageShader {
    /// Which path a shader takes where more than one gives the same pixels.
    enum Route {
        /// The quickest path that applies.
        case fastest
        /// Every filtered pixel mixed on its own, as for a rotated image: what the other paths
        /// are tested against.
        case general
    }

    /// Keeps the pixels alive while the shader reads them.
    let storage: PixelStorage
    let width: Int
    let height: Int
    /// Device pixel to image pixel coordinates.
    let inverse: AffineTransform
    /// Set when the image is drawn unscaled on whole pixels: image column = x − `offsetX`.
    let offset: (x: Int, y: Int)?
    /// How far one device pixel to the right moves in the image, in 16.16 fixed point.
    let step: (u: Int, v: Int)
    /// Whether a device row reads one pair of image rows throughout (`step.v` is 0) and the
    /// route allows the row path.
    let hasLevelRows: Bool

    /// The shader for `image` drawn into the device-space parallelogram that `transform` (image
    /// pixels to device pixels) maps it to; nil if that collapses to nothing.
    init?(_ image: Bitmap, transform: AffineTransform, route: Route = .fastest) {
        guard let inverse = transform.inverted(), image.width > 0, image.height > 0 else { return nil }
        storage = image.storage
        width = image.width
        height = image.height
        self.inverse = inverse
        step = (Self.fixed16(inverse.a), Self.fixed16(inverse.b))
        hasLevelRows = route == .fastest && step.v == 0
        let isUnitScale = transform.a == 1 && transform.b == 0 && transform.c == 0 && transform.d == 1
        if isUnitScale, transform.tx == transform.tx.rounded(), transform.ty == transform.ty.rounded(),
            abs(transform.tx) < 1e9, abs(transform.ty) < 1e9
        {
            offset = (Int(transform.tx), Int(transform.ty))
        } else {
            offset = nil
        }
    }

    /// Writes the source pixels of `count` pixels of device row `y` from column `x`, reusing
    /// the image rows that `rows` kept from earlier spans of the same draw where it can.
    func shade(x: Int, y: Int, count: Int, into row: UnsafeMutablePointer<UInt32>, rows: inout ImageRowCache) {
        if let offset {
            copy(x: x, y: y, count: count, offset: offset, into: row)
        } else if hasLevelRows, rows.accepts(x: x, count: count) {
            shadeLevelRow(x: x, y: y, count: count, into: row, rows: &rows)
        } else {
            shadeEachPixel(x: x, y: y, count: count, into: row)
        }
    }

    /// The pixels of an image drawn unscaled on whole pixels, edges repeated: the image row's
    /// pixels copied, its first or last pixel repeated where the span passes its ends.
    private func copy(x: Int, y: Int, count: Int, offset: (x: Int, y: Int), into row: UnsafeMutablePointer<UInt32>) {
        let sourceRow = min(max(y - offset.y, 0), height - 1)
        let line = storage.pixels + sourceRow * width
        // Span pixels `first..<end` read image columns 0..<width, those before column 0 and
        // those after the last.
        let start = offset.x - x
        let first = min(max(start, 0), count)
        let end = min(max(start + width, first), count)
        // Safe: `first..<end` read columns x + index − offset.x within 0..<width; stores go to
        // pixels below `count`.
        row.update(repeating: line[0], count: first)
        (row + first).update(from: line + (first - start), count: end - first)
        (row + end).update(repeating: line[width - 1], count: count - end)
    }

    /// The general path: each pixel mixes its own four image pixels, for any transform.
    func shadeEachPixel(x: Int, y: Int, count: Int, into row: UnsafeMutablePointer<UInt32>) {
        let pixels = storage.pixels
        let start = startPosition(x: x, y: y)
        var u = start.u
        var v = start.v
        let du = step.u
        let dv = step.v
        let lastColumn = width - 1
        let lastRow = height - 1
        for index in 0..<count {
            let column = u >> 16
            let line = v >> 16
            let fx = UInt32(truncatingIfNeeded: (u >> 8) & 0xFF)
            let fy = UInt32(truncatingIfNeeded: (v >> 8) & 0xFF)
            let x0 = min(max(column, 0), lastColumn)
            let x1 = min(max(column + 1, 0), lastColumn)
            let y0 = min(max(line, 0), lastRow)
            let y1 = min(max(line + 1, 0), lastRow)
            let top = Self.mix(pixels[y0 * width + x0], pixels[y0 * width + x1], fx)
            let bottom = Self.mix(pixels[y1 * width + x0], pixels[y1 * width + x1], fx)
            row[index] = Self.mix(top, bottom, fy)
            u &+= du
            v &+= dv
        }
    }

    /// Image coordinates of the centre of device pixel (`x`, `y`), less half a pixel — the
    /// top-left of the four pixels to mix — in 16.16 fixed point.
    @inline(__always)
    func startPosition(x: Int, y: Int) -> (u: Int, v: Int) {
        let start = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
        return (Self.fixed16(start.x - 0.5), Self.fixed16(start.y - 0.5))
    }

    /// `value` in 16.16 fixed point, clamped far outside any image so it cannot overflow.
    @inline(__always)
    private static func fixed16(_ value: Double) -> Int {
        let clamped = value > -32000 ? (value < 32000 ? value : 32000) : -32000
        return Int(CoverageRasterizer.fixed(clamped * 65536))
    }

    /// `a` and `b` mixed `(256 − f) : f` per component, for `f` in 0...255: a premultiplied
    /// pixel again, since every component gets the same weights.
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
        let g = 256 &- f
        let even = ((a & 0x00FF_00FF) &* g &+ (b & 0x00FF_00FF) &* f) >> 8 & 0x00FF_00FF
        let odd = ((a >> 8 & 0x00FF_00FF) &* g &+ (b >> 8 & 0x00FF_00FF) &* f) & 0xFF00_FF00
        return even | odd
    }
}
