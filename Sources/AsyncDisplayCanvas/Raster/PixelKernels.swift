/// The loops that write pixels: one fused loop per kind of span, chosen once per span.
///
/// All work on packed premultiplied pixels (see `Pixel`) with exact ÷255 rounding, as plain
/// loops the optimizer can unroll and vectorize; none allocates.
enum PixelKernels {
    /// Sets `count` pixels to `pixel`.
    @inline(__always)
    static func fill(_ destination: UnsafeMutablePointer<UInt32>, count: Int, with pixel: UInt32) {
        destination.update(repeating: pixel, count: count)
    }

    /// Blends one translucent `pixel` source-over `count` pixels.
    ///
    /// The source is the same for every pixel, so only the destination is scaled:
    /// `pixel + destination × (255 − alpha) ÷ 255`. Done as two passes the optimizer
    /// vectorizes into 16-bit lanes: every byte scaled, then the source added (no carry crosses
    /// a byte, since a premultiplied result never exceeds 255).
    @inline(__always)
    static func blendSourceOver(_ destination: UnsafeMutablePointer<UInt32>, count: Int, pixel: UInt32) {
        let inverse = UInt16(truncatingIfNeeded: 255 &- (pixel >> 24))
        // Safe: the same memory viewed as the bytes of its pixels, no wider than `count` pixels.
        let bytes = UnsafeMutableRawPointer(destination).assumingMemoryBound(to: UInt8.self)
        for index in 0..<(count &* 4) {
            let scaled = UInt16(bytes[index]) &* inverse &+ 128
            bytes[index] = UInt8(truncatingIfNeeded: (scaled &+ (scaled >> 8)) >> 8)
        }
        for index in 0..<count {
            destination[index] &+= pixel
        }
    }

    /// Blends `pixel`, scaled by each pixel's coverage level, source-over `count` pixels.
    @inline(__always)
    static func blendSourceOver(
        _ destination: UnsafeMutablePointer<UInt32>, count: Int, pixel: UInt32, levels: UnsafePointer<UInt8>
    ) {
        let isOpaque = pixel >> 24 == 255
        for index in 0..<count {
            let level = UInt32(levels[index])
            if level == 0 { continue }
            if level == 255 && isOpaque {
                destination[index] = pixel
            } else {
                destination[index] = sourceOver(level == 255 ? pixel : scalePixel(pixel, by: level), destination[index])
            }
        }
    }
}

/// Fills coverage spans with one colour, source-over, into a canvas's pixels.
struct SolidSourceOverSink: CoverageSink {
    /// The pixel at the rasterized area's origin.
    let origin: UnsafeMutablePointer<UInt32>
    /// Pixels per canvas row.
    let rowLength: Int
    let pixel: UInt32

    @inline(__always)
    mutating func blend(row: Int, from start: Int, to end: Int, levels: UnsafePointer<UInt8>) {
        PixelKernels.blendSourceOver(origin + row * rowLength + start, count: end - start, pixel: pixel, levels: levels)
    }

    @inline(__always)
    mutating func blend(row: Int, from start: Int, to end: Int, level: UInt8) {
        let destination = origin + row * rowLength + start
        let painted = level == 255 ? pixel : scalePixel(pixel, by: UInt32(level))
        if painted >> 24 == 255 {
            PixelKernels.fill(destination, count: end - start, with: painted)
        } else {
            PixelKernels.blendSourceOver(destination, count: end - start, pixel: painted)
        }
    }
}
