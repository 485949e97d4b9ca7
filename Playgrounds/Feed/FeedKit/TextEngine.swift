import AsyncDisplay

/// The text engine the feed's cells lay out and draw with.
///
/// TrueType text from the system font; `PlaceholderTextEngine` stands in where none is installed
/// (and keeps layout tests independent of font metrics).
public typealias FeedTextEngine = TrueTypeTextEngine

/// Lays out and draws the feed's text, off the main actor.
///
/// Layouts are values, computed once (on any thread) and drawn later, as YYLabel's are.
public protocol TextEngine: Sendable {
    /// A paragraph laid out in a width.
    associatedtype Layout: TextBlock

    /// Lays `text` out in lines no wider than `width` points, word-wrapped, at most
    /// `maximumLines` of them (at least one), the last truncated with "…" when the text is longer.
    func layOut(_ text: String, style: TextStyle, width: Double, maximumLines: Int) -> Layout

    /// Draws the `lines` of `layout` (indices past its lines are ignored), each where it sits in
    /// the whole layout, with the first line's top-left corner at `origin` (points).
    func draw(_ layout: Layout, lines: Range<Int>, at origin: Point, in canvas: inout Canvas)
}

extension TextEngine {
    /// Draws every line of `layout` with its first line's top-left corner at `origin` (points).
    public func draw(_ layout: Layout, at origin: Point, in canvas: inout Canvas) {
        draw(layout, lines: 0..<layout.lineCount, at: origin, in: &canvas)
    }

    /// Draws `layout` a line at a time, checking `isCancelled()` before each; false when it
    /// stopped early.
    public func draw(
        _ layout: Layout, at origin: Point, in canvas: inout Canvas, isCancelled: () -> Bool
    ) -> Bool {
        for line in 0..<layout.lineCount {
            guard !isCancelled() else { return false }
            draw(layout, lines: line..<line + 1, at: origin, in: &canvas)
        }
        return true
    }
}

/// What cell layout needs to know of a laid-out paragraph.
public protocol TextBlock: Sendable {
    /// The width of the widest line and the height of all lines, in points.
    var size: Size { get }
    var lineCount: Int { get }
    /// Whether the text was cut to fit the line limit.
    var isTruncated: Bool { get }
}

/// How a paragraph looks.
public struct TextStyle: Sendable, Hashable {
    /// Points.
    public var fontSize: Double
    /// The distance between baselines, in points.
    public var lineHeight: Double
    public var color: Color
    public var isBold: Bool

    public init(fontSize: Double, lineHeight: Double, color: Color, isBold: Bool = false) {
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.color = color
        self.isBold = isBold
    }
}
