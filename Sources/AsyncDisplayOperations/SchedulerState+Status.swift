/// Answers about single operations: status, results, outputs.
extension SchedulerState {
    /// What `id` is doing, and if pending, why.
    ///
    /// `processHolder` answers for a process-wide category, given the asking node's sequence.
    func status(
        of id: OperationID, processHolder: (String, _ sequence: Int) -> (holder: String?, ahead: Int)
    ) -> OperationStatus {
        guard let slot = slotByID[id] else { return .unknown }
        let node = nodes[slot]
        let record = details[slot]
        switch node.phase {
        case .finished:
            // Safe to force: finished nodes have an outcome.
            return .finished(record.outcome!)
        case .running:
            return .running(attempt: node.attempt)
        case .waiting:
            var reasons: [PendingReason] = []
            if node.isCancelled { reasons.append(.cancelled) }
            let names = record.dependencies.compactMap { reference -> String? in
                guard let dependency = liveSlot(reference), nodes[dependency].phase != .finished else { return nil }
                return details[dependency].step.name
            }
            reasons.append(.dependencies(names))
            return .pending(reasons)
        case .claiming:
            return .pending(
                record.step.managerCategories.compactMap { category in
                    let queue = exclusivity.queue(of: category)
                    let ahead = queue.firstIndex(of: slot) ?? 0
                    let holder = exclusivity.holder(of: category).map { details[$0].step.name }
                    return holder == nil && ahead == 0
                        ? nil : .exclusivity(category: category, holder: holder, queuedAhead: ahead)
                })
        case .claimingProcess:
            return .pending(
                record.step.processCategories.map { category in
                    let (holder, ahead) = processHolder(category, node.sequence)
                    return .exclusivity(category: category, holder: holder, queuedAhead: ahead)
                })
        case .ready:
            return .pending([.concurrencyLimit(running: running, limit: limit)])
        case .backoff:
            return .pending([.retryBackoff(nextAttempt: node.attempt + 1)])
        }
    }

    /// The result of `id` if it ended; otherwise registers `waiter` and returns nil.
    mutating func result(
        of id: OperationID, orWait waiter: UnsafeContinuation<NodeResult?, Never>
    ) -> NodeResult? {
        // Callers check the node is live first.
        let slot = slotByID[id]!
        guard nodes[slot].phase == .finished, let outcome = details[slot].outcome else {
            details[slot].waiters.append(waiter)
            return nil
        }
        return NodeResult(outcome: outcome, output: details[slot].output, error: details[slot].error)
    }

    /// The output of `dependency` as seen by attempt `attempt` of the running operation `slot`,
    /// named `name` (given, since the slot may no longer hold its record).
    func output(
        of dependency: OperationID, for slot: Int, _ id: OperationID, name: String, attempt: Int
    ) -> Result<NodeResult, OperationError> {
        guard isCurrent(slot, id, attempt: attempt), nodes[slot].phase == .running else {
            return .failure(.operationEnded(name))
        }
        guard let reference = details[slot].dependencies.first(where: { $0.id == dependency }),
            let dependencySlot = liveSlot(reference),
            let outcome = details[dependencySlot].outcome
        else { return .failure(.notADependency(operation: name, dependency: dependency)) }
        return .success(
            NodeResult(outcome: outcome, output: details[dependencySlot].output, error: details[dependencySlot].error))
    }

    /// The name of a live operation.
    func name(of id: OperationID) -> String? { slotByID[id].map { details[$0].step.name } }
}
