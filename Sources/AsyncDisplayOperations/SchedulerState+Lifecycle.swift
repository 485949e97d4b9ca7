/// An operation's way from waiting to running to ended.
extension SchedulerState {
    /// The last dependency of `slot` ended: end it at once if the rule says so, or claim its
    /// categories on the way to the ready queue.
    mutating func dependenciesEnded(_ slot: Int, now: Duration, _ actions: inout SchedulerActions) {
        if let outcome = outcomeWithoutRunning(slot) {
            decideEnd(slot, outcome)
            return
        }
        details[slot].readyAt = now
        emit(.ready, slot, at: now, &actions)
        guard nodes[slot].claimsCategories else {
            enqueueReady(slot)
            return
        }
        let categories = details[slot].step.managerCategories
        guard !categories.isEmpty else {
            managerCategoriesGranted(slot, &actions)
            return
        }
        nodes[slot].phase = .claiming
        if exclusivity.request(categories, for: slot) { managerCategoriesGranted(slot, &actions) }
    }

    /// How `slot` ends without running, given its dependencies, if it does.
    ///
    /// A failed dependency takes precedence over a cancellation: under fail-fast, the failure's
    /// dependents end `upstreamFailed` even when the cancellation reached them first.
    private func outcomeWithoutRunning(_ slot: Int) -> OperationOutcome? {
        let needsSuccess = nodes[slot].rule == .allSucceeded
        if needsSuccess && nodes[slot].upstream == .failed { return .upstreamFailed }
        if nodes[slot].isCancelled || needsSuccess && nodes[slot].upstream == .cancelled { return .cancelled }
        return nil
    }

    /// `slot` holds its manager-scoped categories: go on to the process-wide ones or the queue.
    mutating func managerCategoriesGranted(_ slot: Int, _ actions: inout SchedulerActions) {
        details[slot].holdsManagerCategories = !details[slot].step.managerCategories.isEmpty
        let categories = details[slot].step.processCategories
        guard categories.isEmpty else {
            nodes[slot].phase = .claimingProcess
            actions.processRequests.append(
                ProcessClaimRequest(
                    slot: slot, id: nodes[slot].id, sequence: nodes[slot].sequence, categories: categories))
            return
        }
        enqueueReady(slot)
    }

    /// The process-wide registry granted `id` (submitted as `sequence`) its categories.
    mutating func processCategoriesGranted(
        _ slot: Int, _ id: OperationID, sequence: Int, now: Duration, _ actions: inout SchedulerActions
    ) {
        let isSame = isCurrent(slot, id) && nodes[slot].sequence == sequence
        guard isSame, nodes[slot].phase == .claimingProcess else {
            // Ended meanwhile (cancelled): give them straight back.
            if !isSame || nodes[slot].phase == .finished {
                actions.processWithdrawals.append(
                    ProcessClaimRequest(slot: slot, id: id, sequence: sequence, categories: []))
            }
            return
        }
        details[slot].holdsProcessCategories = true
        enqueueReady(slot)
        fillSlots(now: now, &actions)
    }

    mutating func enqueueReady(_ slot: Int) {
        nodes[slot].phase = .ready
        ready.push(
            ReadyQueue.Entry(
                priority: nodes[slot].priority.rawValue, criticalPath: nodes[slot].criticalPath,
                sequence: nodes[slot].sequence, slot: slot))
    }

    /// Starts ready operations while slots are free.
    mutating func fillSlots(now: Duration, _ actions: inout SchedulerActions) {
        while running < limit, let entry = ready.pop() {
            let node = entry.slot
            guard nodes[node].isLive, nodes[node].sequence == entry.sequence, nodes[node].phase == .ready else {
                continue
            }
            start(node, now: now, &actions)
        }
    }

