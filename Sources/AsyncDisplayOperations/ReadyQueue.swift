/// The operations ready to start, best first: higher priority, then the longer remaining
/// critical path, then submission order.
///
/// A binary heap. Entries carry their keys, so the heap stays valid whatever happens to the
/// nodes; entries whose node has moved on are skipped by the caller when popped.
///
/// Complexity: O(log n) to push and pop.
struct ReadyQueue: Sendable {
    struct Entry: Sendable {
        let priority: Int
        let criticalPath: Int64
        let sequence: Int
        let slot: Int
        let id: OperationID

        /// Whether `self` starts before `other`.
        func precedes(_ other: Entry) -> Bool {
            if priority != other.priority { return priority > other.priority }
            if criticalPath != other.criticalPath { return criticalPath > other.criticalPath }
            return sequence < other.sequence
        }
    }

    private var heap: [Entry] = []

    var isEmpty: Bool { heap.isEmpty }
    var count: Int { heap.count }

    mutating func push(_ entry: Entry) {
        heap.append(entry)
        // Sift up by moving parents into a hole, writing the entry once where it belongs.
        heap.withUnsafeMutableBufferPointer { heap in
            // Safe: every index is below `heap.count` (a child's parent is smaller than it).
            var hole = heap.count - 1
            while hole > 0 {
                let parent = (hole - 1) / 2
                guard entry.precedes(heap[parent]) else { break }
                heap[hole] = heap[parent]
                hole = parent
            }
            heap[hole] = entry
        }
    }

    mutating func pop() -> Entry? {
        guard let last = heap.popLast() else { return nil }
        guard !heap.isEmpty else { return last }
        // Sift the last entry down from the root by moving the better child into a hole.
        return heap.withUnsafeMutableBufferPointer { heap in
            // Safe: `left` and `right` are checked against `heap.count` before use.
            let first = heap[0]
            let count = heap.count
            var hole = 0
            while true {
                let left = 2 * hole + 1
                guard left < count else { break }
                let right = left + 1
                let best = right < count && heap[right].precedes(heap[left]) ? right : left
                guard heap[best].precedes(last) else { break }
                heap[hole] = heap[best]
                hole = best
            }
            heap[hole] = last
            return first
        }
    }

    /// The entries in no particular order, for diagnostics.
    var entries: [Entry] { heap }
}
