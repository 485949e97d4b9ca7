/// Cancelling operations, their descendants and whole runs.
extension SchedulerState {
    /// Cancels `id` and, in the same transition, every descendant that needs its dependencies to
    /// succeed (descendants under `.allFinished` are spared and so is what lies behind them).
    /// No descendant can start in between: they are all marked before the lock is released.
    ///
    /// Operations not running end at once when their dependencies have already ended, and
    /// otherwise as soon as they have. A running body is cancelled; its operation ends only when
    /// the body returns, so it never releases anything early. Ended operations are left alone.
    mutating func cancel(_ id: OperationID, now: Duration, _ actions: inout SchedulerActions) {
        guard let slot = slotByID[id] else { return }
        markCancelled(from: [slot], &actions)
        finishPending(now: now, &actions)
        fillSlots(now: now, &actions)
    }

    /// Cancels every operation of the run that has not ended, and their descendants, except
    /// clean-up steps (`.allFinished`), which still run once their dependencies ended.
    mutating func cancelRun(_ runNumber: Int, now: Duration, _ actions: inout SchedulerActions) {
        cancelRun(runNumber, &actions)
        finishPending(now: now, &actions)
        fillSlots(now: now, &actions)
    }

    mutating func cancelRun(_ runNumber: Int, _ actions: inout SchedulerActions) {
        guard let slots = runs[runNumber]?.slots else { return }
        // Left out of the roots, clean-up steps are spared like any descendant under `.allFinished`.
        markCancelled(from: slots.filter { nodes[$0].rule != .allFinished }, &actions)
    }

    mutating func markCancelled(from roots: [Int], _ actions: inout SchedulerActions) {
        var stack = roots.filter { nodes[$0].phase != .finished }
        var isRoot = Set(stack)
        while let slot = stack.popLast() {
            guard nodes[slot].phase != .finished, !nodes[slot].isCancelled else { continue }
            let spared = nodes[slot].rule == .allFinished && !isRoot.contains(slot)
            guard !spared else { continue }
            isRoot.remove(slot)
            nodes[slot].isCancelled = true
            stopCancelled(slot, &actions)
            stack.append(contentsOf: details[slot].dependents)
        }
    }

    /// Ends a node just marked cancelled if nothing it depends on is still running, and cancels
    /// its body or its wait if it has one.
    private mutating func stopCancelled(_ slot: Int, _ actions: inout SchedulerActions) {
        switch nodes[slot].phase {
        case .waiting, .finished:
            break
        case .running:
            if let body = details[slot].bodyTask { actions.cancellations.append(body) }
        case .backoff:
            if let timer = details[slot].timerTask { actions.cancellations.append(timer) }
            details[slot].timerTask = nil
            decideEnd(slot, .cancelled)
        case .claiming:
            // Out of the category queues at once: a holder ending in the same transition would
            // otherwise grant it the categories and put it back in the ready queue.
            let granted = exclusivity.withdraw(details[slot].step.managerCategories, for: slot) {
                details[$0].step.managerCategories
            }
            for next in granted { managerCategoriesGranted(next, &actions) }
            decideEnd(slot, .cancelled)
        case .claimingProcess, .ready:
            decideEnd(slot, .cancelled)
        }
    }
}
