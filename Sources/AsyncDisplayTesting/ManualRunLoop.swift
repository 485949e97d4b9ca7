import AsyncDisplay
import AsyncDisplayLocks
import Synchronization

/// A main run loop that turns only when the test says so: a `TransactionDriver` for coalescers
/// under test.
///
/// Commits mark their coalescer as due; `runTurn()` ends a turn the way the real main run loop
/// does: observers run in order, the render-commit hook (order 2,000,000) before the coalescers'
/// flush (order 0xFFFFFF). Give layers a coalescer driven by it and nothing displays until the
/// test turns the loop:
///
/// ```swift
/// let runLoop = ManualRunLoop()
/// let layer = AsyncLayer(executor: executor, transactions: runLoop.makeCoalescer())
/// layer.setNeedsDisplay(); layer.setNeedsDisplay()
/// runLoop.runTurn()          // one display starts
/// ```
///
/// Concurrency: what is due and the observers are behind a mutex; turns run on the main actor.
public final class ManualRunLoop: TransactionDriver {
    private struct State: Sendable {
        var due: [TransactionCoalescer] = []
        var observers: [(order: Int, body: @MainActor @Sendable () -> Void)] = []
        var turns = 0
        var wakes: [Wake] = []
        /// Coalescers to flush as the loop next wakes, and when at the latest.
        var dueAtWake: [Wake] = []
    }

    /// A wake asked for by a coalescer.
    private typealias Wake = (coalescer: TransactionCoalescer, deadline: ContinuousClock.Instant)

    private let state = LockedState(State())

    public init() {}

    /// A new coalescer driven by this run loop.
    public func makeCoalescer() -> TransactionCoalescer {
        TransactionCoalescer(driver: self)
    }

    public func scheduleFlush(of coalescer: TransactionCoalescer) {
        state.withLock { state in
            if !state.due.contains(where: { $0 === coalescer }) { state.due.append(coalescer) }
        }
    }

    /// Keeps the wake until the test delivers it with `deliverWakes(through:)`: no time passes
    /// by itself.
    public func scheduleWake(of coalescer: TransactionCoalescer, at deadline: ContinuousClock.Instant) {
        state.withLock { $0.wakes.append((coalescer, deadline)) }
    }

    /// Keeps `coalescer` for the next turn's start (the loop waking), or for `deliverWakes(through:)`
    /// reaching `deadline`, whichever the test does first.
    public func scheduleFlushAtNextWake(
        of coalescer: TransactionCoalescer, notLaterThan deadline: ContinuousClock.Instant
    ) {
        state.withLock { state in
            if let index = state.dueAtWake.firstIndex(where: { $0.coalescer === coalescer }) {
                state.dueAtWake[index].deadline = min(state.dueAtWake[index].deadline, deadline)
            } else {
                state.dueAtWake.append((coalescer, deadline))
            }
        }
    }

    /// The latest instants of the flushes waiting for the loop's next wake, in the order asked.
    public var flushDeadlinesAtNextWake: [ContinuousClock.Instant] { state.withLock { $0.dueAtWake.map(\.deadline) } }

    /// The deadlines of the wakes asked for and not yet delivered, in the order asked.
    public var scheduledWakes: [ContinuousClock.Instant] { state.withLock { $0.wakes.map(\.deadline) } }

    /// Delivers every wake due by `instant`, earliest first, as if the clock had reached it (a
    /// coalescer reached asks for a frame: the next `runTurn()` commits one). Wakes asked for
    /// meanwhile are delivered too when they are due. If anything was due by then, the loop woke
    /// first: the flushes waiting for a wake run before the wakes are delivered, as `wake()` runs them.
    @MainActor
    public func deliverWakes(through instant: ContinuousClock.Instant) {
        let woke = state.withLock { state in
            state.wakes.contains { $0.deadline <= instant } || state.dueAtWake.contains { $0.deadline <= instant }
        }
        if woke { wake() }
        while let wake = takeEarliestWake(dueBy: instant) {
            wake.coalescer.deadlineReached(wake.deadline)
        }
    }

    private func takeEarliestWake(dueBy instant: ContinuousClock.Instant) -> Wake? {
        state.withLock { state in
            guard let index = state.wakes.indices.min(by: { state.wakes[$0].deadline < state.wakes[$1].deadline }),
                state.wakes[index].deadline <= instant
            else { return nil }
            return state.wakes.remove(at: index)
        }
    }

    /// Adds work to run at the end of every turn, ordered among the flushes by `order` (lower
    /// first), as a CFRunLoopObserver would be.
    public func addObserver(order: Int, _ body: @escaping @MainActor @Sendable () -> Void) {
        state.withLock { $0.observers.append((order, body)) }
    }

    /// Whether a coalescer is waiting for a turn.
    public var hasDueFlush: Bool { state.withLock { !$0.due.isEmpty } }

    /// Turns run so far.
    public var turns: Int { state.withLock { $0.turns } }

    /// The loop wakes (for a timer, an event, a job): flushes the coalescers waiting for its next
    /// wake, in the order they asked, as the main run loop's after-waiting observer does.
    @MainActor
    public func wake() {
        let due = state.withLock { state in
            defer { state.dueAtWake.removeAll() }
            return state.dueAtWake.map(\.coalescer)
        }
        for coalescer in due { coalescer.flush() }
    }

    /// Ends one turn: observers before the flush order, then the flushes of the due coalescers
    /// and of those waiting for a wake, then observers after it.
    @MainActor
    public func runTurn() {
        let (due, observers) = state.withLock { state in
            state.turns += 1
            defer {
                state.due.removeAll()
                state.dueAtWake.removeAll()
            }
            var due = state.due
            for wake in state.dueAtWake where !due.contains(where: { $0 === wake.coalescer }) {
                due.append(wake.coalescer)
            }
            return (due, state.observers.sorted { $0.order < $1.order })
        }
        for observer in observers where observer.order < MainRunLoopDriver.flushOrder { observer.body() }
        for coalescer in due { coalescer.flush() }
        for observer in observers where observer.order >= MainRunLoopDriver.flushOrder { observer.body() }
    }
}
