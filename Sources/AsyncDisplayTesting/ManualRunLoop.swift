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

    /// The deadlines of the wakes asked for and not yet delivered, in the order asked.
    public var scheduledWakes: [ContinuousClock.Instant] { state.withLock { $0.wakes.map(\.deadline) } }

    /// Delivers every wake due by `instant`, earliest first, as if the clock had reached it (a
    /// coalescer reached asks for a frame: the next `runTurn()` commits one). Wakes asked for
    /// meanwhile are delivered too when they are due.
    @MainActor
    public func deliverWakes(through instant: ContinuousClock.Instant) {
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

    /// Ends one turn: observers before the flush order, then the due coalescers' flushes, then
    /// observers after it.
    @MainActor
    public func runTurn() {
        let (due, observers) = state.withLock { state in
            state.turns += 1
            defer { state.due.removeAll() }
            return (state.due, state.observers.sorted { $0.order < $1.order })
        }
        for observer in observers where observer.order < MainRunLoopDriver.flushOrder { observer.body() }
        for coalescer in due { coalescer.flush() }
        for observer in observers where observer.order >= MainRunLoopDriver.flushOrder { observer.body() }
    }
}
