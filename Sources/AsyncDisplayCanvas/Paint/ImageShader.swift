/// A bitmap as a paint in device pixels: bilinear filtering, or an exact pixel copy when the
/// image lands on whole pixels at its own size.
///
/// Pixels outside the image repeat its edge (only edge pixels of the drawn rect ever ask).
struct ImageShader {
    /// Keeps the pixels alive while the shader reads them.
    let storage: PixelStorage
    let width: Int
    let height: Int
    /// Device pixel to image pixel coordinates.
    let inverse: AffineTransform
    /// Set when the image is drawn unscaled on whole pixels: image column = x − `offsetX`.
    let offset: (x: Int, y: Int)?

    /// The shader for `image` drawn into the device-space parallelogram that `transform` (image
    /// pixels to device pixels) maps it to; nil if that collapses to nothing.
    init?(_ image: Bitmap, transform: AffineTransform) {
        guard let inverse = transform.inverted(), image.width > 0, image.height > 0 else { return nil }
        storage = image.storage
        width = image.width
        height = image.height
        self.inverse = inverse
        let isUnitScale = transform.a == 1 && transform.b == 0 && transform.c == 0 && transform.d == 1
        if isUnitScale, transform.tx == transform.tx.rounded(), transform.ty == transform.ty.rounded(),
            abs(transform.tx) < 1e9, abs(transform.ty) < 1e9
        {
            offset = (Int(transform.tx), Int(transform.ty))
        } else {
            offset = nil
        }
    }

    func shade(x: Int, y: Int, count: Int, into row: UnsafeMutablePointer<UInt32>) {
        let pixels = storage.pixels
        if let offset {
            let sourceRow = min(max(y - offset.y, 0), height - 1)
            let line = pixels + sourceRow * width
            for index in 0..<count {
                row[index] = line[min(max(x + index - offset.x, 0), width - 1)]
            }
            return
        }
        // Image coordinates of the pixel centre, less half a pixel: the top-left of the four
        // pixels to mix. Stepped in 16.16 fixed point across the row.
        let start = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
        var u = Self.fixed16(start.x - 0.5)
        var v = Self.fixed16(start.y - 0.5)
        let du = Self.fixed16(inverse.a)
        let dv = Self.fixed16(inverse.b)
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

    /// `value` in 16.16 fixed point, clamped far outside any image so it cannot overflow.
    @inline(__always)
    private static func fixed16(_ value: Double) -> Int {
        let clamped = value > -32000 ? (value < 32000 ? value : 32000) : -32000
        return Int(CoverageRasterizer.fixed(clamped * 65536))
    }

    /// `a` and `b` mixed `(256 − f) : f` per component, for `f` in 0...255: a premultiplied
    /// pixel again, since every component gets the same weights.
    @inline(__always)
    private static func mix(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
        let g = 256 &- f
        let even = ((a & 0x00FF_00FF) &* g &+ (b & 0x00FF_00FF) &* f) >> 8 & 0x00FF_00FF
        let odd = ((a >> 8 & 0x00FF_00FF) &* g &+ (b >> 8 & 0x00FF_00FF) &* f) & 0xFF00_FF00
        return even | odd
    }
}
