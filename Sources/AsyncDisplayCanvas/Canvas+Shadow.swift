/// Shadows: what is drawn, as coverage times its alpha, blurred and tinted, under the drawing.
extension Canvas {
    /// Draws the shadow of `path` (mapped by `transform` to device pixels) painted with
    /// `shader`, as the graphics state's shadow asks; does nothing without one.
    ///
    /// The offset is rounded to whole device pixels; the blur is a separable three-box
    /// approximation of a Gaussian with σ = radius ÷ 2 (`CoverageMask.blurred(radius:)`).
    ///
    /// Complexity: O(the shape's bounding box, grown by the blur, in pixels).
    mutating func drawShadow(of path: Path, rule: FillRule, transform: AffineTransform, shader: Shader) {
        guard let shadow = state.shadow, let bounds = path.controlPointBounds(transform: transform) else { return }
        let color = shadow.color.premultiplied.packed
        let radius = shadow.blur.isFinite ? max(shadow.blur * scale, 0) : 0
        // A clear source casts no shadow.
        guard color != 0, shader.solidPixel.map({ $0 >> 24 != 0 }) ?? true,
            let offset = Self.deviceOffset(shadow.offset, scale: scale)
        else { return }
        // Only the part of the shape whose blurred shadow can reach the clip matters.
        let reach = Int(min(radius * 2, CoverageMask.maximumBlurRadius * 2)) + 2
        let reachable = PixelBox(
            left: state.clip.box.left - offset.x - reach, top: state.clip.box.top - offset.y - reach,
            right: state.clip.box.right - offset.x + reach, bottom: state.clip.box.bottom - offset.y + reach)
        let area = PixelBox(covering: bounds).intersection(reachable)
        guard !area.isEmpty, !state.clip.box.isEmpty else { return }
        let rasterizer = rasterize(path, transform: transform, in: area)
        let scratch = takeRasterScratch()
        scratch.reserveRows(area.width)
        let mask = CoverageMask(width: area.width, height: area.height, originX: area.left, originY: area.top) {
            levels in
            levels.update(repeating: 0)
            var sink = MaskSink(levels: levels.baseAddress!, rowLength: area.width)
            rasterizer.drain(rule: rule, into: &sink)
            if let pixel = shader.solidPixel {
                // A translucent colour casts a shadow as translucent as itself.
                let sourceAlpha = pixel >> 24
                guard sourceAlpha < 255 else { return }
                for index in levels.indices {
                    levels[index] = UInt8(truncatingIfNeeded: multiplyDivide255(UInt32(levels[index]), sourceAlpha))
                }
                return
            }
            // A gradient or an image casts the shadow of its own alpha.
            var rows = scratch.imageRows(left: area.left)
            for row in 0..<area.height {
                shader.shade(x: area.left, y: area.top + row, count: area.width, into: scratch.sources, rows: &rows)
                let line = levels.baseAddress! + row * area.width
                for column in 0..<area.width {
                    line[column] = UInt8(
                        truncatingIfNeeded: multiplyDivide255(UInt32(line[column]), scratch.sources[column] >> 24))
                }
            }
        }
        var blurred = mask.blurred(radius: radius)
        blurred.originX = blurred.originX.addingClamped(offset.x)
        blurred.originY = blurred.originY.addingClamped(offset.y)
        composite(blurred, shader: .solid(color), isOpaqueSource: false)
    }

    /// Blends `shader` through the coverage levels of `mask` (placed at its origin in device
    /// pixels), through the clip, global alpha and blend mode.
    ///
    /// Complexity: O(the mask's pixels inside the clip).
    mutating func composite(_ mask: CoverageMask, shader: Shader, isOpaqueSource: Bool) {
        let box = PixelBox(
            left: mask.originX, top: mask.originY, right: mask.originX.addingClamped(mask.width),
            bottom: mask.originY.addingClamped(mask.height))
        let area = box.intersection(state.clip.box)
        guard !area.isEmpty, state.alpha > 0 else { return }
        makeUniqueStorage()
        let alpha = state.alphaLevel
        if state.blendMode == .copy && !(isOpaqueSource && alpha == 255) { isKnownOpaque = false }
        mask.levels.withUnsafeBufferPointer { levels in
            let first = levels.baseAddress! + (area.top - box.top) * mask.width + (area.left - box.left)
            if let pixel = shader.solidPixel, state.blendMode == .sourceOver, alpha == 255, state.clip.mask == nil {
                var sink = SolidSourceOverSink(
                    origin: storage.pixels + area.top * width + area.left, rowLength: width, pixel: pixel)
                Self.feed(first, rowLength: mask.width, area: area, into: &sink)
            } else {
                let scratch = takeRasterScratch()
                scratch.reserveRows(area.width)
                var sink = PaintSink(
                    pixels: storage.pixels, rowLength: width, left: area.left, top: area.top, shader: shader,
                    mode: state.blendMode, alpha: alpha, clip: state.clip.mask, sources: scratch.sources,
                    coverage: scratch.coverage, imageRows: scratch.imageRows(left: area.left))
                Self.feed(first, rowLength: mask.width, area: area, into: &sink)
            }
        }
    }

    /// Hands the rows of a mask to `sink` as per-pixel spans.
    private static func feed<Sink: CoverageSink>(
        _ first: UnsafePointer<UInt8>, rowLength: Int, area: PixelBox, into sink: inout Sink
    ) {
        for row in 0..<area.height {
            sink.start(row: row)
            sink.blend(row: row, from: 0, to: area.width, levels: first + row * rowLength)
            sink.finish(row: row)
        }
    }

    /// A shadow offset in whole device pixels; nil when it is not finite or absurdly far.
    private static func deviceOffset(_ offset: Size, scale: Double) -> (x: Int, y: Int)? {
        let x = (offset.width * scale).rounded()
        let y = (offset.height * scale).rounded()
        guard abs(x) < 1e7, abs(y) < 1e7 else { return nil }
        return (Int(x), Int(y))
    }
}
