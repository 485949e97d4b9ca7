/// A batch of steps checked for submission: no duplicates, no cycle among them, dependencies
/// resolved to batch indices where they can be, and an order where dependencies come first.
///
/// Edges that leave the batch cannot close a cycle (operations already submitted never depend
/// on new ones), so the batch is checked alone and outside the manager's lock. The order comes
/// from Kahn's algorithm; what it leaves over lies on or behind a cycle, and a walk along
/// blocked dependencies from any leftover step must come back on itself.
///
/// Complexity: O(n + e) for n steps and e dependencies.
struct SubmissionBatch: Sendable {
    let steps: [ErasedOperationStep]
    /// Each step's identity, read once from the steps.
    let ids: [OperationID]
    /// Batch indices by identity.
    let identities: IdentityIndex
    /// Batch indices, dependencies first.
    let order: [Int]
    /// Where each step's dependencies start in `dependencyIndices` (one extra entry at the end).
    let dependencyStart: [Int]
    /// Each step's dependencies, one list after another, read once from the steps.
    let dependencyIDs: [OperationID]
    /// Each dependency's batch index, or -1 for one outside the batch.
    let dependencyIndices: [Int]
    /// Where each step's dependents within the batch start in `dependentIndices` (one extra entry
    /// at the end).
    let dependentStart: [Int]
    /// The batch indices of each step's dependents within the batch, in batch order.
    let dependentIndices: [Int]
    /// Whether any step depends on an operation outside the batch.
    let dependsOutside: Bool

    /// Checks `steps`.
    ///
    /// - Throws: `OperationError.duplicateOperation` or `.cycle` (names round the cycle, first
    ///   repeated at the end, "a depends on b" read a → b).
    init(_ steps: [ErasedOperationStep]) throws(OperationError) {
        // The one pass over the step objects; everything after works on flat lists.
        var ids: [OperationID] = []
        ids.reserveCapacity(steps.count)
        var dependencyStart: [Int] = []
        dependencyStart.reserveCapacity(steps.count + 1)
        var dependencyIDs: [OperationID] = []
        dependencyIDs.reserveCapacity(3 * steps.count)
        for step in steps {
            ids.append(step.id)
            dependencyStart.append(dependencyIDs.count)
            dependencyIDs.append(contentsOf: step.dependencies)
        }
        dependencyStart.append(dependencyIDs.count)
        let identities = IdentityIndex(count: ids.count) { ids[$0] }
        if let repeated = identities.firstRepeat { throw .duplicateOperation(steps[repeated].name) }
        var dependencyIndices = [Int](repeating: -1, count: dependencyIDs.count)
        var remaining = [Int](repeating: 0, count: steps.count)
        var dependentCount = [Int](repeating: 0, count: steps.count + 1)
        for index in steps.indices {
            for edge in dependencyStart[index]..<dependencyStart[index + 1] {
                guard let other = identities.position(of: dependencyIDs[edge]) else { continue }
                dependencyIndices[edge] = other
                remaining[index] += 1
                dependentCount[other + 1] += 1
            }
        }
        // Dependents in one flat array, indexed like a compressed sparse row.
        for index in 0..<steps.count { dependentCount[index + 1] += dependentCount[index] }
        var fill = dependentCount
        var dependents = [Int](repeating: 0, count: dependentCount[steps.count])
        for index in steps.indices {
            for edge in dependencyStart[index]..<dependencyStart[index + 1] where dependencyIndices[edge] >= 0 {
                dependents[fill[dependencyIndices[edge]]] = index
                fill[dependencyIndices[edge]] += 1
            }
        }
        var order: [Int] = []
        order.reserveCapacity(steps.count)
        for index in steps.indices where remaining[index] == 0 { order.append(index) }
        var next = 0
        while next < order.count {
            let index = order[next]
            for position in dependentCount[index]..<dependentCount[index + 1] {
                let dependent = dependents[position]
                remaining[dependent] -= 1
                if remaining[dependent] == 0 { order.append(dependent) }
            }
            next += 1
        }
        self.steps = steps
        self.ids = ids
        self.dependencyIDs = dependencyIDs
        self.identities = identities
        self.order = order
        self.dependencyStart = dependencyStart
        self.dependencyIndices = dependencyIndices
        dependentStart = dependentCount
        dependentIndices = dependents
        dependsOutside = dependencyIndices.contains(-1)
        if order.count < steps.count, let start = remaining.firstIndex(where: { $0 > 0 }) {
            throw .cycle(walkToCycle(from: start, remaining))
        }
    }

    /// The batch indices of the dependencies of step `index` that are in the batch.
    func batchDependencies(of index: Int) -> some Sequence<Int> {
        dependencyIndices[dependencyStart[index]..<dependencyStart[index + 1]].lazy.filter { $0 >= 0 }
    }

    /// The batch indices of the dependents of step `index` within the batch.
    func batchDependents(of index: Int) -> ArraySlice<Int> {
        dependentIndices[dependentStart[index]..<dependentStart[index + 1]]
    }

    /// Walks blocked dependencies from `start` until a step repeats; returns the cycle's names.
    private func walkToCycle(from start: Int, _ remaining: [Int]) -> [String] {
        var path: [Int] = []
        var position: [Int: Int] = [:]
        var current = start
        while position[current] == nil {
            position[current] = path.count
            path.append(current)
            // A blocked step has a blocked dependency in the batch; stop if not (cannot happen).
            guard let next = batchDependencies(of: current).first(where: { remaining[$0] > 0 }) else { break }
            current = next
        }
        let cycle = path[(position[current] ?? 0)...].map { steps[$0].name }
        return cycle + [steps[current].name]
    }
}
