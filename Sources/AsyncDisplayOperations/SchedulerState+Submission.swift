/// Adding operations: validation, edges and critical-path weights.
extension SchedulerState {
    /// Which run a batch joins.
    enum RunTarget: Sendable {
        /// A new run, for `submit`.
        case new(OperationRun, FailurePolicy)
        /// The run of the operation at `slot` (named `name`) adding to it from its attempt
        /// `attempt`; with `dependentsWait`, that operation's dependents also wait for the batch.
        case addedBy(slot: Int, id: OperationID, name: String, attempt: Int, dependentsWait: Bool)
    }

    /// Adds a batch of steps, already checked for duplicates and cycles among themselves.
    /// Nothing changes if it throws.
    mutating func submit(
        _ batch: SubmissionBatch, to target: RunTarget, now: Duration, _ actions: inout SchedulerActions
    ) throws(OperationError) {
        let steps = batch.steps
        try validate(batch, target)
        let (runNumber, runPlace, waitingDependents) = try prepareRun(for: target, batch, now: now)

        var slots = [Int](repeating: 0, count: steps.count)
        nodes.reserveCapacity(nodes.count + steps.count)
        details.reserveCapacity(details.count + steps.count)
        slotByID.reserveCapacity(slotByID.count + steps.count)
        for index in steps.indices {
            let step = steps[index]
            let (estimate, recordIndex) = estimate(of: step)
            let node = Node(
                sequence: nextSequence, priority: step.priority, rule: step.rule,
                claimsCategories: !step.managerCategories.isEmpty || !step.processCategories.isEmpty,
                runsOnPool: step.isolation.isPool, recordIndex: recordIndex, id: step.id, run: runNumber,
                runPlace: Int32(truncatingIfNeeded: runPlace),
                estimate: estimate)
            nextSequence += 1
            slots[index] = allocateSlot(for: node, NodeDetails(step: step, enqueuedAt: now))
            slotByID[step.id] = slots[index]
        }
        connect(batch, slots)
        for dependent in waitingDependents {
            nodes[dependent].hasAddedDependencies = true
            for slot in slots { addEdge(from: dependent, to: slot) }
        }
        weigh(batch, slots, waitingDependents: waitingDependents)
        runs[runNumber]?.slots.append(contentsOf: slots)
        runs[runNumber]?.batches.append(steps)
        runProgress[runPlace].unfinished += slots.count
        for slot in slots { emit(.enqueued, slot, at: now, &actions) }
        // Steps added by a cancelled operation (its run cancelled, say) are cancelled with it.
        if case .addedBy(let adder, _, _, _, _) = target, nodes[adder].isCancelled {
            markCancelled(from: slots, &actions)
        }
        for slot in slots where nodes[slot].remaining == 0 { dependenciesEnded(slot, now: now, &actions) }
        finishPending(now: now, &actions)
        fillSlots(now: now, &actions)
        // An empty graph has nothing whose end would end its run.
        if slots.isEmpty, case .new = target { endRun(runNumber, &actions) }
    }

    /// The critical-path weight of a new step: its estimate, else its name's recorded duration,
    /// else the default; and where its duration is recorded when it succeeds (-1: nowhere).
    ///
    /// A name gets its place in the table the first time it is submitted, while the table has
    /// room, so that its end writes the duration there without hashing the name again. The table
    /// never shrinks, so a name it had no room for never gets in.
    private mutating func estimate(of step: ErasedOperationStep) -> (Int64, recordIndex: Int32) {
        let place = recordedDurations.place(of: step.name)
        let index = place.map { Int32($0) } ?? -1
        if let given = step.estimatedDuration { return (max(1, given.nanoseconds), index) }
        if let place, recordedDurations[place] > 0 { return (recordedDurations[place], index) }
        return (defaultEstimate, index)
    }

