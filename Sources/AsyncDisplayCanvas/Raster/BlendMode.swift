/// How a drawn source combines with the pixels already there (Porter–Duff and separable blend
/// modes on premultiplied colours).
///
/// Every mode meets partial coverage the same way: the result is mixed with the old pixel by
/// the coverage, so anti-aliased edges stay smooth.
public enum BlendMode: Sendable, Hashable {
    /// The source over what is there: `s + d × (1 − sa)`, the second term rounded down (at
    /// most one level below rounding to nearest).
    case sourceOver
    /// The source replaces what is there, alpha included: `s`.
    case copy
    /// Colours multiplied, darkening: `s × d + s × (1 − da) + d × (1 − sa)`.
    case multiply
}

/// One blend mode's formula on packed premultiplied pixels, with coverage.
protocol BlendKernel {
    /// `source` blended into `destination` at `coverage` (1...255).
    static func blend(_ source: UInt32, _ destination: UInt32, coverage: UInt32) -> UInt32
}

enum SourceOverKernel: BlendKernel {
    @inline(__always)
    static func blend(_ source: UInt32, _ destination: UInt32, coverage: UInt32) -> UInt32 {
        sourceOver(coverage == 255 ? source : scalePixel(source, by: coverage), destination)
    }
}

enum CopyKernel: BlendKernel {
    @inline(__always)
    static func blend(_ source: UInt32, _ destination: UInt32, coverage: UInt32) -> UInt32 {
        coverage == 255 ? source : scalePixel(source, by: coverage) &+ scalePixel(destination, by: 255 &- coverage)
    }
}

enum MultiplyKernel: BlendKernel {
    @inline(__always)
    static func blend(_ source: UInt32, _ destination: UInt32, coverage: UInt32) -> UInt32 {
        let sourceAlpha = source >> 24
        let destinationAlpha = destination >> 24
        let alpha = sourceAlpha &+ destinationAlpha &- multiplyDivide255(sourceAlpha, destinationAlpha)
        @inline(__always)
        func channel(_ shift: UInt32) -> UInt32 {
            let s = source >> shift & 0xFF
            let d = destination >> shift & 0xFF
            // s·d + s·(255 − da) + d·(255 − sa), over 255, rounded; never above the alpha.
            let sum = s &* d &+ s &* (255 &- destinationAlpha) &+ d &* (255 &- sourceAlpha)
            return min((sum &+ 127) / 255, alpha) << shift
        }
        let result = channel(0) | channel(8) | channel(16) | alpha << 24
        return coverage == 255
            ? result : scalePixel(result, by: coverage) &+ scalePixel(destination, by: 255 &- coverage)
    }
}
