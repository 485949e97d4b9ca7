/// An anti-aliased clip: a coverage level per device pixel of `box`; pixels outside the box
/// are clipped away.
///
/// Immutable once made (clipping again makes a new mask), so canvases and their saved states
/// share it freely.
final class ClipMask: Sendable {
    let box: PixelBox
    /// `box.width × box.height` levels, row by row.
    let levels: [UInt8]

    init(box: PixelBox, levels: [UInt8]) {
        precondition(levels.count == box.width * box.height, "a clip mask needs one level per pixel")
        self.box = box
        self.levels = levels
    }

    /// Scales `coverage[0..<count]`, for the pixels from (`x`, `y`) — which lie in the box —
    /// by the mask.
    @inline(__always)
    func multiply(_ coverage: UnsafeMutablePointer<UInt8>, x: Int, y: Int, count: Int) {
        levels.withUnsafeBufferPointer { levels in
            let row = levels.baseAddress! + (y - box.top) * box.width + (x - box.left)
            for index in 0..<count {
                coverage[index] = UInt8(
                    truncatingIfNeeded: multiplyDivide255(UInt32(coverage[index]), UInt32(row[index])))
            }
        }
    }

    /// The level at device pixel (`x`, `y`), zero outside the box.
    func level(x: Int, y: Int) -> UInt8 {
        guard x >= box.left, x < box.right, y >= box.top, y < box.bottom else { return 0 }
        return levels[(y - box.top) * box.width + (x - box.left)]
    }
}

/// Where drawing may change pixels: a box of whole device pixels, and inside it, optionally,
/// an anti-aliased mask.
struct Clip: Sendable {
    /// Never outside the canvas; drawing is limited to it.
    var box: PixelBox
    /// When set, its box contains `box`.
    var mask: ClipMask?
}

/// Everything a drawing call reads besides its own arguments, saved and restored as one.
struct GraphicsState: Sendable {
    /// User space (points) to the canvas's points; the canvas scale applies after it.
    var transform = AffineTransform.identity
    var clip: Clip
    /// 0...1.
    var alpha = 1.0
    var blendMode = BlendMode.sourceOver
    var shadow: Shadow?

    init(width: Int, height: Int) {
        clip = Clip(box: PixelBox(left: 0, top: 0, right: width, bottom: height))
    }

    /// The global alpha as a level, 0...255.
    var alphaLevel: UInt32 { UInt32((alpha * 255).rounded()) }
}
