/// Ending operations and runs, and what follows from it.
extension SchedulerState {
    /// Decides that `slot` ends with `outcome`; `finishPending` carries out the consequences.
    ///
    /// Ends go through a work list rather than recursion, so long chains of dependents ending
    /// without running cannot overflow the stack.
    mutating func decideEnd(_ slot: Int, _ outcome: OperationOutcome) {
        guard nodes[slot].phase != .finished else { return }
        nodes[slot].phase = .finished
        details[slot].outcome = outcome
        finishing.append(slot)
    }

    /// Carries out every decided end: releases categories, wakes waiters, tells dependents, closes
    /// runs, and retires what nothing refers to any more.
    mutating func finishPending(now: Duration, _ actions: inout SchedulerActions) {
        while let slot = finishing.popLast() {
            // Safe to force: decideEnd sets the outcome before queueing.
            let outcome = details[slot].outcome!
            details[slot].finishedAt = now
            releaseCategories(slot, now: now, &actions)
            emit(.finished(outcome), slot, at: now, &actions)
            if !details[slot].waiters.isEmpty {
                let result = NodeResult(outcome: outcome, output: details[slot].output, error: details[slot].error)
                for waiter in details[slot].waiters { actions.results.append((waiter, result)) }
                details[slot].waiters = []
            }
            let runNumber = nodes[slot].run
            // Edges are walked by index: iterating the lists would retain them for the loop.
            for edge in details[slot].dependents.indices {
                let dependent = details[slot].dependents[edge]
                record(outcome, onDependent: dependent)
                nodes[dependent].remaining -= 1
                if nodes[dependent].remaining == 0 && nodes[dependent].phase == .waiting {
                    dependenciesEnded(dependent, now: now, &actions)
                }
            }
            // Only dependencies of other runs count their unfinished dependents (see `Node`).
            if nodes[slot].dependsOutsideRun { dependentEnded(slot, run: runNumber) }
            let place = Int(nodes[slot].runPlace)
            guard runProgress[place].number == runNumber else { continue }
            runProgress[place].unfinished -= 1
            let left = runProgress[place].unfinished
            if outcome == .failed || outcome == .timedOut, runProgress[place].isFailFast {
                cancelRun(runNumber, &actions)
            }
            if left == 0 { endRun(runNumber, &actions) }
        }
    }

    /// Counts `slot`, of run `runNumber`, out of its dependencies in other runs, and retires those
    /// nothing refers to any more.
    private mutating func dependentEnded(_ slot: Int, run runNumber: Int) {
        for edge in details[slot].dependencies.indices {
            guard let dependency = liveSlot(details[slot].dependencies[edge]), nodes[dependency].run != runNumber
            else { continue }
            nodes[dependency].unfinishedDependents -= 1
            retireIfDone(dependency)
        }
    }

    /// Gives back the categories `slot` holds or waits for, unless a timed-out body keeps them.
    mutating func releaseCategories(_ slot: Int, now: Duration, _ actions: inout SchedulerActions) {
        guard nodes[slot].claimsCategories, details[slot].abandonedAttempt == nil else { return }
        let categories = details[slot].step.managerCategories
        if !categories.isEmpty {
            let granted =
                details[slot].holdsManagerCategories
                ? exclusivity.release(categories, heldBy: slot) { details[$0].step.managerCategories }
                : exclusivity.withdraw(categories, for: slot) { details[$0].step.managerCategories }
            details[slot].holdsManagerCategories = false
            for next in granted { managerCategoriesGranted(next, &actions) }
        }
        if !details[slot].step.processCategories.isEmpty {
            actions.processWithdrawals.append(
                ProcessClaimRequest(
                    slot: slot, id: nodes[slot].id, sequence: nodes[slot].sequence,
                    categories: details[slot].step.processCategories))
            details[slot].holdsProcessCategories = false
        }
    }

    /// Every operation of the run ended: report, wake waiters, retire.
    mutating func endRun(_ runNumber: Int, _ actions: inout SchedulerActions) {
        // Safe to force: callers checked the run exists.
        let run = runs[runNumber]!
        let (report, outputs) = makeReport(run)
        run.object.complete(report, outputs: outputs)
        for waiter in run.waiters { actions.reports.append((waiter, report)) }
        runs[runNumber] = nil
        runProgress[run.place].number = 0
        freeRunPlaces.append(run.place)
        retireEnded(run.slots, &actions)
    }

}
