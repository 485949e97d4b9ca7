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
    public private(set) var isKnownOpaque: Bool
    /// Buffers for path fills, kept between fills.
    private var rasterScratch: RasterScratch?

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

    /// Fills `rect` (in points) with `color`, blending source-over. Edges that cut through a
    /// pixel cover it by the exact overlapping area.
    ///
    /// Complexity: O(pixels covered).
    public mutating func fill(_ rect: Rect, with color: Color) {
        let pixelRect = rect.scaled(by: scale)
            .intersection(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        guard !pixelRect.isEmpty else { return }
        let source = color.premultiplied.packed
        guard source != 0 else { return }
        makeUniqueStorage()
        if color.isOpaque && covers(rect) { isKnownOpaque = true }
        let pixels = storage.pixels
        let firstRow = Int(pixelRect.minY.rounded(.down))
        let endRow = Int(pixelRect.maxY.rounded(.up))
        let firstColumn = Int(pixelRect.minX.rounded(.down))
        let endColumn = Int(pixelRect.maxX.rounded(.up))
        // Columns wholly inside the rect; the one or two edge columns around them are partial.
        let innerStart = min(Int(pixelRect.minX.rounded(.up)), endColumn)
        let innerEnd = max(Int(pixelRect.maxX.rounded(.down)), innerStart)
        for row in firstRow..<endRow {
            let rowCoverage = min(Double(row + 1), pixelRect.maxY) - max(Double(row), pixelRect.minY)
            let line = pixels + row * width
            for column in firstColumn..<innerStart {
                blend(source, coverage: rowCoverage * columnCoverage(column, pixelRect), into: line + column)
            }
            Self.blendSpan(source, coverage: rowCoverage, into: line + innerStart, count: innerEnd - innerStart)
            for column in innerEnd..<endColumn {
                blend(source, coverage: rowCoverage * columnCoverage(column, pixelRect), into: line + column)
            }
        }
    }

    /// How much of pixel column `column` lies inside `rect`, 0...1.
    @inline(__always)
    private func columnCoverage(_ column: Int, _ rect: Rect) -> Double {
        min(Double(column + 1), rect.maxX) - max(Double(column), rect.minX)
    }

    /// Blends `source` scaled by `coverage` (0...1) over one pixel.
    @inline(__always)
    private func blend(_ source: UInt32, coverage: Double, into pixel: UnsafeMutablePointer<UInt32>) {
        let level = UInt32((coverage * 255).rounded())
        guard level > 0 else { return }
        pixel.pointee = sourceOver(level >= 255 ? source : scalePixel(source, by: level), pixel.pointee)
    }

    /// Blends `source` scaled by `coverage` (0...1) over `count` pixels: a plain store when the
    /// result is opaque.
    ///
    /// Complexity: O(count).
    @inline(__always)
    private static func blendSpan(
        _ source: UInt32, coverage: Double, into pixels: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        guard count > 0 else { return }
        let level = UInt32((coverage * 255).rounded())
        guard level > 0 else { return }
        let painted = level >= 255 ? source : scalePixel(source, by: level)
        if painted >> 24 == 255 {
            pixels.update(repeating: painted, count: count)
        } else {
            for index in 0..<count {
                pixels[index] = sourceOver(painted, pixels[index])
            }
        }
    }

    /// Sets every pixel to `color`, replacing what was there.
    public mutating func clear(to color: Color = .clear) {
        makeUniqueStorage()
        isKnownOpaque = color.premultiplied.alpha == 255
        storage.pixels.update(repeating: color.premultiplied.packed, count: storage.count)
    }

    /// The path-fill buffers, made first if this canvas has none of its own.
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
