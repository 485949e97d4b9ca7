/// What a display reads from its layer, taken once on the layer's executor before the draw.
struct LayerSnapshot: Sendable {
    var size: Size
    var scale: Double
    var isOpaque: Bool
    var backgroundColor: Color?
    var displaysAsynchronously: Bool
    var pixelBudget: Int
    var cancelsStaleDisplays: Bool

    /// What the size and scale call for.
    enum Extent: Equatable {
        /// Draw into a bitmap of this many pixels.
        case pixels(width: Int, height: Int)
        /// Under one point wide or high: clear the contents, draw nothing.
        case empty
    }

    /// The bitmap dimensions, or why there can be none.
    ///
    /// - Throws: `DisplayError` for a NaN, infinite or negative size, a non-positive or non-finite
    ///   scale, or more pixels than the budget.
    func extent() throws(DisplayError) -> Extent {
        guard size.isValid else { throw .invalidSize(size) }
        guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
        guard size.width >= 1, size.height >= 1 else { return .empty }
        let width = (size.width * scale).rounded(.up)
        let height = (size.height * scale).rounded(.up)
        let pixels = width * height
        guard pixels <= Double(pixelBudget) else { throw .bitmapTooLarge(pixels: pixels, budget: pixelBudget) }
        return .pixels(width: Int(width), height: Int(height))
    }

    /// A canvas to draw into: opaque layers start white under a missing or translucent
    /// background, then get the background; others start transparent.
    func makeCanvas(width: Int, height: Int) -> Canvas {
        let needsWhite = isOpaque && !(backgroundColor?.isOpaque ?? false)
        var canvas = Canvas(width: width, height: height, scale: scale, background: needsWhite ? .white : .clear)
        if let backgroundColor {
            canvas.fill(Rect(origin: .zero, size: canvas.size), with: backgroundColor)
        }
        return canvas
    }
}