    private mutating func start(_ slot: Int, now: Duration, _ actions: inout SchedulerActions) {
        running += 1
        nodes[slot].phase = .running
        nodes[slot].attempt += 1
        if details[slot].startedAt == nil { details[slot].startedAt = now }
        let attempt = nodes[slot].attempt
        emit(.started(attempt: attempt), slot, at: now, &actions)
        // The step object itself is not read here (its timeout and body are read by the attempt,
        // outside the lock): one cache miss less while the lock is held.
        if let workerRun = actions.workerRun, actions.handoff == nil, nodes[slot].runsOnPool {
            // Safe to force: a run ends only once all its operations ended, and this one is starting.
            let run = nodes[slot].run == workerRun ? nil : runs[nodes[slot].run]!.object
            let step = Unmanaged.passUnretained(details[slot].step)
            actions.handoff = Handoff(slot: slot, step: step, attempt: attempt, run: run)
        } else {
            // Safe to force: a run ends only once all its operations ended, and this one is starting.
            let run = runs[nodes[slot].run]!.object
            actions.starts.append(StartRequest(slot: slot, step: details[slot].step, attempt: attempt, run: run))
        }
    }

    /// Records the task of a started attempt; returns whether to cancel it at once because the
    /// attempt was cancelled, or is over (timed out, say), before it was recorded.
    ///
    /// An attempt whose body already returned is over too: its task is then ending, and no pool
    /// operation was handed to it (that needs the task recorded), so cancelling it changes nothing.
    mutating func attach(body: Task<Void, Never>, to slot: Int, _ id: OperationID, attempt: Int) -> Bool {
        guard isCurrent(slot, id, attempt: attempt), nodes[slot].phase == .running else { return true }
        details[slot].bodyTask = body
        return nodes[slot].isCancelled
    }

    /// Records the timeout timer of a running attempt; returns whether it is no longer needed.
    mutating func attach(timer: Task<Void, Never>, to slot: Int, _ id: OperationID, attempt: Int) -> Bool {
        guard isCurrent(slot, id, attempt: attempt), nodes[slot].phase == .running else { return true }
        details[slot].timerTask = timer
        return false
    }

    /// Records the task sleeping before a retry; returns it if it is no longer needed.
    mutating func attach(
        backoff: Task<Void, Never>, to slot: Int, _ id: OperationID, attempt: Int
    ) -> Task<
        Void, Never
    >? {
        guard isCurrent(slot, id, attempt: attempt), nodes[slot].phase == .backoff else { return backoff }
        details[slot].timerTask = backoff
        return nil
    }

    /// An attempt's body, begun at `began`, returned or threw. Late results of attempts that
    /// timed out are discarded.
    ///
    /// The output of a success is kept only if `keepsOutput` (see `ErasedBody.keepsOutput`).
    ///
    /// With `mayContinue` (the caller is a pool worker), the first pool operation this starts is
    /// handed back to run on the caller's task instead of a new one, unless that task may have
    /// been cancelled (a cancel or timeout of this attempt reaches it).
    mutating func bodyReturned(
        _ slot: Int, _ id: OperationID, attempt: Int, began: Duration, _ result: Result<any Sendable, any Error>,
        keepsOutput: Bool, now: Duration, mayContinue: Bool, _ actions: inout SchedulerActions
    ) -> Handoff? {
        guard isCurrent(slot, id, attempt: attempt), nodes[slot].phase == .running else {
            abandonedBodyReturned(slot, id, attempt: attempt, now: now, &actions)
            return nil
        }
        if attempt == 1 { details[slot].startedAt = began }
        running -= 1
        let worker = mayContinue && !nodes[slot].isCancelled ? details[slot].bodyTask : nil
        details[slot].bodyTask = nil
        // Handing the worker its next operation directly spares `starts` an allocation.
        actions.workerRun = worker != nil ? nodes[slot].run : nil
        defer { actions.workerRun = nil }
        if let timer = details[slot].timerTask {
            actions.cancellations.append(timer)
            details[slot].timerTask = nil
        }
        switch result {
        case _ where nodes[slot].isCancelled:
            decideEnd(slot, .cancelled)
        case .success(let output):
            if keepsOutput { details[slot].output = output }
            recordDuration(slot, now: now)
            decideEnd(slot, .succeeded)
        case .failure(let error as OperationSkipped):
            details[slot].error = error
            decideEnd(slot, .skipped)
        case .failure(let error as CancellationError):
            details[slot].error = error
            decideEnd(slot, .cancelled)
        case .failure(let error):
            details[slot].error = error
            retryOrEnd(slot, .failed, now: now, &actions)
        }
        finishPending(now: now, &actions)
        fillSlots(now: now, &actions)
        guard let worker, let next = actions.handoff else { return nil }
        actions.handoff = nil
        details[next.slot].bodyTask = worker
        return next
    }

