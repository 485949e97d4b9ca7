/// A clock with its type erased: readings are durations since the manager was made.
///
/// Managers take any `Clock<Duration>` (tests pass a manual one) and keep it in this form, so
/// neither the manager nor its reports are generic over the clock.
struct OperationClock: Sendable {
    /// The time since the clock was wrapped.
    let now: @Sendable () -> Duration
    /// Suspends until `now()` reaches `deadline`; throws `CancellationError` if cancelled first.
    let sleepUntil: @Sendable (Duration) async throws -> Void

    init<C: Clock<Duration>>(_ clock: C) {
        let origin = clock.now
        sleepUntil = { deadline in try await clock.sleep(until: origin.advanced(by: deadline), tolerance: nil) }
        // The usual clock is read through concrete code: the generic reading goes through
        // protocol witnesses, and the manager reads the clock twice per operation.
        if clock is ContinuousClock, let origin = origin as? ContinuousClock.Instant {
            now = { origin.duration(to: .now) }
        } else {
            now = { origin.duration(to: clock.now) }
        }
    }
}
