/// An 8-bit coverage mask: `width × height` levels, row by row from the top, 0 for untouched
/// and 255 for fully covered.
struct CoverageMask: Sendable, Equatable {
    let width: Int
    let height: Int
    let levels: [UInt8]

    /// A mask of the given levels; `levels` holds `width × height` of them.
    init(width: Int, height: Int, levels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && levels.count == width * height, "mask levels do not match its size")
        self.width = width
        self.height = height
        self.levels = levels
    }

    static let empty = CoverageMask(width: 0, height: 0, levels: [])
}

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
        // Clip in a way that cannot overflow: positions far outside have nothing to draw.
        guard color != 0, mask.width > 0, mask.height > 0, left < width, top < height,
            left > -mask.width, top > -mask.height
        else { return }
        let firstColumn = max(0, -left)
        let endColumn = min(mask.width, width - left)
        let firstRow = max(0, -top)
        let endRow = min(mask.height, height - top)
        makeUniqueStorage()
        let pixels = storage.pixels
        let canvasWidth = width
        mask.levels.withUnsafeBufferPointer { levels in
            // Safe: rows firstRow..<endRow and columns firstColumn..<endColumn lie inside both the
            // mask (levels holds width × height) and the canvas (left + column in 0..<width, top +
            // row in 0..<height), as clipped above.
            guard let base = levels.baseAddress else { return }
            for row in firstRow..<endRow {
                Self.blendRow(
                    color, levels: base + row * mask.width + firstColumn,
                    into: pixels + (top + row) * canvasWidth + left + firstColumn, count: endColumn - firstColumn)
            }
        }
    }

    /// Blends `color` through `count` coverage levels over as many pixels: four at a time in
    /// 16-bit vector lanes, then one at a time.
    ///
    /// The vector path is `scalePixel`'s split into even bytes (red, blue) and odd bytes (green,
    /// alpha), eight lanes wide: each lane computes what `sourceOver(scalePixel(color, by:
    /// level), pixel)` does, with the same exact rounding, so both paths give identical pixels.
    @inline(__always)
    private static func blendRow(
        _ color: UInt32, levels: UnsafePointer<UInt8>, into pixels: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        // Safe: the caller passes `count` levels and `count` pixels; every load and store below
        // touches columns column..<column + 4 with column + 4 <= count, or the one column < count.
        let isOpaque = color >> 24 == 255
        let colorLanes = SIMD4<UInt32>(repeating: color).lanes16
        let colorEven = colorLanes & 0xFF
        let colorOdd = colorLanes &>> 8
        let alpha = SIMD8<UInt16>(repeating: UInt16(color >> 24))
        var column = 0
        while column + 4 <= count {
            let quad = UnsafeRawPointer(levels + column).loadUnaligned(as: UInt32.self)
            let target = UnsafeMutableRawPointer(pixels + column)
            if quad == 0 {
                column += 4
                continue
            }
            if quad == 0xFFFF_FFFF && isOpaque {
                target.storeBytes(of: SIMD4<UInt32>(repeating: color), as: SIMD4<UInt32>.self)
                column += 4
                continue
            }
            // Each pixel's level in both of its 16-bit lanes.
            let levels = SIMD4<UInt32>(quad & 0xFF, (quad >> 8) & 0xFF, (quad >> 16) & 0xFF, quad >> 24)
            let coverage = (levels | levels &<< 16).lanes16
            let inverse = 255 &- (isOpaque ? coverage : multiplyDivide255(alpha, coverage))
            let destination = target.loadUnaligned(as: SIMD4<UInt32>.self).lanes16
            let even = multiplyDivide255(colorEven, coverage) &+ multiplyDivide255(destination & 0xFF, inverse)
            let odd = multiplyDivide255(colorOdd, coverage) &+ multiplyDivide255(destination &>> 8, inverse)
            target.storeBytes(of: even | odd &<< 8, as: SIMD8<UInt16>.self)
            column += 4
        }
        while column < count {
            let level = UInt32(levels[column])
            if level == 255 && isOpaque {
                pixels[column] = color
            } else if level != 0 {
                pixels[column] = sourceOver(level == 255 ? color : scalePixel(color, by: level), pixels[column])
            }
            column += 1
        }
    }
}

/// `a × b ÷ 255` per lane, rounded to nearest, exactly, for lanes in 0...255.
@inline(__always)
private func multiplyDivide255(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD8<UInt16> {
    let product = a &* b &+ 128
    return (product &+ (product &>> 8)) &>> 8
}

extension SIMD4 where Scalar == UInt32 {
    /// The same sixteen bytes as eight 16-bit lanes (little-endian: a word's low half first).
    @inline(__always)
    fileprivate var lanes16: SIMD8<UInt16> {
        // Safe: both are 16 bytes of plain integers, so every bit pattern is a valid value.
        unsafeBitCast(self, to: SIMD8<UInt16>.self)
    }
}
