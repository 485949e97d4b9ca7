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
    private var storage: PixelStorage

    /// Makes a canvas of `width × height` pixels, every pixel set to `background`.
    ///
    /// - Precondition: both dimensions are zero or more.
    public init(width: Int, height: Int, scale: Double = 1, background: Pixel = .clear) {
        precondition(width >= 0 && height >= 0, "a canvas needs non-negative dimensions")
        self.width = width
        self.height = height
        self.scale = scale
        storage = PixelStorage(count: width * height, fill: background.packed)
    }

    /// The canvas size in points.
    public var size: Size { Size(width: Double(width) / scale, height: Double(height) / scale) }

    /// The pixel at column `x`, row `y`.
    public subscript(x x: Int, y y: Int) -> Pixel {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the canvas")
        return Pixel(packed: storage.pixels[y * width + x])
    }

    /// Freezes the drawing into a bitmap; the pixels are not copied.
    public consuming func makeBitmap() -> Bitmap {
        Bitmap(width: width, height: height, scale: scale, storage: storage)
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
        makeUnique()
        let pixels = storage.pixels
        let firstRow = Int(pixelRect.minY.rounded(.down))
        let endRow = Int(pixelRect.maxY.rounded(.up))
        let firstColumn = Int(pixelRect.minX.rounded(.down))
        let endColumn = Int(pixelRect.maxX.rounded(.up))
        for row in firstRow..<endRow {
            let rowCoverage = min(Double(row + 1), pixelRect.maxY) - max(Double(row), pixelRect.minY)
            let line = pixels + row * width
            for column in firstColumn..<endColumn {
                let columnCoverage =
                    min(Double(column + 1), pixelRect.maxX) - max(Double(column), pixelRect.minX)
                let coverage = UInt32((rowCoverage * columnCoverage * 255).rounded())
                let painted = coverage >= 255 ? source : scalePixel(source, by: coverage)
                line[column] = sourceOver(painted, line[column])
            }
        }
    }

    /// Sets every pixel to `color`, replacing what was there.
    public mutating func clear(to color: Color = .clear) {
        makeUnique()
        storage.pixels.update(repeating: color.premultiplied.packed, count: storage.count)
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = PixelStorage(copying: storage)
        }
    }
}
