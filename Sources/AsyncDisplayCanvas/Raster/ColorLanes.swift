/// A premultiplied pixel in the 16-bit vector lanes the kernels blend four pixels in, worked
/// out once: red and blue in the even lanes, green and alpha in the odd ones.
struct ColorLanes {
    let pixel: UInt32
    /// The pixel four times over.
    let source: SIMD4<UInt32>
    let even: SIMD8<UInt16>
    let odd: SIMD8<UInt16>
    /// Its alpha, and `255 − alpha`, in every lane.
    let alpha: SIMD8<UInt16>
    let inverseAlpha: SIMD8<UInt16>

    @inline(__always)
    init(_ pixel: UInt32) {
        self.pixel = pixel
        source = SIMD4(repeating: pixel)
        even = source.lanes16 & 0xFF
        odd = source.lanes16 &>> 8
        alpha = SIMD8(repeating: UInt16(truncatingIfNeeded: pixel >> 24))
        inverseAlpha = 255 &- alpha
    }
}
