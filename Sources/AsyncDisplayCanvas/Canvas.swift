/// A drawing surface: a mutable premultiplied RGBA8 bitmap that shapes are drawn into, in points.
///
/// A canvas draws at its `scale` (pixels per point). When done, `makeBitmap()` freezes it into an
/// immutable `Bitmap` without copying the pixels.
///
/// A canvas is a value: a copy shares its pixels until one of them draws (copy on write).
public struct Canvas: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Pixels per point.
    public let scale: Double
    private(set) var storage: PixelStorage
    /// Whether every pixel is known to be opaque: it starts from an opaque background or an
    /// opaque fill of the whole canvas, and source-over never makes a pixel less opaque.
    public internal(set) var isKnownOpaque: Bool
    /// Buffers for path fills, kept between fills and lent by `RasterScratchPool`.
    private var rasterScratch: RasterScratchPool.Lease?
    /// The transform, clip, alpha, blend mode and shadow drawing uses now.
    var state: GraphicsState
    /// States saved by `saveState()`, the latest last.
    var savedStates: [GraphicsState] = []

    /// The most pixels a canvas or bitmap holds: 2²⁸, a gibibyte.
    public static let maximumPixelCount = 1 << 28

    /// Makes a canvas of `width × height` pixels, every pixel set to `background`.
    ///
    /// A negative dimension, or more than `maximumPixelCount` pixels, gives an empty canvas
    /// (0 × 0, on which drawing does nothing); a scale that is not finite and positive counts as 1.
    public init(width: Int, height: Int, scale: Double = 1, background: Pixel = .clear) {
        let (width, height) = Self.validDimensions(width, height)
        self.width = width
        self.height = height
        self.scale = Self.validScale(scale)
        storage = PixelStorage(count: width * height, fill: background.clampedToAlpha.packed)
        isKnownOpaque = background.alpha == 255
        state = GraphicsState(width: width, height: height)
    }

    /// `scale`, or 1 when it is not finite and positive.
    static func validScale(_ scale: Double) -> Double { scale.isFinite && scale > 0 ? scale : 1 }

    /// `width` and `height`, or 0 × 0 when either is negative or together they hold more than
    /// `maximumPixelCount` pixels.
    static func validDimensions(_ width: Int, _ height: Int) -> (width: Int, height: Int) {
        guard width >= 0, height >= 0 else { return (0, 0) }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count <= maximumPixelCount else { return (0, 0) }
        return (width, height)
    }

    /// The canvas size in points.
    public var size: Size { Size(width: Double(width) / scale, height: Double(height) / scale) }

    /// The pixel at column `x`, row `y`.
    public subscript(x x: Int, y y: Int) -> Pixel {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the canvas")
        return Pixel(packed: storage.pixels[y * width + x])
    }

    /// A bitmap of the drawing so far; the canvas keeps drawing (its next change copies the
    /// pixels, once, if the bitmap is still alive).
    public var snapshot: Bitmap {
        Bitmap(width: width, height: height, scale: scale, storage: storage, isOpaque: isKnownOpaque)
    }

    /// Freezes the drawing into a bitmap; the pixels are not copied.
    public consuming func makeBitmap() -> Bitmap {
        Bitmap(width: width, height: height, scale: scale, storage: storage, isOpaque: isKnownOpaque)
    }

    /// Sets every pixel to `color`, replacing what was there.
    public mutating func clear(to color: Color = .clear) {
        makeUniqueStorage()
        isKnownOpaque = color.premultiplied.alpha == 255
        storage.pixels.update(repeating: color.premultiplied.packed, count: storage.count)
    }

    /// The path-fill buffers, borrowed first if this canvas has none of its own (a copied canvas
    /// borrows its own, so two canvases never share them).
    mutating func takeRasterScratch() -> RasterScratch {
        if rasterScratch == nil || !isKnownUniquelyReferenced(&rasterScratch!) {
            rasterScratch = RasterScratchPool.Lease()
        }
        return rasterScratch!.scratch
    }

    /// Whether `rect` (in device pixels) covers every pixel of the canvas.
    func covers(pixels rect: Rect) -> Bool {
        rect.minX <= 0 && rect.minY <= 0 && rect.maxX >= Double(width) && rect.maxY >= Double(height)
    }

    /// Notes a change of the pixels in `rect` (device pixels) to `color`.
    mutating func noteTranslucency(_ color: Color, covering rect: Rect) {
        let opaque = color.premultiplied.alpha == 255
        if opaque && covers(pixels: rect) {
            isKnownOpaque = true
        } else if !opaque {
            isKnownOpaque = false
        }
    }

    /// Copies the pixels first if another canvas or bitmap shares them.
    mutating func makeUniqueStorage() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = PixelStorage(copying: storage)
        }
    }
}