    /// Checks the batch against the manager: identities new, outside dependencies live.
    private func validate(_ batch: SubmissionBatch, _ target: RunTarget) throws(OperationError) {
        for index in batch.ids.indices where slotByID[batch.ids[index]] != nil {
            throw .duplicateOperation(batch.steps[index].name)
        }
        for index in batch.ids.indices where batch.dependsOutside {
            for edge in batch.dependencyStart[index]..<batch.dependencyStart[index + 1]
            where batch.dependencyIndices[edge] < 0 && slotByID[batch.dependencyIDs[edge]] == nil {
                throw .unknownDependency(operation: batch.steps[index].name, dependency: batch.dependencyIDs[edge])
            }
        }
        if case .addedBy(let slot, let id, let name, let attempt, _) = target,
            !isCurrent(slot, id, attempt: attempt) || nodes[slot].phase != .running
        {
            throw .operationEnded(name)
        }
    }

    /// The number and place of the run the batch joins, made if new, and the dependents that must
    /// also wait for the batch.
    private mutating func prepareRun(
        for target: RunTarget, _ batch: SubmissionBatch, now: Duration
    ) throws(OperationError) -> (Int, Int, [Int]) {
        switch target {
        case .new(let object, let policy):
            let progress = RunProgress(number: object.number, isFailFast: policy == .failFast)
            let place: Int
            if let free = freeRunPlaces.popLast() {
                place = free
                runProgress[place] = progress
            } else {
                place = runProgress.count
                runProgress.append(progress)
            }
            runs[object.number] = Run(object: object, policy: policy, startedAt: now, place: place)
            return (object.number, place, [])
        case .addedBy(let slot, _, _, _, let dependentsWait):
            let dependents = dependentsWait ? Array(details[slot].dependents) : []
            if !dependents.isEmpty,
                let cycle = cycleThroughExisting(batch.steps, batch.identities, reaching: Set(dependents))
            {
                throw .cycle(cycle)
            }
            return (nodes[slot].run, Int(nodes[slot].runPlace), dependents)
        }
    }

    /// Gives the new nodes their edges: two lists for the whole batch, each node's edges a slice
    /// of them, in the order the steps declare them; a dependency outside the batch gets the
    /// node added to its own list of dependents.
    private mutating func connect(_ batch: SubmissionBatch, _ slots: [Int]) {
        var references: [NodeRef] = []
        references.reserveCapacity(batch.dependencyIndices.count)
        for edge in batch.dependencyIndices.indices {
            let inBatch = batch.dependencyIndices[edge]
            // validate() guaranteed every dependency outside the batch is live.
            let slot = inBatch >= 0 ? slots[inBatch] : slotByID[batch.dependencyIDs[edge]]!
            references.append(NodeRef(slot: slot, id: batch.dependencyIDs[edge]))
        }
        var dependentSlots: [Int] = []
        dependentSlots.reserveCapacity(batch.dependentIndices.count)
        for dependent in batch.dependentIndices { dependentSlots.append(slots[dependent]) }
        for index in slots.indices {
            let slot = slots[index]
            let edges = batch.dependencyStart[index]..<batch.dependencyStart[index + 1]
            details[slot].dependencies = references[edges]
            details[slot].dependents = dependentSlots[batch.dependentStart[index]..<batch.dependentStart[index + 1]]
            for edge in edges {
                if batch.dependencyIndices[edge] >= 0 {
                    nodes[slot].remaining += 1
                } else {
                    link(slot, to: references[edge].slot)
                }
            }
        }
    }

    /// Makes `dependent` depend on `dependency`.
    mutating func addEdge(from dependent: Int, to dependency: Int) {
        details[dependent].dependencies.append(NodeRef(slot: dependency, id: nodes[dependency].id))
        link(dependent, to: dependency)
    }

