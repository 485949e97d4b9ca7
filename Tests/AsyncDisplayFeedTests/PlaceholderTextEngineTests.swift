import AsyncDisplay
import AsyncDisplayFeed
import Testing

@Suite("Placeholder text engine")
struct PlaceholderTextEngineTests {
    /// Ten points a character.
    let engine = PlaceholderTextEngine(advanceRatio: 1)
    let style = TextStyle(fontSize: 10, lineHeight: 12, color: .black)

    /// Greedy wrapping as a person would do it on paper: put each word on the line if it fits,
    /// else start a new line; cut words longer than a line into pieces.
    private func naiveLines(_ text: String, columns: Int) -> [String] {
        var lines: [String] = []
        for word in text.split(separator: " ").map(String.init) {
            var rest = word
            if let last = lines.last, !last.isEmpty, last.count + 1 + rest.count <= columns {
                lines[lines.count - 1] = last + " " + rest
                continue
            }
            while rest.count > columns {
                lines.append(String(rest.prefix(columns)))
                rest = String(rest.dropFirst(columns))
            }
            lines.append(rest)
        }
        return lines
    }

    @Test("Wrapping matches a naive greedy wrapper for every text of up to four words of 1–4 letters")
    func exhaustiveWrapping() {
        // Every sequence of up to four word lengths in 1...4; word i repeats letter i.
        var lengthLists: [[Int]] = [[]]
        var frontier: [[Int]] = [[]]
        for _ in 0..<4 {
            frontier = frontier.flatMap { list in (1...4).map { list + [$0] } }
            lengthLists += frontier
        }
        let letters = Array("abcd")
        let texts = lengthLists.map { lengths in
            lengths.enumerated().map { String(repeating: letters[$0.offset], count: $0.element) }.joined(separator: " ")
        }
        #expect(texts.count == 341)
        for text in texts {
            for columns in 1...7 {
                let layout = engine.layOut(text, style: style, width: Double(columns) * 10, maximumLines: 100)
                #expect(layout.lines == naiveLines(text, columns: columns), "\(text) in \(columns) columns")
                #expect(!layout.isTruncated)
                #expect(layout.lineWidths == layout.lines.map { Double($0.count) * 10 })
            }
        }
    }

    @Test("Past the line limit the last line kept ends in an ellipsis and still fits", arguments: 1...4)
    func truncation(limit: Int) {
        let text = "one two three four five six seven eight nine ten eleven twelve"
        let columns = 9
        let full = naiveLines(text, columns: columns)
        let layout = engine.layOut(text, style: style, width: Double(columns) * 10, maximumLines: limit)
        #expect(layout.isTruncated == (full.count > limit))
        #expect(layout.lineCount == min(full.count, limit))
        #expect(Array(layout.lines.dropLast()) == Array(full.prefix(limit - 1)))
        #expect(layout.lines.last!.hasSuffix("…"))
        #expect(layout.lines.last!.count <= columns)
        #expect(layout.size == Size(width: layout.lineWidths.max()!, height: Double(limit) * 12))
    }

    @Test("Text that fits exactly in the limit is not truncated")
    func exactFit() {
        let layout = engine.layOut("aaa bbb ccc", style: style, width: 30, maximumLines: 3)
        #expect(layout.lines == ["aaa", "bbb", "ccc"])
        #expect(!layout.isTruncated)
    }

    @Test(
        "Widths that are not finite positive numbers give one character a line, within the limit",
        arguments: [0, -5, .nan, .infinity])
    func badWidths(width: Double) {
        let layout = engine.layOut("abc de", style: style, width: width, maximumLines: 3)
        #expect(layout.lineCount == 3)
        #expect(layout.lines.allSatisfy { $0.count <= 1 })
        #expect(layout.isTruncated)
    }

    @Test("An empty text lays out to nothing; a limit under one counts as one")
    func edges() {
        #expect(engine.layOut("", style: style, width: 100, maximumLines: 8).lineCount == 0)
        #expect(engine.layOut("   ", style: style, width: 100, maximumLines: 8).size == .zero)
        let one = engine.layOut("aa bb cc", style: style, width: 20, maximumLines: 0)
        #expect(one.lines == ["a…"] && one.isTruncated)
    }

    @Test("Each line draws as a bar of its width, and nothing outside the lines")
    func drawing() {
        var canvas = Canvas(width: 100, height: 40, background: .white)
        let layout = engine.layOut("aaaa bb", style: style, width: 50, maximumLines: 5)
        engine.draw(layout, at: Point(x: 5, y: 0), in: &canvas)
        #expect(canvas[x: 20, y: 6] != .white)  // first line: 40 points wide, from x 5
        #expect(canvas[x: 47, y: 6] == .white)
        #expect(canvas[x: 15, y: 18] != .white)  // second line: 20 points wide
        #expect(canvas[x: 30, y: 18] == .white)
        #expect(canvas[x: 20, y: 30] == .white)  // no third line
    }
}
