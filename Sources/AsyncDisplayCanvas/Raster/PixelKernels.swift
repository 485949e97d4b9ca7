/// The loops that write pixels: one fused loop per kind of span, chosen once per span.
///
/// All work on packed premultiplied pixels (see `Pixel`) with exact ÷255 rounding (to nearest,
/// but down for the destination's share of source-over; see `sourceOver`), as plain loops the
/// optimizer can unroll and vectorize; none allocates.
enum PixelKernels {
    /// Sets `count` pixels to `pixel`.
    @inline(__always)
    static func fill(_ destination: UnsafeMutablePointer<UInt32>, count: Int, with pixel: UInt32) {
        destination.update(repeating: pixel, count: count)
    }

    /// Reads a pixel from every 64-byte line of the `count` pixels from `line` and returns them
    /// combined: run ahead of a blend, it has the lines on their way into the cache.
    @inline(__always)
    static func touch(_ line: UnsafePointer<UInt32>, count: Int) -> UInt32 {
        guard count > 0 else { return 0 }
        // Safe: the caller passes `count` pixels; columns stay below `count`.
        var combined = line[count &- 1]
        var column = 0
        while column < count {
            combined ^= line[column]
            column &+= 16
        }
        return combined
    }

    /// Blends one translucent `pixel` source-over `count` pixels.
    @inline(__always)
    static func blendSourceOver(_ destination: UnsafeMutablePointer<UInt32>, count: Int, pixel: UInt32) {
        blendSourceOver(destination, count: count, color: ColorLanes(pixel))
    }

    /// Blends one translucent `color` source-over `count` pixels: `pixel + destination × (255 −
    /// alpha) ÷ 255` per component, the product rounded down (see `sourceOver`).
    ///
    /// What a large translucent fill spends its time in. Rounding down is one `pmulhuw` per
    /// eight bytes with a multiplier worked out once: four pixels split into their even and odd
    /// bytes in 16-bit lanes, are scaled, join again and take the colour, seven vector
    /// operations where rounding to nearest would take ten, more than the memory traffic hides.
    /// Then one pixel at a time by the same formula. Written out rather than left to the
    /// auto-vectorizer, whose unrolled loops only start after 64 bytes — longer than most spans
    /// of a shape. A transparent colour leaves the pixels as they are.
    ///
    /// Never inlined: LLVM makes `multiplyHigh` one `pmulhuw` only where it sees that the
    /// multiplier's lanes hold 16 bits, which it no longer sees once this loop sits inside one
    /// that works out the colour (it then multiplies in 32-bit lanes, several times slower).
    @inline(never)
    static func blendSourceOver(_ destination: UnsafeMutablePointer<UInt32>, count: Int, color: ColorLanes) {
        let inverse = 255 &- (color.pixel >> 24)
        guard inverse < 255 else { return }
        // Safe: every load and store covers pixels index..<index + 4 with index + 4 <= count.
        let raw = UnsafeMutableRawPointer(destination)
        var index = 0
        while index &+ 4 <= count {
            let old = raw.loadUnaligned(fromByteOffset: index &* 4, as: SIMD4<UInt32>.self).lanes16
            let even = multiplyHigh(old & 0xFF, color.inverseScale)
            let odd = multiplyHigh(old &>> 8, color.inverseScale)
            // Safe: both are 16 bytes of plain integers, so every bit pattern is a valid value.
            let blended = unsafeBitCast(even | odd &<< 8, to: SIMD4<UInt32>.self) &+ color.source
            raw.storeBytes(of: blended, toByteOffset: index &* 4, as: SIMD4<UInt32>.self)
            index &+= 4
        }
        while index < count {
            destination[index] = color.pixel &+ scalePixelRoundingDown(destination[index], by: inverse)
            index &+= 1
        }
    }

