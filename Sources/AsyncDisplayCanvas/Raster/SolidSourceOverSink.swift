/// Fills coverage spans with one colour, source-over, into a canvas's pixels.
struct SolidSourceOverSink: CoverageSink {
    /// The pixel at the rasterized area's origin.
    let origin: UnsafeMutablePointer<UInt32>
    /// Pixels per canvas row.
    let rowLength: Int
    let color: ColorLanes
    /// The first pixel of the row being drained, worked out once per row rather than per span.
    private var rowStart: UnsafeMutablePointer<UInt32>

    init(origin: UnsafeMutablePointer<UInt32>, rowLength: Int, pixel: UInt32) {
        self.origin = origin
        self.rowLength = rowLength
        color = ColorLanes(pixel)
        rowStart = origin
    }

    @inline(__always)
    mutating func start(row: Int) {
        rowStart = origin + row &* rowLength
    }

    @inline(__always)
    mutating func blend(row: Int, from start: Int, to end: Int, levels: UnsafePointer<UInt8>) {
        PixelKernels.blendSourceOver(rowStart + start, count: end &- start, color: color, levels: levels)
    }

    static var blendsQuads: Bool { true }

    @inline(__always)
    mutating func blend(row: Int, at column: Int, count: Int, quad: UInt32) {
        let pixels = rowStart + column
        if count == 4 {
            PixelKernels.blendSourceOver(pixels, color: color, quad: quad)
        } else {
            withUnsafeBytes(of: quad) { bytes in
                // Safe: four bytes, of which `count` are read.
                PixelKernels.blendSourceOver(
                    pixels, count: count, color: color, levels: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
    }

    @inline(__always)
    mutating func blend(row: Int, from start: Int, to end: Int, level: UInt8) {
        let destination = rowStart + start
        if level == 255 {
            if color.pixel >> 24 == 255 {
                PixelKernels.fill(destination, count: end &- start, with: color.pixel)
            } else {
                PixelKernels.blendSourceOver(destination, count: end &- start, color: color)
            }
            return
        }
        let painted = scalePixel(color.pixel, by: UInt32(level))
        PixelKernels.blendSourceOver(destination, count: end &- start, pixel: painted)
    }
}
