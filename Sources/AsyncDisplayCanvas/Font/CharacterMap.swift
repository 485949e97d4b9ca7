/// Character-to-glyph lookups read from a `cmap` subtable of format 4 (segments of the Basic
/// Multilingual Plane) or 12 (groups covering all of Unicode).
///
/// The arrays are copied out and checked when the font loads, so a lookup cannot fail: a code
/// the map does not cover, or whose entry points outside the table, maps to glyph 0.
enum CharacterMap: Sendable {
    /// Format 4: parallel arrays per segment; `words` holds the `idRangeOffset` array followed
    /// by the glyph index array, which `idRangeOffset` values index relative to themselves.
    case segments(ends: [UInt16], starts: [UInt16], deltas: [UInt16], words: [UInt16])
    /// Format 12: sequential groups, each mapping `starts[i]...ends[i]` to consecutive glyphs
    /// from `firstGlyphs[i]`.
    case groups(starts: [UInt32], ends: [UInt32], firstGlyphs: [UInt32])

    /// Reads the best Unicode subtable of a `cmap` table: format 12 before format 4, Windows
    /// before Unicode platform. A subtable that fails to parse yields to the next candidate.
    init(table: FontDataReader) throws(FontError) {
        let count = Int(try table.uint16(at: 2))
        var candidates: [(rank: Int, offset: Int)] = []
        var otherFormat: Int?
        for index in 0..<count {
            let record = 4 + 8 * index
            let platform = try table.uint16(at: record)
            let encoding = try table.uint16(at: record + 2)
            let offset = Int(try table.uint32(at: record + 4))
            guard let format = try? table.uint16(at: offset) else { continue }
            switch (platform, encoding, format) {
            case (3, 10, 12): candidates.append((0, offset))
            case (0, 4, 12), (0, 6, 12): candidates.append((1, offset))
            case (3, 1, 4): candidates.append((2, offset))
            case (0, _, 4): candidates.append((3, offset))
            default: otherFormat = otherFormat ?? Int(format)
            }
        }
        var firstError: FontError?
        for candidate in candidates.sorted(by: { $0.rank < $1.rank }) {
            do throws(FontError) {
                self = try CharacterMap(subtable: table.subrange(at: candidate.offset))
                return
            } catch {
                firstError = firstError ?? error
            }
        }
        if let firstError { throw firstError }
        if let otherFormat { throw .unsupportedFormat(table: "cmap", format: otherFormat) }
        throw .malformed("cmap")
    }

    /// Reads one subtable of format 4 or 12; `subtable` runs from its start to the table's end.
    init(subtable: FontDataReader) throws(FontError) {
        switch try subtable.uint16(at: 0) {
        case 4:
            // The declared length is often wrong in old fonts; trust it only as far as the table goes.
            let length = min(Int(try subtable.uint16(at: 2)), subtable.count)
            let data = try subtable.subrange(at: 0, length: length)
            let doubled = Int(try data.uint16(at: 6))
            guard doubled > 0, doubled % 2 == 0 else { throw .malformed("cmap") }
            let segmentCount = doubled / 2
            let ends = try data.uint16Array(at: 14, count: segmentCount)
            let starts = try data.uint16Array(at: 16 + doubled, count: segmentCount)
            let deltas = try data.uint16Array(at: 16 + 2 * doubled, count: segmentCount)
            let wordsStart = 16 + 3 * doubled
            let words = try data.uint16Array(at: wordsStart, count: max(0, (length - wordsStart) / 2))
            guard words.count >= segmentCount else { throw .truncated("cmap") }
            self = .segments(ends: ends, starts: starts, deltas: deltas, words: words)
        case 12:
            let count = Int(try subtable.uint32(at: 12))
            guard count <= subtable.count / 12 else { throw .truncated("cmap") }
            try subtable.check(16, 12 * count)
            var starts = [UInt32](repeating: 0, count: count)
            var ends = [UInt32](repeating: 0, count: count)
            var firstGlyphs = [UInt32](repeating: 0, count: count)
            for index in 0..<count {
                let group = 16 + 12 * index
                starts[index] = try subtable.uint32(at: group)
                ends[index] = try subtable.uint32(at: group + 4)
                firstGlyphs[index] = try subtable.uint32(at: group + 8)
                guard starts[index] <= ends[index] else { throw .malformed("cmap") }
            }
            self = .groups(starts: starts, ends: ends, firstGlyphs: firstGlyphs)
        case let format:
            throw .unsupportedFormat(table: "cmap", format: Int(format))
        }
    }

    /// The glyph for the character `code`; 0 (the missing glyph) where the map has none.
    ///
    /// Complexity: O(log segments).
    func glyph(for code: UInt32) -> UInt16 {
        switch self {
        case .segments(let ends, let starts, let deltas, let words):
            guard code <= 0xFFFF else { return 0 }
            let character = UInt16(code)
            let segment = Self.firstIndex(in: ends, notBelow: character)
            guard segment < ends.count, starts[segment] <= character else { return 0 }
            let rangeOffset = Int(words[segment])
            if rangeOffset == 0 { return character &+ deltas[segment] }
            // idRangeOffset counts bytes from its own position to the glyph index array entry.
            let index = segment + rangeOffset / 2 + Int(character - starts[segment])
            guard index < words.count, words[index] != 0 else { return 0 }
            return words[index] &+ deltas[segment]
        case .groups(let starts, let ends, let firstGlyphs):
            let group = Self.firstIndex(in: ends, notBelow: code)
            guard group < ends.count, starts[group] <= code else { return 0 }
            let glyph = UInt64(firstGlyphs[group]) + UInt64(code - starts[group])
            return glyph <= 0xFFFF ? UInt16(glyph) : 0
        }
    }

    /// The first index whose value is `value` or more, by binary search (sorted arrays; an
    /// unsorted one gives some index, never an out-of-range one).
    private static func firstIndex<Value: Comparable>(in values: [Value], notBelow value: Value) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
