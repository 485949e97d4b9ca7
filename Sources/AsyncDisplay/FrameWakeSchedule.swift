import AsyncDisplayLocks

/// The instants a coalescer must produce a frame at even if nothing else changes (display-group
/// deadlines), with at most one driver wake armed for them at a time.
///
/// Display groups that start waiting in the same frame share a deadline, so a scroll that starts
/// a few groups a frame arms about one wake a frame, not one per group.
///
/// Concurrency: the instants are behind a mutex.
final class FrameWakeSchedule: Sendable {
    private struct State: Sendable {
        /// Instants still to be reached, ascending, without repeats.
        var pending: [ContinuousClock.Instant] = []
        /// The instant the driver was last asked to wake at and has not reached yet.
        var armed: ContinuousClock.Instant?
    }

    private let state = LockedState(State())

    /// Notes `instant`; returns it when the driver must be asked to wake then (it is earlier than
    /// any wake armed), nil when a wake already armed comes first or it was noted before.
    ///
    /// Complexity: O(log n) to find it, O(n) to insert one out of order.
    func request(_ instant: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        state.withLock { state in
            let index = state.pending.partitioningIndex { $0 >= instant }
            guard index == state.pending.endIndex || state.pending[index] != instant else { return nil }
            state.pending.insert(instant, at: index)
            if let armed = state.armed, armed <= instant { return nil }
            state.armed = instant
            return instant
        }
    }

    /// A wake armed for `instant` arrived: drops the instants up to it. Returns whether any was
    /// due (a frame is needed) and the next instant to arm, if another wake is needed.
    func reach(_ instant: ContinuousClock.Instant) -> (isDue: Bool, next: ContinuousClock.Instant?) {
        state.withLock { state in
            let due = state.pending.partitioningIndex { $0 > instant }
            state.pending.removeFirst(due)
            if let armed = state.armed, armed <= instant { state.armed = nil }
            guard state.armed == nil, let next = state.pending.first else { return (due > 0, nil) }
            state.armed = next
            return (due > 0, next)
        }
    }

    /// The instants still to be reached, ascending.
    var pending: [ContinuousClock.Instant] { state.withLock { $0.pending } }
}

extension Array {
    /// The first index whose element satisfies `isPast`, for a predicate false then true along
    /// the array.
    fileprivate func partitioningIndex(where isPast: (Element) -> Bool) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = (low + high) / 2
            if isPast(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
