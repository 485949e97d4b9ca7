/// The graphics state: transform, clip, global alpha, blend mode and shadow, saved and
/// restored together (like CoreGraphics' gstate).
extension Canvas {
    /// Maps user space (what drawing calls take, in points) to the canvas's points; starts as
    /// the identity.
    public var transform: AffineTransform {
        get { state.transform }
        set { state.transform = newValue }
    }

    /// Multiplies the alpha of everything drawn, 0...1 (values outside are clamped; NaN counts
    /// as 0, so nothing is drawn).
    public var globalAlpha: Double {
        get { state.alpha }
        set { state.alpha = newValue.isNaN ? 0 : min(max(newValue, 0), 1) }
    }

    /// How what is drawn combines with the pixels beneath; `.sourceOver` to start.
    public var blendMode: BlendMode {
        get { state.blendMode }
        set { state.blendMode = newValue }
    }

    /// The shadow drawn under fills, strokes, images and text, or nil for none.
    public var shadow: Shadow? {
        get { state.shadow }
        set { state.shadow = newValue }
    }

    /// Moves user space's origin by (`x`, `y`).
    public mutating func translateBy(x: Double, y: Double) {
        state.transform = state.transform.translatedBy(x: x, y: y)
    }

    /// Scales user space by `x` and `y`.
    public mutating func scaleBy(x: Double, y: Double) {
        state.transform = state.transform.scaledBy(x: x, y: y)
    }

    /// Rotates user space by `angle` radians (clockwise, since the y axis points down).
    public mutating func rotate(by angle: Double) {
        state.transform = state.transform.rotated(by: angle)
    }

    /// Applies `transform` to user space before the current transform.
    public mutating func concatenate(_ transform: AffineTransform) {
        state.transform = state.transform.concatenating(transform)
    }

    /// Pushes the graphics state, to be brought back by `restoreState()`.
    public mutating func saveState() {
        savedStates.append(state)
    }

    /// Pops the state saved last; with nothing saved it does nothing.
    public mutating func restoreState() {
        if let saved = savedStates.popLast() { state = saved }
    }

    /// Runs `body` and then restores the graphics state to what it was before.
    public mutating func withSavedState<Result>(_ body: (inout Canvas) throws -> Result) rethrows -> Result {
        let depth = savedStates.count
        saveState()
        defer {
            while savedStates.count > depth { restoreState() }
        }
        return try body(&self)
    }

    /// Limits drawing to `rect` (in user space) as well as the current clip.
    ///
    /// A rect that lands on whole device pixels only narrows the clip box; any other is clipped
    /// with anti-aliased edges.
    public mutating func clip(to rect: Rect) {
        let device = deviceTransform
        if device.isAxisAligned {
            let mapped = device.boundingBox(of: rect)
            let edges = [mapped.minX, mapped.minY, mapped.maxX, mapped.maxY]
            if edges.allSatisfy({ $0.isFinite && $0 == $0.rounded() }) {
                state.clip.box = state.clip.box.intersection(PixelBox(covering: mapped))
                if state.clip.box.isEmpty { state.clip.mask = nil }
                return
            }
        }
        var path = Path()
        path.addRect(rect)
        clip(to: path)
    }

    /// Limits drawing to the inside of `path` (in user space, filled by `rule`) as well as the
    /// current clip, with anti-aliased edges.
    ///
    /// Complexity: O(path segments × rows + the path's bounding box in pixels).
    public mutating func clip(to path: Path, rule: FillRule = .nonZero) {
        let device = deviceTransform
        guard let bounds = path.controlPointBounds(transform: device) else {
            state.clip = Clip(box: PixelBox(left: 0, top: 0, right: 0, bottom: 0))
            return
        }
        let box = state.clip.box.intersection(PixelBox(covering: bounds))
        guard !box.isEmpty else {
            state.clip = Clip(box: PixelBox(left: 0, top: 0, right: 0, bottom: 0))
            return
        }
        let rasterizer = rasterize(path, transform: device, in: box)
        var levels = [UInt8](repeating: 0, count: box.width * box.height)
        let previous = state.clip.mask
        levels.withUnsafeMutableBufferPointer { levels in
            var sink = MaskSink(levels: levels.baseAddress!, rowLength: box.width)
            rasterizer.drain(rule: rule, into: &sink)
            if let previous {
                for row in 0..<box.height {
                    previous.multiply(
                        levels.baseAddress! + row * box.width, x: box.left, y: box.top + row, count: box.width)
                }
            }
        }
        state.clip = Clip(box: box, mask: ClipMask(box: box, levels: levels))
    }

    /// User space to device pixels: the transform, then the canvas scale.
    var deviceTransform: AffineTransform {
        AffineTransform(scaleX: scale, y: scale).concatenating(state.transform)
    }
}

/// Writes coverage levels into an A8 mask.
struct MaskSink: CoverageSink {
    let levels: UnsafeMutablePointer<UInt8>
    let rowLength: Int

    @inline(__always)
    mutating func blend(row: Int, from start: Int, to end: Int, levels source: UnsafePointer<UInt8>) {
        (levels + row * rowLength + start).update(from: source, count: end - start)
    }

    @inline(__always)
    mutating func blend(row: Int, from start: Int, to end: Int, level: UInt8) {
        (levels + row * rowLength + start).update(repeating: level, count: end - start)
    }
}
