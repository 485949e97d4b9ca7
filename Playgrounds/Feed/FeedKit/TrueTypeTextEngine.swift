import AsyncDisplay

/// The feed's text: the system font (DejaVu Sans on Linux) laid out by the canvas's
/// `TextLayout` and drawn from the shared glyph cache.
///
/// Where the font is not installed it falls back to `PlaceholderTextEngine`'s fixed-advance
/// bars, so the feed still runs (and says so in its metrics only through its pictures).
public struct TrueTypeTextEngine: TextEngine {
    private let regular: Font?
    private let bold: Font?
    private let fallback = PlaceholderTextEngine()

    /// Loads the system fonts once per process (later engines share them).
    public init() {
        regular = try? Font.systemDefault()
        bold = (try? Font.systemDefault(bold: true)) ?? regular
    }

    /// A paragraph laid out with the font, or by the fallback.
    public enum Layout: TextBlock {
        case typeset(TextLayout)
        case placeholder(PlaceholderTextEngine.Layout)

        public var size: Size {
            switch self {
            case .typeset(let layout): layout.size
            case .placeholder(let layout): layout.size
            }
        }

        public var lineCount: Int {
            switch self {
            case .typeset(let layout): layout.lineCount
            case .placeholder(let layout): layout.lineCount
            }
        }

        public var isTruncated: Bool {
            switch self {
            case .typeset(let layout): layout.isTruncated
            case .placeholder(let layout): layout.isTruncated
            }
        }
    }

    public func layOut(_ text: String, style: TextStyle, width: Double, maximumLines: Int) -> Layout {
        guard let font = style.isBold ? bold : regular else {
            return .placeholder(fallback.layOut(text, style: style, width: width, maximumLines: maximumLines))
        }
        var options = TextLayoutOptions()
        options.lineHeight = .fixed(style.lineHeight)
        options.maximumLineCount = max(1, maximumLines)
        let styled = StyledText(text, font: font, size: style.fontSize, color: style.color)
        return .typeset(TextLayout(styled, width: width, options: options))
    }

    public func draw(_ layout: Layout, lines: Range<Int>, at origin: Point, in canvas: inout Canvas) {
        switch layout {
        case .typeset(let layout): canvas.draw(layout, at: origin, lines: lines)
        case .placeholder(let layout): fallback.draw(layout, lines: lines, at: origin, in: &canvas)
        }
    }
}
