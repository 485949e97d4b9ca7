/// What makes a transaction coalescer flush at the end of a main run-loop turn.
public protocol TransactionDriver: Sendable {
    /// Arranges for `coalescer.flush()` to run on the main actor at the end of the current main
    /// run-loop turn (or the next one). Called from any thread, once per turn that has commits.
    func scheduleFlush(of coalescer: TransactionCoalescer)

    /// Arranges for `coalescer.deadlineReached(deadline)` to run on the main actor at `deadline`
    /// or soon after (never before). Called from any thread, for a display group's deadline; a
    /// coalescer keeps at most one such wake outstanding for its earliest deadline.
    ///
    /// The default sleeps in a main-actor task until `deadline`.
    func scheduleWake(of coalescer: TransactionCoalescer, at deadline: ContinuousClock.Instant)

    /// Arranges for `coalescer.flush()` to run on the main actor when the main run loop next wakes
    /// for something else or ends a turn, and at `deadline` at the latest, without waking the loop
    /// sooner. Called on the main actor, while a coalescer with a `renderResultLatency` waits for
    /// renders; it asks again after each flush while it still does.
    ///
    /// The default flushes at `deadline`, from a main-actor task that sleeps until then.
    func scheduleFlushAtNextWake(of coalescer: TransactionCoalescer, notLaterThan deadline: ContinuousClock.Instant)
}

extension TransactionDriver {
    public func scheduleWake(of coalescer: TransactionCoalescer, at deadline: ContinuousClock.Instant) {
        coalescer.reachDeadlineAfterSleeping(until: deadline)
    }

    public func scheduleFlushAtNextWake(
        of coalescer: TransactionCoalescer, notLaterThan deadline: ContinuousClock.Instant
    ) {
        coalescer.flushAfterSleeping(until: deadline)
    }
}

extension TransactionCoalescer {
    /// Calls `deadlineReached(deadline)` from a main-actor task that sleeps until `deadline`:
    /// the wake of drivers without a clock of their own.
    func reachDeadlineAfterSleeping(until deadline: ContinuousClock.Instant) {
        Task { @MainActor in
            try? await Task.sleep(until: deadline, clock: .continuous)
            self.deadlineReached(deadline)
        }
    }

    /// Flushes from a main-actor task that sleeps until `deadline`.
    func flushAfterSleeping(until deadline: ContinuousClock.Instant) {
        Task { @MainActor in
            try? await Task.sleep(until: deadline, clock: .continuous)
            self.flush()
        }
    }
}
