extension Canvas {
    /// Paints `color` (a packed premultiplied pixel) through `mask` over the canvas, source-over,
    /// with the mask's top-left corner at device pixel (`left`, `top`); the part outside the
    /// canvas is skipped.
    ///
    /// Each pixel gets `color × level ÷ 255` blended over it, rounded exactly. Levels of 0
    /// leave pixels untouched; a level of 255 with an opaque colour stores the colour. The one
    /// entry point for coverage-masked solid paint (glyphs today), so that clipping, transforms,
    /// global alpha and shadows can be added in one place.
    ///
    /// Complexity: O(mask pixels inside the canvas).
    mutating func blendMask(_ mask: CoverageMask, left: Int, top: Int, color: UInt32) {
        guard state.blendMode == .sourceOver, state.alpha == 1, state.clip.mask == nil else {
            // Anything but plain source-over takes the general path.
            var placed = mask
            placed.originX = left
            placed.originY = top
            return composite(placed, shader: .solid(color), isOpaqueSource: false)
        }
        // Clip in a way that cannot overflow: positions far outside have nothing to draw.
        let box = state.clip.box
        guard color != 0, mask.width > 0, mask.height > 0, left < box.right, top < box.bottom,
            left > box.left - mask.width, top > box.top - mask.height
        else { return }
        let firstColumn = max(0, box.left - left)
        let endColumn = min(mask.width, box.right - left)
        let firstRow = max(0, box.top - top)
        let endRow = min(mask.height, box.bottom - top)
        makeUniqueStorage()
        let pixels = storage.pixels
        let canvasWidth = width
        mask.levels.withUnsafeBufferPointer { levels in
            // Safe: rows firstRow..<endRow and columns firstColumn..<endColumn lie inside both the
            // mask (levels holds width × height) and the canvas (left + column in 0..<width, top +
            // row in 0..<height), as clipped above.
            guard let base = levels.baseAddress else { return }
            for row in firstRow..<endRow {
                PixelKernels.blendSourceOver(
                    pixels + (top + row) * canvasWidth + left + firstColumn, count: endColumn - firstColumn,
                    pixel: color, levels: base + row * mask.width + firstColumn)
            }
        }
    }
}
