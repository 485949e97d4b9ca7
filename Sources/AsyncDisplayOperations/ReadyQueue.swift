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
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Entry? {
        guard !heap.isEmpty else { return nil }
        let first = heap[0]
        let last = heap.removeLast()
        guard !heap.isEmpty else { return first }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { break }
            let right = left + 1
            let best = right < heap.count && heap[right].precedes(heap[left]) ? right : left
            guard heap[best].precedes(heap[parent]) else { break }
            heap.swapAt(best, parent)
            parent = best
        }
        return first
    }

    /// The entries in no particular order, for diagnostics.
    var entries: [Entry] { heap }
}
