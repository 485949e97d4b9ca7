/// A paint made ready for one draw, in device pixels: what colour each pixel's source is.
///
/// Made once per draw (a gradient's 256-entry colour table, the inverse of the transform), then
/// asked for one row of source pixels at a time.
enum Shader {
    case solid(UInt32)
    case linear(LinearShader)
    case radial(RadialShader)
    case image(ImageShader)

    /// The shader for `paint` drawn with `transform` (user space to device pixels); nil when
    /// the transform cannot be inverted (nothing would be painted).
    init?(_ paint: Paint, transform: AffineTransform) {
        switch paint {
        case .color(let color):
            self = .solid(color.premultiplied.packed)
        case .linearGradient(let gradient):
            guard let inverse = transform.inverted() else { return nil }
            self = .linear(LinearShader(gradient, inverse: inverse))
        case .radialGradient(let gradient):
            guard let inverse = transform.inverted() else { return nil }
            self = .radial(RadialShader(gradient, inverse: inverse))
        }
    }

    /// The colour every pixel gets, when it is the same for all.
    var solidPixel: UInt32? {
        if case .solid(let pixel) = self { return pixel }
        return nil
    }

    /// Writes the source pixels of `count` pixels of device row `y` from column `x`; an image
    /// keeps the rows it filters in `rows` for the next row of the same draw.
    func shade(x: Int, y: Int, count: Int, into row: UnsafeMutablePointer<UInt32>, rows: inout ImageRowCache) {
        switch self {
        case .solid(let pixel): row.update(repeating: pixel, count: count)
        case .linear(let shader): shader.shade(x: x, y: y, count: count, into: row)
        case .radial(let shader): shader.shade(x: x, y: y, count: count, into: row)
        case .image(let shader): shader.shade(x: x, y: y, count: count, into: row, rows: &rows)
        }
    }
}

/// A linear gradient in device pixels: the table position is linear in x and y.
struct LinearShader {
    let table: [UInt32]
    /// Table position (0...255 inside the gradient) at a pixel centre: `dx·x + dy·y + offset`.
    let dx: Double
    let dy: Double
    let offset: Double

    init(_ gradient: LinearGradient, inverse: AffineTransform) {
        table = gradient.gradient.lookupTable()
        let vx = gradient.end.x - gradient.start.x
        let vy = gradient.end.y - gradient.start.y
        let lengthSquared = vx * vx + vy * vy
        guard lengthSquared > 0, lengthSquared.isFinite else {
            // A gradient with no length paints its end colour.
            (dx, dy, offset) = (0, 0, 255)
            return
        }
        let k = 255 / lengthSquared
        dx = (vx * inverse.a + vy * inverse.b) * k
        dy = (vx * inverse.c + vy * inverse.d) * k
        offset = (vx * (inverse.tx - gradient.start.x) + vy * (inverse.ty - gradient.start.y)) * k
    }

    func shade(x: Int, y: Int, count: Int, into row: UnsafeMutablePointer<UInt32>) {
        var position = dx * (Double(x) + 0.5) + dy * (Double(y) + 0.5) + offset
        let step = dx
        table.withUnsafeBufferPointer { table in
            for index in 0..<count {
                row[index] = table[tableIndex(position)]
                position += step
            }
        }
    }
}

/// A radial gradient in device pixels: each pixel centre mapped back to user space and
/// measured from the centre.
struct RadialShader {
    let table: [UInt32]
    let inverse: AffineTransform
    let center: Point
    let startRadius: Double
    /// 255 ÷ (end radius − start radius); 0 when they are equal.
    let scale: Double

    init(_ gradient: RadialGradient, inverse: AffineTransform) {
        table = gradient.gradient.lookupTable()
        self.inverse = inverse
        center = gradient.center
        startRadius = gradient.startRadius
        let span = gradient.endRadius - gradient.startRadius
        scale = span != 0 && span.isFinite ? 255 / span : 0
    }

    func shade(x: Int, y: Int, count: Int, into row: UnsafeMutablePointer<UInt32>) {
        let start = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
        var px = start.x - center.x
        var py = start.y - center.y
        table.withUnsafeBufferPointer { table in
            for index in 0..<count {
                let distance = (px * px + py * py).squareRoot()
                // Equal radii: a hard edge at the radius.
                let position = scale != 0 ? (distance - startRadius) * scale : (distance < startRadius ? 0 : 255)
                row[index] = table[tableIndex(position)]
                px += inverse.a
                py += inverse.b
            }
        }
    }
}

/// The table entry for a position: clamped to 0...255 (NaN to 0) and rounded, without a
/// checked conversion.
@inline(__always)
private func tableIndex(_ position: Double) -> Int {
    let clamped = position > 0 ? (position < 255 ? position : 255) : 0
    return Int(CoverageRasterizer.fixed(clamped))
}
