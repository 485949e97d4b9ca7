import AsyncDisplayLocks

/// A clock whose time moves only when the test says so.
///
/// Give it to code that sleeps or times out (an `OperationManager`, say); sleepers stay
/// suspended until `advance(by:)` moves the time past their deadline, and then resume in
/// deadline order. `waitForSleepers(_:)` suspends until code under test has gone to sleep, so a
/// test never needs to sleep itself.
///
/// ```swift
/// let clock = ManualClock()
/// let manager = OperationManager(clock: clock)
/// ...
/// await clock.waitForSleepers(1)   // the timeout timer is armed
/// clock.advance(by: .seconds(5))   // and fires
/// ```
///
/// Concurrency: the time and the sleepers are behind a mutex; sleepers are resumed after it is
/// released.
public final class ManualClock: Clock, Sendable {
    /// A point on a manual clock: the time since the clock was made.
    public struct Instant: InstantProtocol, Sendable {
        public let offset: Duration

        public init(offset: Duration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper: Sendable {
        let id: Int
        let deadline: Instant
        let continuation: UnsafeContinuation<Void, any Error>
    }

    private struct State: Sendable {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var nextID = 0
        var waiters: [(count: Int, continuation: UnsafeContinuation<Void, Never>)] = []

        /// The waiters whose count of sleepers is reached, removed.
        mutating func takeSatisfiedWaiters() -> [UnsafeContinuation<Void, Never>] {
            let count = sleepers.count
            let ready = waiters.filter { $0.count <= count }.map(\.continuation)
            waiters.removeAll { $0.count <= count }
            return ready
        }
    }

    private let state = LockedState(State())

    public init() {}

    public var now: Instant { state.withLock { $0.now } }

    public var minimumResolution: Duration { .zero }

    /// Tasks sleeping on this clock now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Suspends until the clock reaches `deadline`.
    ///
    /// - Throws: `CancellationError` if the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                enum Decision { case due, cancelled, asleep }
                var waiters: [UnsafeContinuation<Void, Never>] = []
                let decision = state.withLock { state -> Decision in
                    if Task.isCancelled { return .cancelled }
                    if deadline <= state.now { return .due }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    waiters = state.takeSatisfiedWaiters()
                    return .asleep
                }
                switch decision {
                case .due: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .asleep: for waiter in waiters { waiter.resume() }
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the time forward and wakes every sleeper whose deadline has come, earliest first.
    /// Negative durations do nothing.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            guard duration > .zero else { return [] }
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Suspends until at least `count` tasks are sleeping on this clock.
    public func waitForSleepers(_ count: Int = 1) async {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            let isReady = state.withLock { state -> Bool in
                if state.sleepers.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if isReady { continuation.resume() }
        }
    }
}
