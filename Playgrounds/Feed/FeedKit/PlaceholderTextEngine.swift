import AsyncDisplay

/// A text engine without fonts: every character advances by the same width, lines wrap at
/// spaces by character count, and each line draws as a rounded grey bar.
///
/// The feed falls back to it where no system font is installed; it keeps the feed's geometry
/// realistic (a 15 pt body wraps at about 37 characters in a 312 pt column) and gives layout
/// tests metrics that do not depend on a font.
public struct PlaceholderTextEngine: TextEngine {
    /// Every character's advance, as a share of the font size.
    public var advanceRatio: Double

    public init(advanceRatio: Double = 0.55) {
        self.advanceRatio = advanceRatio
    }

    /// A paragraph laid out in lines of characters.
    public struct Layout: TextBlock, Hashable {
        /// The text of each line, the last ending in "…" when truncated.
        public let lines: [String]
        /// Each line's width in points.
        public let lineWidths: [Double]
        public let style: TextStyle
        public let isTruncated: Bool

        public var lineCount: Int { lines.count }

        public var size: Size {
            Size(width: lineWidths.max() ?? 0, height: Double(lines.count) * style.lineHeight)
        }
    }

    /// The width of one character in `style`, in points (a positive number).
    public func advance(in style: TextStyle) -> Double {
        let advance = style.fontSize * advanceRatio
        return advance.isFinite && advance > 0 ? advance : 1
    }

    /// Greedy word wrapping by character count; a word longer than a line is split. A width
    /// that is not a finite positive number holds one character a line.
    ///
    /// Complexity: O(characters in `text`).
    public func layOut(_ text: String, style: TextStyle, width: Double, maximumLines: Int) -> Layout {
        let advance = advance(in: style)
        let columns = width.isFinite && width >= advance ? Int(min(width / advance, 1_000_000)) : 1
        let lineLimit = max(1, maximumLines)
        var lines: [String] = []
        var current = ""
        for piece in text.split(separator: " ") {
            var word = piece[...]
            if current.isEmpty ? word.count <= columns : current.count + 1 + word.count <= columns {
                current += current.isEmpty ? String(word) : " " + word
                continue
            }
            if !current.isEmpty { lines.append(current) }
            while word.count > columns {
                lines.append(String(word.prefix(columns)))
                word = word.dropFirst(columns)
            }
            current = String(word)
            // Beyond the limit nothing more shows; one extra line proves truncation.
            if lines.count > lineLimit { break }
        }
        if !current.isEmpty { lines.append(current) }
        var isTruncated = false
        if lines.count > lineLimit {
            isTruncated = true
            lines.removeLast(lines.count - lineLimit)
            var last = lines[lineLimit - 1]
            while !last.isEmpty && (last.count + 1 > columns || last.last == " ") { last.removeLast() }
            lines[lineLimit - 1] = last + "…"
        }
        return Layout(
            lines: lines, lineWidths: lines.map { Double($0.count) * advance }, style: style, isTruncated: isTruncated)
    }

    /// Draws each line as a rounded bar of its width, centred in its line height.
    public func draw(_ layout: Layout, lines: Range<Int>, at origin: Point, in canvas: inout Canvas) {
        let style = layout.style
        let barHeight = style.fontSize * 0.6
        let color = Color(
            red: style.color.red, green: style.color.green, blue: style.color.blue, alpha: style.isBold ? 0.8 : 0.45)
        for index in lines.clamped(to: layout.lineWidths.indices) where layout.lineWidths[index] > 0 {
            let width = layout.lineWidths[index]
            let top = origin.y + Double(index) * style.lineHeight + (style.lineHeight - barHeight) / 2
            var bar = Path()
            bar.addRoundedRect(
                Rect(x: origin.x, y: top, width: width, height: barHeight), radii: CornerRadii(all: barHeight / 2))
            canvas.fill(bar, with: color)
        }
    }
}