    /// An attempt ran past its timeout: free the graph now, cancel the body, don't wait for it.
    /// The categories it holds stay held, and its slot kept, until the body returns.
    mutating func timeoutFired(
        _ slot: Int, _ id: OperationID, attempt: Int, now: Duration, _ actions: inout SchedulerActions
    ) {
        guard isCurrent(slot, id, attempt: attempt), nodes[slot].phase == .running else { return }
        running -= 1
        if details[slot].holdsManagerCategories || details[slot].holdsProcessCategories {
            details[slot].abandonedAttempt = attempt
            nodes[slot].unfinishedDependents += 1
        }
        details[slot].timerTask = nil
        if let body = details[slot].bodyTask {
            actions.cancellations.append(body)
            details[slot].bodyTask = nil
        }
        if nodes[slot].isCancelled {
            decideEnd(slot, .cancelled)
        } else {
            retryOrEnd(slot, .timedOut, now: now, &actions)
        }
        finishPending(now: now, &actions)
        fillSlots(now: now, &actions)
    }

    /// The wait before a retry is over: back to the ready queue.
    mutating func backoffElapsed(
        _ slot: Int, _ id: OperationID, attempt: Int, now: Duration, _ actions: inout SchedulerActions
    ) {
        guard isCurrent(slot, id, attempt: attempt), nodes[slot].phase == .backoff else { return }
        details[slot].timerTask = nil
        guard details[slot].abandonedAttempt == nil else {
            details[slot].retryWaitsForBody = true
            return
        }
        enqueueReady(slot)
        fillSlots(now: now, &actions)
    }

    /// The body of a timed-out attempt returned at last: give back the categories kept for it,
    /// or start the retry that waited for it.
    private mutating func abandonedBodyReturned(
        _ slot: Int, _ id: OperationID, attempt: Int, now: Duration, _ actions: inout SchedulerActions
    ) {
        guard isCurrent(slot, id), details[slot].abandonedAttempt == attempt else { return }
        details[slot].abandonedAttempt = nil
        nodes[slot].unfinishedDependents -= 1
        if nodes[slot].phase == .finished {
            releaseCategories(slot, now: now, &actions)
            retireIfDone(slot)
        } else if nodes[slot].phase == .backoff && details[slot].retryWaitsForBody {
            details[slot].retryWaitsForBody = false
            enqueueReady(slot)
        }
        fillSlots(now: now, &actions)
    }

    /// Schedules another attempt if the policy allows, or ends the operation with `outcome`.
    private mutating func retryOrEnd(
        _ slot: Int, _ outcome: OperationOutcome, now: Duration, _ actions: inout SchedulerActions
    ) {
        let attempt = nodes[slot].attempt
        let policy = details[slot].step.retry
        guard attempt < policy.maximumAttempts else {
            decideEnd(slot, outcome)
            return
        }
        nodes[slot].phase = .backoff
        emit(.retrying(afterAttempt: attempt, outcome), slot, at: now, &actions)
        actions.timers.append(
            TimerRequest(
                kind: .backoff, slot: slot, id: nodes[slot].id, attempt: attempt,
                deadline: now + policy.backoff(afterAttempt: attempt)))
    }

    private mutating func recordDuration(_ slot: Int, now: Duration) {
        let index = Int(nodes[slot].recordIndex)
        guard index >= 0, let started = details[slot].startedAt else { return }
        recordedDurations[index] = max(1, (now - started).nanoseconds)
    }
}
