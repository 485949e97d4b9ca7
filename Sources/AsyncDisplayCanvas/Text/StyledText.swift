/// A piece of text in one font, size and colour.
public struct TextRun: Sendable, Hashable {
    public var string: String
    public var font: Font
    /// Points per em. A run whose size is not a positive finite number is left out of layouts.
    public var size: Double
    public var color: Color

    public init(_ string: String, font: Font, size: Double, color: Color = .black) {
        self.string = string
        self.font = font
        self.size = size
        self.color = color
    }

    /// Whether the run's size can be laid out.
    var hasUsableSize: Bool { size.isFinite && size > 0 }
}

/// Text made of runs, each with its own font, size and colour: what a `TextLayout` lays out.
public struct StyledText: Sendable, Hashable {
    public var runs: [TextRun]

    public init(_ runs: [TextRun] = []) {
        self.runs = runs
    }

    /// Text in a single style.
    public init(_ string: String, font: Font, size: Double, color: Color = .black) {
        runs = [TextRun(string, font: font, size: size, color: color)]
    }

    /// Adds `run` at the end.
    public mutating func append(_ run: TextRun) {
        runs.append(run)
    }
}

/// Where each line sits across the layout's width.
public enum TextAlignment: Sendable, Hashable {
    /// Against the left edge.
    case leading
    /// Centred.
    case center
    /// Against the right edge.
    case trailing
}

/// How far apart lines are.
///
/// Either way, the space a line gets beyond its glyphs' ascent and descent is split evenly above
/// and below them (half-leading, as in CSS), and a height smaller than that makes lines overlap.
public enum LineHeight: Sendable, Hashable {
    /// A multiple of the line's natural height (the largest ascent plus descent plus line gap
    /// of its fonts, from their `hhea` tables); `.multiple(1)` is the font's own spacing. A
    /// multiple that is not a positive finite number counts as 1.
    case multiple(Double)
    /// A fixed height in points for every line. One that is not a non-negative finite number
    /// gives the natural height.
    case fixed(Double)
}

/// How a `TextLayout` arranges its text: alignment, line height, line limit and kerning.
public struct TextLayoutOptions: Sendable, Hashable {
    public var alignment: TextAlignment
    public var lineHeight: LineHeight
    /// The most lines to show (0 or less for no limit); text beyond them is cut and the last
    /// line ends with "…" (or "..." when its font lacks the ellipsis), its glyphs removed from
    /// the end until the ellipsis fits the width.
    public var maximumLineCount: Int
    /// Whether to apply the fonts' pair kerning.
    public var usesKerning: Bool

    public init(
        alignment: TextAlignment = .leading, lineHeight: LineHeight = .multiple(1), maximumLineCount: Int = 0,
        usesKerning: Bool = true
    ) {
        self.alignment = alignment
        self.lineHeight = lineHeight
        self.maximumLineCount = maximumLineCount
        self.usesKerning = usesKerning
    }
}
