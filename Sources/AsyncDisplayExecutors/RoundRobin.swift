import Synchronization

extension Atomic where Value == Int {
    /// Takes the next ticket and maps it to an index in `0..<count`.
    ///
    /// The ticket is read as unsigned, so the index stays in range when the counter wraps
    /// past `Int.max` (YYDispatchQueuePool's signed counter went negative there and crashed).
    @inline(__always)
    func nextIndex(modulo count: Int) -> Int {
        let ticket = wrappingAdd(1, ordering: .relaxed).oldValue
        return Int(UInt(bitPattern: ticket) % UInt(count))
    }
}

/// The index in `0..<count` with the smallest `depth`, scanning from `start` and wrapping, so
/// that ties go to the first one at or after `start`. Stops early at a depth of zero.
///
/// Complexity: O(count).
@inline(__always)
func leastLoadedIndex(count: Int, from start: Int, depth: (Int) -> Int) -> Int {
    var best = start
    var bestDepth = depth(start)
    var offset = 1
    while offset < count && bestDepth > 0 {
        let candidate = (start + offset) % count
        let candidateDepth = depth(candidate)
        if candidateDepth < bestDepth {
            best = candidate
            bestDepth = candidateDepth
        }
        offset += 1
    }
    return best
}
