import Synchronization

/// An immutable image: premultiplied RGBA8 pixels, with the scale they were drawn at.
///
/// Bitmaps are values that share their pixels: copying one is O(1), and they can cross any
/// isolation. Make one by drawing into a `Canvas` and calling `makeBitmap()`.
public struct Bitmap: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Pixels per point.
    public let scale: Double
    /// Whether every pixel is known to be opaque (drawn from an opaque start); false means
    /// "not known", not "translucent".
    public let isOpaque: Bool
    let storage: PixelStorage

    init(width: Int, height: Int, scale: Double, storage: PixelStorage, isOpaque: Bool) {
        precondition(storage.count == width * height, "bitmap storage does not match its size")
        self.width = width
        self.height = height
        self.scale = scale
        self.storage = storage
        self.isOpaque = isOpaque
    }

    /// Makes a bitmap of `width × height` pixels all set to `pixel`.
    ///
    /// A negative dimension, or more than `Canvas.maximumPixelCount` pixels, gives an empty
    /// bitmap (0 × 0); a scale that is not finite and positive counts as 1.
    public init(width: Int, height: Int, scale: Double = 1, filledWith pixel: Pixel = .clear) {
        let (width, height) = Canvas.validDimensions(width, height)
        self.init(
            width: width, height: height, scale: Canvas.validScale(scale),
            storage: PixelStorage(count: width * height, fill: pixel.clampedToAlpha.packed),
            isOpaque: pixel.alpha == 255)
    }

    /// The size in points (pixels divided by scale).
    public var size: Size {
        Size(width: Double(width) / scale, height: Double(height) / scale)
    }

    /// Bytes of pixel memory this bitmap holds (shared with its copies).
    public var byteCount: Int { storage.count * 4 }

    /// The pixel at column `x`, row `y` (row 0 is the top).
    ///
    /// - Precondition: `x` and `y` are inside the bitmap.
    public subscript(x x: Int, y y: Int) -> Pixel {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the bitmap")
        return Pixel(packed: storage.pixels[y * width + x])
    }

    /// Calls `body` with the pixels, row by row from the top, as packed words (see `Pixel.packed`).
    public func withPackedPixels<Result>(_ body: (UnsafeBufferPointer<UInt32>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: storage.pixels, count: storage.count))
    }

    /// Identifies the pixel memory: equal for bitmaps that share it.
    public var pixelIdentity: ObjectIdentifier { ObjectIdentifier(storage) }

    /// Whether two bitmaps share the same pixel memory.
    public func sharesPixels(with other: Bitmap) -> Bool { storage === other.storage }

    /// Bytes of pixel memory held by all live bitmaps and canvases in the process.
    public static var liveByteCount: Int { PixelStorage.live.load(ordering: .relaxed) }
}

extension Bitmap: Equatable {
    /// Same dimensions, scale and pixels.
    ///
    /// Complexity: O(pixels), unless both share storage.
    public static func == (lhs: Bitmap, rhs: Bitmap) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height, lhs.scale == rhs.scale else { return false }
        if lhs.storage === rhs.storage { return true }
        for index in 0..<lhs.storage.count where lhs.storage.pixels[index] != rhs.storage.pixels[index] {
            return false
        }
        return true
    }
}
