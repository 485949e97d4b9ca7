/// One premultiplied RGBA8 pixel: each colour component is already multiplied by alpha, so
/// none exceeds `alpha`.
public struct Pixel: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    /// A premultiplied pixel; a component above `alpha` is clamped to it.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        self.red = min(red, alpha)
        self.green = min(green, alpha)
        self.blue = min(blue, alpha)
        self.alpha = alpha
    }

    /// This pixel with every colour component clamped to alpha, so that blending it cannot carry
    /// one channel into the next.
    var clampedToAlpha: Pixel { Pixel(red: red, green: green, blue: blue, alpha: alpha) }

    public static let clear = Pixel(red: 0, green: 0, blue: 0, alpha: 0)
    public static let white = Pixel(red: 255, green: 255, blue: 255, alpha: 255)

    /// The pixel as stored in memory: bytes R, G, B, A, read as a little-endian 32-bit word.
    /// The word is taken as it is: premultiplied, with no component above alpha.
    @inline(__always)
    public init(packed: UInt32) {
        red = UInt8(truncatingIfNeeded: packed)
        green = UInt8(truncatingIfNeeded: packed >> 8)
        blue = UInt8(truncatingIfNeeded: packed >> 16)
        alpha = UInt8(truncatingIfNeeded: packed >> 24)
    }

    /// The stored form (see `init(packed:)`).
    @inline(__always)
    public var packed: UInt32 {
        UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
    }

    public var description: String { "Pixel(\(red), \(green), \(blue), \(alpha))" }
}

/// `a × b ÷ 255`, rounded to nearest, exactly, for `a` and `b` in 0...255.
@inline(__always)
func multiplyDivide255(_ a: UInt32, _ b: UInt32) -> UInt32 {
    let product = a &* b &+ 128
    return (product &+ (product >> 8)) >> 8
}

/// Source-over: `source + destination × (255 − source alpha) ÷ 255` per component, on packed
/// premultiplied pixels, the destination's share rounded down (see `scalePixelRoundingDown`).
///
/// Every source-over blend rounds this way, so that a shape's pixels come out the same whichever
/// kernel blends them (spans, groups of four, one at a time).
@inline(__always)
func sourceOver(_ source: UInt32, _ destination: UInt32) -> UInt32 {
    let inverse = 255 &- (source >> 24)
    if inverse == 0 { return source }
    return source &+ scalePixelRoundingDown(destination, by: inverse)
}

/// A packed premultiplied pixel scaled by `coverage` (0...255), each component rounded exactly:
/// two components at a time in 16-bit lanes (red and blue, then green and alpha).
@inline(__always)
func scalePixel(_ pixel: UInt32, by coverage: UInt32) -> UInt32 {
    scaleComponents(pixel, by: coverage, bias: 0x0080_0080)
}

/// A packed premultiplied pixel scaled by `inverse` (0...255) ÷ 255, each component rounded
/// down: within one level of `scalePixel`, and no component passes alpha.
///
/// `scalePixel` with a bias of 1 in place of 128: `(p + 1 + (p + 1) >> 8) >> 8` is `⌊p ÷ 255⌋`
/// for every product `p` of two bytes (the exhaustive tests check each one). The vector
/// kernels get the same from one high-half multiply, `x × (257 × inverse + 1) >> 16`, which
/// needs no bias at all.
@inline(__always)
func scalePixelRoundingDown(_ pixel: UInt32, by inverse: UInt32) -> UInt32 {
    scaleComponents(pixel, by: inverse, bias: 0x0001_0001)
}

/// `(p + bias + (p + bias) >> 8) >> 8` for each component's product `p` with `factor` (0...255),
/// two components at a time in 16-bit lanes; `bias` is repeated in both lanes.
@inline(__always)
private func scaleComponents(_ pixel: UInt32, by factor: UInt32, bias: UInt32) -> UInt32 {
    let evenLanes = (pixel & 0x00FF_00FF) &* factor &+ bias
    let even = ((evenLanes &+ ((evenLanes >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    let oddLanes = ((pixel >> 8) & 0x00FF_00FF) &* factor &+ bias
    let odd = (oddLanes &+ ((oddLanes >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return even | odd
}
