extension Canvas {
    /// Paints `color` (a packed premultiplied pixel) through `mask` with the mask's top-left
    /// corner at device pixel (`left`, `top`), through the clip, global alpha and blend mode:
    /// how glyphs are drawn.
    ///
    /// Complexity: O(mask pixels inside the clip).
    mutating func blendMask(_ mask: CoverageMask, left: Int, top: Int, color: UInt32) {
        var placed = mask
        placed.originX = left
        placed.originY = top
        composite(placed, shader: .solid(color), isOpaqueSource: false)
    }
}
