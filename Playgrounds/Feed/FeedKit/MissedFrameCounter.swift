/// Counts the refresh slots that showed no new frame, from what the frame clock reports: each
/// tick (the slot it serves) and the end of each run-loop turn.
///
/// A slot shows no new frame when no tick served it (the main thread was busy past it), when its
/// frame's turn ended after the next slot began, or when its turn had not ended by the next tick
/// (the transaction flush never ran, so the frame was never committed).
struct MissedFrameCounter {
    /// The last slot of the run; ticks past it serve nothing.
    let lastSlotOfRun: Int
    /// Slots that showed no new frame.
    private(set) var missed = 0
    /// The last slot a tick served (0 before the first).
    private(set) var lastSlot = 0
    /// The slot whose frame's turn has not ended yet.
    private(set) var pending: Int?

    init(slots: Int) { lastSlotOfRun = slots }

    /// A tick at `slot`, as the clock reckons it; returns the slot it serves, one past the last
    /// served at least (so none is served twice).
    mutating func tick(at slot: Int) -> Int {
        if pending != nil { missed += 1 }
        let served = max(slot, lastSlot + 1)
        missed += max(0, min(served, lastSlotOfRun + 1) - lastSlot - 1)
        lastSlot = served
        pending = served <= lastSlotOfRun ? served : nil
        return served
    }

    /// The end of a run-loop turn: returns the slot whose frame it completes (nil when none was
    /// pending), counted as missed if `isPastDue(slot)` says the next slot had begun.
    mutating func turnEnded(isPastDue: (Int) -> Bool) -> Int? {
        guard let slot = pending else { return nil }
        pending = nil
        if isPastDue(slot) { missed += 1 }
        return slot
    }
}
