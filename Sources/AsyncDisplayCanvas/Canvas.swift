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
    /// Buffers for path fills, kept between fills.
    private var rasterScratch: RasterScratch?
    /// The transform, clip, alpha, blend mode and shadow drawing uses now.
    var state: GraphicsState
    /// States saved by `saveState()`, the latest last.
    var savedStates: [GraphicsState] = []

    /// Makes a canvas of `width × height` pixels, every pixel set to `background`.
    ///
    /// - Precondition: both dimensions are zero or more.
    public init(width: Int, height: Int, scale: Double = 1, background: Pixel = .clear) {
        precondition(width >= 0 && height >= 0, "a canvas needs non-negative dimensions")
        self.width = width
        self.height = height
        self.scale = scale
        storage = PixelStorage(count: width * height, fill: background.packed)
        isKnownOpaque = background.alpha == 255
        state = GraphicsState(width: width, height: height)
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

    /// The path-fill buffers, made first if this canvas has none of its own (a copied canvas
    /// makes its own, so two canvases never share them).
    mutating func takeRasterScratch() -> RasterScratch {
        if rasterScratch == nil || !isKnownUniquelyReferenced(&rasterScratch!) {
            rasterScratch = RasterScratch()
        }
        return rasterScratch!
    }

    /// Whether `rect` (in points) covers every pixel of the canvas.
    func covers(_ rect: Rect) -> Bool {
        rect.minX <= 0 && rect.minY <= 0 && rect.maxX * scale >= Double(width) && rect.maxY * scale >= Double(height)
    }

    /// Notes a change that may have left pixels translucent.
    mutating func noteTranslucency(_ color: Color, covering rect: Rect) {
        let opaque = color.premultiplied.alpha == 255
        if opaque && covers(rect) {
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
