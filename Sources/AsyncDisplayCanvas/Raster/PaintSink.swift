/// Composites coverage spans of any paint, in any blend mode, through the global alpha and
/// the clip mask: the general path of a fill (the solid source-over case has its own sink).
///
/// Each span is done in up to three passes over a row buffer — source pixels from the shader,
/// coverage folded with alpha and clip, then one fused blend loop chosen by mode — so every
/// loop stays simple.
struct PaintSink: CoverageSink {
    /// The canvas pixels and row length.
    let pixels: UnsafeMutablePointer<UInt32>
    let rowLength: Int
    /// Device position of the rasterized area's origin.
    let left: Int
    let top: Int
    let shader: Shader
    let mode: BlendMode
    /// Global alpha, 0...255.
    let alpha: UInt32
    let clip: ClipMask?
    /// Row buffers of at least the area's width.
    let sources: UnsafeMutablePointer<UInt32>
    let coverage: UnsafeMutablePointer<UInt8>
    /// What an image shader keeps between rows, fresh for this composite.
    var imageRows: ImageRowCache

    mutating func blend(row: Int, from start: Int, to end: Int, levels: UnsafePointer<UInt8>) {
        let x = left + start
        let y = top + row
        let count = end - start
        for index in 0..<count { coverage[index] = levels[index] }
        applyAlphaAndClip(x: x, y: y, count: count)
        compose(x: x, y: y, count: count)
    }

    mutating func blend(row: Int, from start: Int, to end: Int, level: UInt8) {
        let x = left + start
        let y = top + row
        let count = end - start
        let scaled = UInt8(truncatingIfNeeded: multiplyDivide255(UInt32(level), alpha))
        guard scaled != 0 else { return }
        if clip == nil, let pixel = shader.solidPixel {
            // One colour at one coverage: a constant span.
            let destination = pixels + y * rowLength + x
            switch mode {
            case .sourceOver:
                let painted = scaled == 255 ? pixel : scalePixel(pixel, by: UInt32(scaled))
                if painted >> 24 == 255 {
                    PixelKernels.fill(destination, count: count, with: painted)
                } else {
                    PixelKernels.blendSourceOver(destination, count: count, pixel: painted)
                }
            case .copy:
                Self.blendConstant(CopyKernel.self, destination, count, pixel, UInt32(scaled))
            case .multiply:
                Self.blendConstant(MultiplyKernel.self, destination, count, pixel, UInt32(scaled))
            }
            return
        }
        if clip == nil, mode == .sourceOver, scaled == 255 {
            // Whole coverage: each source pixel over its destination as it is.
            shader.shade(x: x, y: y, count: count, into: sources, rows: &imageRows)
            PixelKernels.blendSourceOver(pixels + y * rowLength + x, count: count, sources: sources)
            return
        }
        coverage.update(repeating: scaled, count: count)
        if let clip { clip.multiply(coverage, x: x, y: y, count: count) }
        compose(x: x, y: y, count: count)
    }

    /// Folds the global alpha and the clip into `coverage[0..<count]`.
    @inline(__always)
    private func applyAlphaAndClip(x: Int, y: Int, count: Int) {
        if alpha < 255 {
            for index in 0..<count {
                coverage[index] = UInt8(truncatingIfNeeded: multiplyDivide255(UInt32(coverage[index]), alpha))
            }
        }
        if let clip { clip.multiply(coverage, x: x, y: y, count: count) }
    }

    /// Blends the shader's pixels into `count` pixels from (`x`, `y`) at `coverage`.
    private mutating func compose(x: Int, y: Int, count: Int) {
        shader.shade(x: x, y: y, count: count, into: sources, rows: &imageRows)
        let destination = pixels + y * rowLength + x
        switch mode {
        case .sourceOver: Self.blend(SourceOverKernel.self, destination, count, sources, coverage)
        case .copy: Self.blend(CopyKernel.self, destination, count, sources, coverage)
        case .multiply: Self.blend(MultiplyKernel.self, destination, count, sources, coverage)
        }
    }

    @inline(__always)
    private static func blend<Kernel: BlendKernel>(
        _ kernel: Kernel.Type, _ destination: UnsafeMutablePointer<UInt32>, _ count: Int,
        _ sources: UnsafeMutablePointer<UInt32>, _ coverage: UnsafeMutablePointer<UInt8>
    ) {
        for index in 0..<count {
            let level = UInt32(coverage[index])
            if level == 0 { continue }
            destination[index] = Kernel.blend(sources[index], destination[index], coverage: level)
        }
    }

    @inline(__always)
    private static func blendConstant<Kernel: BlendKernel>(
        _ kernel: Kernel.Type, _ destination: UnsafeMutablePointer<UInt32>, _ count: Int, _ source: UInt32,
        _ level: UInt32
    ) {
        for index in 0..<count {
            destination[index] = Kernel.blend(source, destination[index], coverage: level)
        }
    }
}