    /// Blends `count` source pixels source-over as many pixels at full coverage: `sourceOver` of
    /// each pair, four at a time.
    ///
    /// Four opaque sources are copied; otherwise the destinations, split into even and odd
    /// bytes in 16-bit lanes, are scaled by each source's `255 − alpha` rounded down (one high
    /// multiply, as in the constant-colour kernel) and take the sources. A source alpha of 255
    /// scales to zero, so the same steps serve a group of mixed alphas.
    @inline(__always)
    static func blendSourceOver(
        _ destination: UnsafeMutablePointer<UInt32>, count: Int, sources: UnsafePointer<UInt32>
    ) {
        let target = UnsafeMutableRawPointer(destination)
        let source = UnsafeRawPointer(sources)
        // Safe: every load and store covers pixels index..<index + 4 with index + 4 <= count.
        var index = 0
        while index &+ 4 <= count {
            let pixels = source.loadUnaligned(fromByteOffset: index &* 4, as: SIMD4<UInt32>.self)
            if pixels[0] & pixels[1] & pixels[2] & pixels[3] >= 0xFF00_0000 {
                target.storeBytes(of: pixels, toByteOffset: index &* 4, as: SIMD4<UInt32>.self)
            } else {
                let inverse = 255 &- pixels &>> 24
                let scale = (inverse | inverse &<< 16).lanes16
                let old = target.loadUnaligned(fromByteOffset: index &* 4, as: SIMD4<UInt32>.self).lanes16
                let even = multiplyDivide255RoundingDown(old & 0xFF, scale)
                let odd = multiplyDivide255RoundingDown(old &>> 8, scale)
                // Safe: both are 16 bytes of plain integers, so every bit pattern is a valid value.
                let blended = unsafeBitCast(even | odd &<< 8, to: SIMD4<UInt32>.self) &+ pixels
                target.storeBytes(of: blended, toByteOffset: index &* 4, as: SIMD4<UInt32>.self)
            }
            index &+= 4
        }
        while index < count {
            destination[index] = sourceOver(sources[index], destination[index])
            index &+= 1
        }
    }

    /// Blends `color`, scaled by each pixel's coverage level, source-over `count` pixels: four at a time in
    /// 16-bit vector lanes, then one at a time.
    ///
    /// The vector path is `scalePixel`'s split into even bytes (red, blue) and odd bytes (green,
    /// alpha), eight lanes wide: each lane computes what `sourceOver(scalePixel(color, by:
    /// level), pixel)` does, with the same rounding, so both paths give identical pixels.
    @inline(__always)
    static func blendSourceOver(
        _ pixels: UnsafeMutablePointer<UInt32>, count: Int, color lanes: ColorLanes, levels: UnsafePointer<UInt8>
    ) {
        // Safe: the caller passes `count` levels and `count` pixels; every load and store below
        // touches columns column..<column + 4 with column + 4 <= count, or the one column < count.
        let color = lanes.pixel
        let isOpaque = color >> 24 == 255
        var column = 0
        while column &+ 4 <= count {
            let quad = UnsafeRawPointer(levels + column).loadUnaligned(as: UInt32.self)
            blendSourceOver(pixels + column, color: lanes, quad: quad)
            column &+= 4
        }
        while column < count {
            let level = UInt32(levels[column])
            if level == 255 && isOpaque {
                pixels[column] = color
            } else if level != 0 {
                pixels[column] = sourceOver(level == 255 ? color : scalePixel(color, by: level), pixels[column])
            }
            column &+= 1
        }
    }

    /// Blends `color` source-over the four pixels at `pixels`, scaled by the four coverage
    /// levels that are the bytes of `quad` in memory order.
    @inline(__always)
    static func blendSourceOver(_ pixels: UnsafeMutablePointer<UInt32>, color lanes: ColorLanes, quad: UInt32) {
        // Safe: the caller passes four pixels.
        let target = UnsafeMutableRawPointer(pixels)
        if quad == 0 { return }
        // Each pixel's level in both of its 16-bit lanes. Safe: four bytes either way, and
        // every bit pattern is a valid value of both.
        let levels = SIMD4<UInt32>(truncatingIfNeeded: unsafeBitCast(quad, to: SIMD4<UInt8>.self))
        let coverage = (levels | levels &<< 16).lanes16
        // No case for an opaque colour: its alpha of 255 leaves the coverage as it is, and at
        // full coverage the destination's share comes out as zero, so the same steps give the
        // same pixels without a test per four.
        let inverse = 255 &- multiplyDivide255(lanes.alpha, coverage)
        let destination = target.loadUnaligned(as: SIMD4<UInt32>.self).lanes16
        let even = multiplyDivide255(lanes.even, coverage) &+ multiplyDivide255RoundingDown(destination & 0xFF, inverse)
        let odd = multiplyDivide255(lanes.odd, coverage) &+ multiplyDivide255RoundingDown(destination &>> 8, inverse)
        target.storeBytes(of: even | odd &<< 8, as: SIMD8<UInt16>.self)
    }
}

