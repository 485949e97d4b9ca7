/// A first-in, first-out queue over an array, for short queues of waiters.
///
/// Complexity: `append` and `popFirst` are amortised O(1); the consumed prefix is dropped once it
/// is over half the storage.
struct FIFOQueue<Element> {
    private var storage: [Element] = []
    private var head = 0

    var isEmpty: Bool { head == storage.count }
    var count: Int { storage.count - head }

    mutating func append(_ element: Element) {
        storage.append(element)
    }

    mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 32 && head * 2 > storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    /// Removes the elements that satisfy `shouldRemove`, keeping the others in order.
    ///
    /// Complexity: O(count).
    mutating func removeAll(where shouldRemove: (Element) -> Bool) {
        storage.removeFirst(head)
        head = 0
        storage.removeAll(where: shouldRemove)
    }
}

extension FIFOQueue: Sendable where Element: Sendable {}
