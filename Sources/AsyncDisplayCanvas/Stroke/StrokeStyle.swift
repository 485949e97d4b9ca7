/// How a path is stroked: the line's width, the shape of its ends and corners, and its dashes.
///
/// Lengths are in the path's units (points on a canvas).
public struct StrokeStyle: Sendable, Hashable {
    /// The shape drawn at the ends of open subpaths and of dashes.
    public enum LineCap: Sendable, Hashable {
        /// The stroke stops square at the end point.
        case butt
        /// A half disk of the line's width around the end point.
        case round
        /// The stroke goes on half the line's width past the end point, square.
        case square
    }

    /// The shape drawn where two segments meet.
    public enum LineJoin: Sendable, Hashable {
        /// The outer edges extended until they meet, or `bevel` past the miter limit.
        case miter
        /// A circular arc around the corner.
        case round
        /// The outer corners joined by a straight line.
        case bevel
    }

    /// The line's width; zero, negative or non-finite widths stroke nothing.
    public var width: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    /// The longest miter, as a multiple of the width, before a miter join falls back to a bevel
    /// (as in CoreGraphics: 10 cuts off corners sharper than about 11.5°). Below 1, or NaN, every
    /// join is a bevel.
    public var miterLimit: Double
    /// Alternating lengths drawn and skipped, starting with a drawn one; an odd count repeats
    /// itself. Empty, all zero, or holding a negative or non-finite length: a solid line.
    ///
    /// Each subpath starts the pattern afresh, measured along its flattened curves; each dash is
    /// capped like an open subpath (zero-length dashes are dots with round or square caps). On a
    /// closed subpath, a dash running through the start point continues unbroken, joined there.
    /// A subpath that would make more than a million dashes is stroked solid.
    public var dashPattern: [Double]
    /// How far into the dash pattern the stroke starts; non-finite phases count as zero.
    public var dashPhase: Double

    public init(
        width: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
        dashPattern: [Double] = [], dashPhase: Double = 0
    ) {
        self.width = width
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dashPattern = dashPattern
        self.dashPhase = dashPhase
    }
}
