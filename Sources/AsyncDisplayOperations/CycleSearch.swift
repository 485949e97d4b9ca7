/// Finds a dependency cycle among a batch of steps.
///
/// Edges that leave the batch cannot close a cycle (operations already submitted never depend
/// on new ones), so the search looks at the batch alone. It orders the batch topologically
/// (Kahn's algorithm); what is left over lies on or behind a cycle, and a walk along
/// dependencies from any leftover step must come back on itself.
///
/// Complexity: O(n + e) for n steps and e dependencies.
enum CycleSearch {
    /// The batch's indices in an order where dependencies come first, or the names round a cycle
    /// (first name repeated at the end).
    static func order(_ steps: [ErasedOperationStep]) -> Result<[Int], OperationError> {
        var indexByID: [OperationID: Int] = [:]
        indexByID.reserveCapacity(steps.count)
        for (index, step) in steps.enumerated() { indexByID[step.id] = index }
        var remaining = [Int](repeating: 0, count: steps.count)
        var dependents = [[Int]](repeating: [], count: steps.count)
        for (index, step) in steps.enumerated() {
            for dependency in step.dependencies {
                guard let other = indexByID[dependency] else { continue }
                remaining[index] += 1
                dependents[other].append(index)
            }
        }
        var order: [Int] = []
        order.reserveCapacity(steps.count)
        for index in steps.indices where remaining[index] == 0 { order.append(index) }
        var next = 0
        while next < order.count {
            for dependent in dependents[order[next]] {
                remaining[dependent] -= 1
                if remaining[dependent] == 0 { order.append(dependent) }
            }
            next += 1
        }
        guard order.count < steps.count else { return .success(order) }
        let start = remaining.firstIndex { $0 > 0 }!
        return .failure(.cycle(walkToCycle(from: start, steps, indexByID, remaining)))
    }

    /// Walks dependencies that are still blocked from `start` until a step repeats; returns the
    /// cycle's names in dependency order ("a depends on b" reads a → b).
    private static func walkToCycle(
        from start: Int, _ steps: [ErasedOperationStep], _ indexByID: [OperationID: Int], _ remaining: [Int]
    ) -> [String] {
        var path: [Int] = []
        var position: [Int: Int] = [:]
        var current = start
        while position[current] == nil {
            position[current] = path.count
            path.append(current)
            // A blocked step has at least one blocked dependency in the batch.
            current = steps[current].dependencies.lazy.compactMap { indexByID[$0] }.first { remaining[$0] > 0 }!
        }
        let cycle = path[position[current]!...].map { steps[$0].name }
        return cycle + [steps[current].name]
    }
}
