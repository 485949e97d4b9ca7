/// Pair kerning from a `kern` table's format 0 subtables (horizontal, not cross-stream).
///
/// Pairs are keyed by `left << 16 | right` and kept sorted, so a lookup is a binary search.
struct KerningTable: Sendable {
    private var keys: [UInt32] = []
    private var values: [Int16] = []

    /// No kerning.
    init() {}

    /// Reads the first usable horizontal format 0 subtable of a `kern` table (version 0, the
    /// Windows layout); other formats are skipped.
    init(table: FontDataReader) throws(FontError) {
        guard try table.uint16(at: 0) == 0 else { throw .unsupportedFormat(table: "kern", format: 1) }
        let subtableCount = Int(try table.uint16(at: 2))
        var offset = 4
        for _ in 0..<subtableCount {
            let length = Int(try table.uint16(at: offset + 2))
            let coverage = try table.uint16(at: offset + 4)
            // Format in the high byte; bit 0 horizontal, bit 1 minimum, bit 2 cross-stream.
            if coverage >> 8 == 0, coverage & 0b111 == 0b001 {
                try read(format0: table.subrange(at: offset + 6))
                return
            }
            // A zero length would loop forever on the same subtable; stop instead.
            guard length >= 6 else { return }
            offset += length
        }
    }

    private mutating func read(format0 data: FontDataReader) throws(FontError) {
        let pairCount = Int(try data.uint16(at: 0))
        try data.check(8, 6 * pairCount)
        keys.reserveCapacity(pairCount)
        values.reserveCapacity(pairCount)
        for index in 0..<pairCount {
            let pair = 8 + 6 * index
            keys.append(try data.uint32(at: pair))
            values.append(try data.int16(at: pair + 4))
        }
        // Fonts should already sort their pairs; sort anyway so the binary search is sound.
        if zip(keys, keys.dropFirst()).contains(where: { $0 > $1 }) {
            let order = keys.indices.sorted { keys[$0] < keys[$1] }
            keys = order.map { keys[$0] }
            values = order.map { values[$0] }
        }
    }

    /// Whether the table holds no pairs.
    var isEmpty: Bool { keys.isEmpty }

    /// The adjustment between `left` and `right`, in font units (0 for an unlisted pair).
    ///
    /// Complexity: O(log pairs).
    func adjustment(between left: UInt16, and right: UInt16) -> Int {
        let key = UInt32(left) << 16 | UInt32(right)
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key ? Int(values[low]) : 0
    }
}
