/// Filling shapes: paths and rectangles, with colours and gradients, through the graphics
/// state (transform, clip, global alpha, blend mode, shadow).
extension Canvas {
    /// Fills `path` (in user space) with `color`, anti-aliased by exact area coverage under
    /// `rule`.
    ///
    /// Only the path's bounding box (within the clip) is rasterized.
    ///
    /// Complexity: O(path segments × rows they span + the bounding box's pixels).
    public mutating func fill(_ path: Path, with color: Color, rule: FillRule = .nonZero) {
        fill(path, with: .color(color), rule: rule)
    }

    /// Fills `path` (in user space) with `paint`, anti-aliased by exact area coverage under
    /// `rule`.
    ///
    /// Complexity: O(path segments × rows they span + the bounding box's pixels).
    public mutating func fill(_ path: Path, with paint: Paint, rule: FillRule = .nonZero) {
        let device = deviceTransform
        guard let shader = Shader(paint, transform: device) else { return }
        fillCoverage(of: path, rule: rule, transform: device, shader: shader, isOpaqueSource: paint.isOpaque)
    }

    /// Fills `rect` (in user space) with `color`. Edges that cut through a pixel cover it by
    /// the exact overlapping area.
    ///
    /// Complexity: O(pixels covered).
    public mutating func fill(_ rect: Rect, with color: Color) {
        let device = deviceTransform
        guard device.isAxisAligned, state.blendMode == .sourceOver, state.alpha == 1, state.clip.mask == nil,
            state.shadow == nil
        else {
            var path = Path()
            path.addRect(rect)
            fill(path, with: .color(color))
            return
        }
        let pixelRect = device.boundingBox(of: rect).intersection(state.clip.box.rect)
        let source = color.premultiplied.packed
        guard !pixelRect.isEmpty, source != 0 else { return }
        makeUniqueStorage()
        if color.isOpaque && covers(pixels: pixelRect) { isKnownOpaque = true }
        fillPixelRect(pixelRect, with: source)
    }

    /// Fills `rect` (in user space) with `paint`.
    public mutating func fill(_ rect: Rect, with paint: Paint) {
        if case .color(let color) = paint { return fill(rect, with: color) }
        var path = Path()
        path.addRect(rect)
        fill(path, with: paint)
    }

    /// Rasterizes `path` mapped by `transform` (to device pixels) and composites `shader`
    /// through the graphics state, shadow first.
    mutating func fillCoverage(
        of path: Path, rule: FillRule, transform: AffineTransform, shader: Shader, isOpaqueSource: Bool
    ) {
        guard width > 0, height > 0, !path.isEmpty, state.alpha > 0,
            let bounds = path.controlPointBounds(transform: transform)
        else { return }
        if state.shadow != nil { drawShadow(of: path, rule: rule, transform: transform, shader: shader) }
        var area = state.clip.box.intersection(PixelBox(covering: bounds))
        guard !area.isEmpty else { return }
        // A whole number of 4-pixel groups where the clip leaves room: the blend of an edge
        // group then stays in vector lanes (the extra columns have no coverage).
        area.right = min(area.left + (area.width + 3) / 4 * 4, state.clip.box.right)
        touchPixels(in: area)
        let rasterizer = rasterize(path, transform: transform, in: area)
        composite(rasterizer, rule: rule, area: area, shader: shader, isOpaqueSource: isOpaqueSource)
    }

    /// The coverage of `path` mapped by `transform` (to device pixels) within `area`, in this
    /// canvas's reused rasterizer, ready to drain.
    ///
    /// Complexity: O(path segments × rows they span in `area`).
    mutating func rasterize(_ path: Path, transform: AffineTransform, in area: PixelBox) -> CoverageRasterizer {
        let rasterizer = takeRasterScratch().rasterizer
        rasterizer.reset(width: area.width, height: area.height)
        let local = AffineTransform(translationX: -Double(area.left), y: -Double(area.top)).concatenating(transform)
        path.forEachLine(transform: local) { rasterizer.addLine(from: $0, to: $1) }
        return rasterizer
    }