    /// The dependency's side of a new edge, and what it means for the dependent so far.
    private mutating func link(_ dependent: Int, to dependency: Int) {
        details[dependency].dependents.append(dependent)
        if nodes[dependency].run != nodes[dependent].run {
            nodes[dependency].unfinishedDependents += 1
            nodes[dependent].dependsOutsideRun = true
        }
        if nodes[dependency].phase == .finished, let outcome = details[dependency].outcome {
            record(outcome, onDependent: dependent)
        } else {
            nodes[dependent].remaining += 1
        }
    }

    /// Notes how a dependency ended on its dependent.
    mutating func record(_ outcome: OperationOutcome, onDependent dependent: Int) {
        if outcome.isFailure {
            nodes[dependent].upstream = .failed
        } else if outcome == .cancelled && nodes[dependent].upstream == .clean {
            nodes[dependent].upstream = .cancelled
        }
    }

    /// Sets the remaining critical path of the new nodes (dependents first) and lengthens that of
    /// their unfinished ancestors where the new nodes extend it.
    ///
    /// Within the batch the paths follow the batch's own edge lists; dependencies in the batch
    /// end up at least as long as any path through their dependents, so only dependencies
    /// outside it may need lengthening.
    private mutating func weigh(_ batch: SubmissionBatch, _ slots: [Int], waitingDependents: [Int]) {
        var waitingPath: Int64 = 0
        for dependent in waitingDependents { waitingPath = max(waitingPath, nodes[dependent].criticalPath) }
        var paths = [Int64](repeating: 0, count: slots.count)
        for index in batch.order.reversed() {
            var longest = waitingPath
            for dependent in batch.batchDependents(of: index) { longest = max(longest, paths[dependent]) }
            paths[index] = nodes[slots[index]].estimate &+ longest
            nodes[slots[index]].criticalPath = paths[index]
        }
        guard batch.dependsOutside else { return }
        var stack = slots
        while let slot = stack.popLast() {
            let path = nodes[slot].criticalPath
            for reference in details[slot].dependencies {
                let dependency = reference.slot
                guard nodes[dependency].phase != .finished,
                    nodes[dependency].estimate &+ path > nodes[dependency].criticalPath
                else { continue }
                nodes[dependency].criticalPath = nodes[dependency].estimate &+ path
                stack.append(dependency)
            }
        }
    }

    /// A cycle that new edges "dependent → batch" would close: a walk from the batch along
    /// dependencies through unfinished operations that reaches one of `targets`.
    private func cycleThroughExisting(
        _ steps: [ErasedOperationStep], _ batchIndex: IdentityIndex, reaching targets: Set<Int>
    ) -> [String]? {
        // Depth-first over existing nodes; `parent` remembers the walk for the message.
        var parent: [Int: Int] = [:]
        var stack: [(slot: Int, from: Int?)] = []
        var startStep: [Int: Int] = [:]
        for (index, step) in steps.enumerated() {
            for dependency in step.dependencies where batchIndex.position(of: dependency) == nil {
                if let slot = slotByID[dependency], startStep[slot] == nil {
                    startStep[slot] = index
                    stack.append((slot, nil))
                }
            }
        }
        var visited = Set<Int>()
        while let (slot, from) = stack.popLast() {
            guard visited.insert(slot).inserted else { continue }
            if let from { parent[slot] = from }
            if targets.contains(slot) {
                var chain = [details[slot].step.name]
                var current = slot
                while let previous = parent[current] {
                    chain.append(details[previous].step.name)
                    current = previous
                }
                // `current` is a direct dependency of a batch step.
                let stepName = startStep[current].map { steps[$0].name } ?? "?"
                // dependent → batch step → its dependency → … → dependent.
                let ancestors: [String] = Array(chain.reversed().dropLast())
                return [details[slot].step.name, stepName] + ancestors + [details[slot].step.name]
            }
            guard nodes[slot].phase != .finished else { continue }
            for reference in details[slot].dependencies where liveSlot(reference) != nil {
                stack.append((reference.slot, slot))
            }
        }
        return nil
    }
}
