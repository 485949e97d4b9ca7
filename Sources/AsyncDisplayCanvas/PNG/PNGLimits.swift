/// Bounds on the images PNG decoding accepts, so that hostile data cannot make it allocate
/// or work without limit.
///
/// Decoding holds the bitmap (4 bytes per pixel) and the decompressed rows (up to 8 bytes per
/// pixel, for 16-bit RGBA) at once; both are bounded by `maxPixelCount`, and decompression
/// stops as soon as the data exceeds what the header's size needs.
public struct PNGLimits: Sendable, Hashable {
    /// The most pixels (width × height) an image may have.
    public var maxPixelCount: Int

    /// Limits allowing `maxPixelCount` pixels (64 Mi, an 8,192 × 8,192 image, by default).
    public init(maxPixelCount: Int = 64 << 20) {
        self.maxPixelCount = maxPixelCount
    }

    /// Up to 64 Mi pixels.
    public static let `default` = PNGLimits()
}