    /// Starts loading the pixels of a small `area` into the cache, all lines at once, so that
    /// their misses overlap each other rather than stall the blend row by row.
    private mutating func touchPixels(in area: PixelBox) {
        guard area.width * area.height <= 16_384 else { return }
        var combined: UInt32 = 0
        // Safe: the area lies within the clip box, so within the canvas; this only reads.
        var line = storage.pixels + area.top * width + area.left
        for _ in 0..<area.height {
            combined ^= PixelKernels.touch(line, count: area.width)
            line += width
        }
        takeRasterScratch().touched = combined
    }

    /// Blends `shader` into the pixels of `area` at the coverage `rasterizer` holds (which it
    /// then clears).
    mutating func composite(
        _ rasterizer: CoverageRasterizer, rule: FillRule, area: PixelBox, shader: Shader, isOpaqueSource: Bool
    ) {
        makeUniqueStorage()
        let alpha = state.alphaLevel
        if state.blendMode == .copy && !(isOpaqueSource && alpha == 255) { isKnownOpaque = false }
        if let pixel = shader.solidPixel, state.blendMode == .sourceOver, alpha == 255, state.clip.mask == nil {
            var sink = SolidSourceOverSink(
                origin: storage.pixels + area.top * width + area.left, rowLength: width, pixel: pixel)
            rasterizer.drain(rule: rule, into: &sink)
            return
        }
        let scratch = takeRasterScratch()
        scratch.reserveRows(area.width)
        var sink = PaintSink(
            pixels: storage.pixels, rowLength: width, left: area.left, top: area.top, shader: shader,
            mode: state.blendMode, alpha: alpha, clip: state.clip.mask, sources: scratch.sources,
            coverage: scratch.coverage, imageRows: scratch.imageRows(left: area.left))
        rasterizer.drain(rule: rule, into: &sink)
    }

    /// Source-over fills a rect in device pixels (inside the canvas) with exact edge coverage.
    private mutating func fillPixelRect(_ pixelRect: Rect, with source: UInt32) {
        let pixels = storage.pixels
        let firstRow = Int(pixelRect.minY.rounded(.down))
        let endRow = Int(pixelRect.maxY.rounded(.up))
        let firstColumn = Int(pixelRect.minX.rounded(.down))
        let endColumn = Int(pixelRect.maxX.rounded(.up))
        // Columns wholly inside the rect; the one or two edge columns around them are partial.
        let innerStart = min(Int(pixelRect.minX.rounded(.up)), endColumn)
        let innerEnd = max(Int(pixelRect.maxX.rounded(.down)), innerStart)
        // How much of a pixel column lies inside the rect, 0...1.
        func columnCoverage(_ column: Int) -> Double {
            min(Double(column + 1), pixelRect.maxX) - max(Double(column), pixelRect.minX)
        }
        for row in firstRow..<endRow {
            let rowCoverage = min(Double(row + 1), pixelRect.maxY) - max(Double(row), pixelRect.minY)
            let line = pixels + row * width
            for column in firstColumn..<innerStart {
                Self.blendSpan(source, coverage: rowCoverage * columnCoverage(column), into: line + column, count: 1)
            }
            Self.blendSpan(source, coverage: rowCoverage, into: line + innerStart, count: innerEnd - innerStart)
            for column in innerEnd..<endColumn {
                Self.blendSpan(source, coverage: rowCoverage * columnCoverage(column), into: line + column, count: 1)
            }
        }
    }

    /// Blends `source` scaled by `coverage` (0...1) over `count` pixels.
    @inline(__always)
    private static func blendSpan(
        _ source: UInt32, coverage: Double, into pixels: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        guard count > 0 else { return }
        let level = UInt32(CoverageRasterizer.fixed(min(max(coverage, 0), 1) * 255))
        guard level > 0 else { return }
        let painted = level >= 255 ? source : scalePixel(source, by: level)
        if painted >> 24 == 255 {
            PixelKernels.fill(pixels, count: count, with: painted)
        } else {
            PixelKernels.blendSourceOver(pixels, count: count, pixel: painted)
        }
    }
}

extension Paint {
    /// Whether everything it paints is opaque.
    var isOpaque: Bool {
        switch self {
        case .color(let color): color.isOpaque
        case .linearGradient(let gradient): gradient.gradient.isOpaque
        case .radialGradient(let gradient): gradient.gradient.isOpaque
        }
    }
}

extension Gradient {
    /// Whether every stop is opaque (and there is one).
    var isOpaque: Bool { !stops.isEmpty && stops.allSatisfy { $0.color.isOpaque } }
}
