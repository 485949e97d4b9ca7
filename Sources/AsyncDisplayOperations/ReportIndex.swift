/// Finds a report's entry by identity: by binary search when the entries are in increasing
/// identity order (steps made in the order they are submitted, the usual case), by hashing
/// otherwise.
///
/// Complexity: O(n) to make, with nothing hashed or allocated in the usual case; O(log n) to
/// look up then, O(1) otherwise.
struct ReportIndex: Sendable {
    /// Positions by identity; nil when the entries are in increasing identity order.
    private let positions: [OperationID: Int]?

    init(_ entries: [OperationReport.Entry]) {
        var increasing = true
        for index in entries.indices.dropFirst() where entries[index - 1].id >= entries[index].id {
            increasing = false
            break
        }
        guard !increasing else {
            positions = nil
            return
        }
        var positions: [OperationID: Int] = [:]
        positions.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() { positions[entry.id] = index }
        self.positions = positions
    }

    /// The position of `id` in `entries`, the entries this index was made from.
    func position(of id: OperationID, in entries: [OperationReport.Entry]) -> Int? {
        if let positions { return positions[id] }
        var low = 0
        var high = entries.count
        while low < high {
            let middle = low + (high - low) / 2
            if entries[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && entries[low].id == id ? low : nil
    }
}
