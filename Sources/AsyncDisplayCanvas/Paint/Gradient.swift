/// Colours at positions along a line from 0 to 1: what a linear or radial gradient paints.
///
/// Between stops the colour is interpolated in premultiplied space (so a fade to transparent
/// never darkens); before the first stop and after the last the end colours extend.
public struct Gradient: Sendable, Hashable {
    /// A colour at a location in 0...1.
    public struct Stop: Sendable, Hashable {
        public var color: Color
        public var location: Double

        public init(color: Color, location: Double) {
            self.color = color
            self.location = location
        }
    }

    /// The stops, in the order given; locations are clamped to 0...1 and sorted when painting
    /// (stops at the same location make a hard edge, in the order given).
    public var stops: [Stop]

    public init(stops: [Stop]) {
        self.stops = stops
    }

    /// Colours spaced evenly from 0 to 1.
    public init(colors: [Color]) {
        let last = Double(max(colors.count - 1, 1))
        stops = colors.enumerated().map { Stop(color: $1, location: Double($0) / last) }
    }

    /// 256 premultiplied packed pixels sampling the gradient from 0 to 1.
    ///
    /// No stops paint nothing (all clear); NaN locations count as 0.
    func lookupTable() -> [UInt32] {
        let sorted = stops.enumerated()
            .map { (index: $0, location: $1.location.isNaN ? 0 : min(max($1.location, 0), 1), color: $1.color) }
            .sorted { ($0.location, $0.index) < ($1.location, $1.index) }
        guard let first = sorted.first, let last = sorted.last else { return [UInt32](repeating: 0, count: 256) }
        func components(_ color: Color) -> SIMD4<Double> {
            let pixel = color.premultiplied
            return SIMD4(Double(pixel.red), Double(pixel.green), Double(pixel.blue), Double(pixel.alpha))
        }
        var table = [UInt32](repeating: 0, count: 256)
        var next = 0
        for entry in 0..<256 {
            let t = Double(entry) / 255
            while next < sorted.count && sorted[next].location <= t { next += 1 }
            let value: SIMD4<Double>
            if next == 0 {
                value = components(first.color)
            } else if next == sorted.count {
                value = components(last.color)
            } else {
                let (low, high) = (sorted[next - 1], sorted[next])
                let span = high.location - low.location
                let fraction = span > 0 ? (t - low.location) / span : 1
                value = components(low.color) + (components(high.color) - components(low.color)) * fraction
            }
            let rounded = (value + 0.5).rounded(.down)
            let alpha = UInt32(rounded[3])
            // Interpolating valid premultiplied colours keeps every component within alpha.
            table[entry] =
                min(UInt32(rounded[0]), alpha) | min(UInt32(rounded[1]), alpha) << 8
                | min(UInt32(rounded[2]), alpha) << 16 | alpha << 24
        }
        return table
    }
}

/// A gradient along the line from `start` to `end` (in the canvas's user space when drawn):
/// constant across it, 0 at `start` and 1 at `end`.
public struct LinearGradient: Sendable, Hashable {
    public var gradient: Gradient
    public var start: Point
    public var end: Point

    public init(_ gradient: Gradient, from start: Point, to end: Point) {
        self.gradient = gradient
        self.start = start
        self.end = end
    }
}

/// A gradient in circles around `center`: 0 at `startRadius`, 1 at `endRadius`.
public struct RadialGradient: Sendable, Hashable {
    public var gradient: Gradient
    public var center: Point
    public var startRadius: Double
    public var endRadius: Double

    public init(_ gradient: Gradient, center: Point, startRadius: Double = 0, endRadius: Double) {
        self.gradient = gradient
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
    }
}

/// What a fill paints with: a solid colour or a gradient.
public enum Paint: Sendable, Hashable {
    case color(Color)
    case linearGradient(LinearGradient)
    case radialGradient(RadialGradient)
}
