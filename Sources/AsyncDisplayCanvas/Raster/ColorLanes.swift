/// A premultiplied pixel in the 16-bit vector lanes the kernels blend four pixels in, worked
/// out once: red and blue in the even lanes, green and alpha in the odd ones.
struct ColorLanes {
    let pixel: UInt32
    /// The pixel four times over.
    let source: SIMD4<UInt32>
    let even: SIMD8<UInt16>
    let odd: SIMD8<UInt16>
    /// Its alpha in every lane.
    let alpha: SIMD8<UInt16>
    /// `257 × (255 − alpha) + 1` in every lane: the high half of a byte times it is the byte
    /// scaled by `255 − alpha` rounded down, as `scalePixelRoundingDown` scales it.
    let inverseScale: SIMD8<UInt16>

    @inline(__always)
    init(_ pixel: UInt32) {
        self.pixel = pixel
        source = SIMD4(repeating: pixel)
        even = source.lanes16 & 0xFF
        odd = source.lanes16 &>> 8
        alpha = SIMD8(repeating: UInt16(truncatingIfNeeded: pixel >> 24))
        // Wraps for a transparent colour (inverse 255), which the kernel leaves alone.
        inverseScale = SIMD8(repeating: UInt16(truncatingIfNeeded: 257 &* (255 &- pixel >> 24) &+ 1))
    }
}