/// `⌊a × b ÷ 255⌋` per lane, exactly, for lanes in 0...255: `multiplyDivide255` with a bias
/// of 1 in place of 128.
@inline(__always)
private func multiplyDivide255RoundingDown(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD8<UInt16> {
    highHalfTimes257(a &* b &+ 1)
}

/// `a × b ÷ 255` per lane, rounded to nearest, exactly, for lanes in 0...255.
@inline(__always)
func multiplyDivide255(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD8<UInt16> {
    highHalfTimes257(a &* b &+ 128)
}

/// The high half of `p × 257` per lane: for `p = a × b + bias` (a, b in 0...255), the scalar
/// ÷255's `(p + p ÷ 256) ÷ 256`.
///
/// The inner floor drops less than 1/256, which can't carry past a whole number of 256ths, so
/// each lane takes one high multiply (SSE2's `pmulhuw`) instead of two shifts and an add. The
/// constant multiplier keeps it so in every caller; `multiplyHigh`'s two-vector form cost the
/// text blends a third more instructions.
@inline(__always)
private func highHalfTimes257(_ p: SIMD8<UInt16>) -> SIMD8<UInt16> {
    let wide =
        (SIMD8<UInt32>(
            UInt32(p[0]), UInt32(p[1]), UInt32(p[2]), UInt32(p[3]), UInt32(p[4]), UInt32(p[5]), UInt32(p[6]),
            UInt32(p[7])) &* 257) &>> 16
    return SIMD8(
        UInt16(truncatingIfNeeded: wide[0]), UInt16(truncatingIfNeeded: wide[1]), UInt16(truncatingIfNeeded: wide[2]),
        UInt16(truncatingIfNeeded: wide[3]), UInt16(truncatingIfNeeded: wide[4]), UInt16(truncatingIfNeeded: wide[5]),
        UInt16(truncatingIfNeeded: wide[6]), UInt16(truncatingIfNeeded: wide[7]))
}

/// The high half of each lane's full 32-bit product `a × b`: one `pmulhuw` on x86.
///
/// Widened and narrowed lane by lane, a pattern the optimizer folds into the one instruction
/// wherever it is inlined. The vector conversions between lane widths
/// (`SIMD8<UInt32>(truncatingIfNeeded:)`) are generic calls it may leave out of line, which
/// made whole kernels several times slower in some builds.
@inline(__always)
private func multiplyHigh(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD8<UInt16> {
    let wide =
        (SIMD8<UInt32>(
            UInt32(a[0]), UInt32(a[1]), UInt32(a[2]), UInt32(a[3]), UInt32(a[4]), UInt32(a[5]), UInt32(a[6]),
            UInt32(a[7]))
            &* SIMD8<UInt32>(
                UInt32(b[0]), UInt32(b[1]), UInt32(b[2]), UInt32(b[3]), UInt32(b[4]), UInt32(b[5]), UInt32(b[6]),
                UInt32(b[7]))) &>> 16
    return SIMD8(
        UInt16(truncatingIfNeeded: wide[0]), UInt16(truncatingIfNeeded: wide[1]), UInt16(truncatingIfNeeded: wide[2]),
        UInt16(truncatingIfNeeded: wide[3]), UInt16(truncatingIfNeeded: wide[4]), UInt16(truncatingIfNeeded: wide[5]),
        UInt16(truncatingIfNeeded: wide[6]), UInt16(truncatingIfNeeded: wide[7]))
}

extension SIMD4 where Scalar == UInt32 {
    /// The same sixteen bytes as eight 16-bit lanes (little-endian: a word's low half first).
    @inline(__always)
    var lanes16: SIMD8<UInt16> {
        // Safe: both are 16 bytes of plain integers, so every bit pattern is a valid value.
        unsafeBitCast(self, to: SIMD8<UInt16>.self)
    }
}
