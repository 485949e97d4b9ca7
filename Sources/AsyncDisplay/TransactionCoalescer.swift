import AsyncDisplayLocks
import Dispatch
import Synchronization

/// Collapses work requested during one main run-loop turn into one call per (target, action), run
/// on the main actor when the turn ends, then publishes the frame commit: YYTransaction.
///
/// `commit(_:_:)` may be called from any isolation, any number of times; the first commit of a
/// (target, action) pair in a turn fixes its place (flushes run in first-commit order), and the
/// target is kept alive until its flush. Work committed during a flush runs in the same flush, up
/// to `maximumRounds` rounds; what is left goes to the next turn.
///
/// Layers commit their displays here: any number of `setNeedsDisplay()` calls in a turn give one
/// display, started at the flush.
///
/// Concurrency: pending work and frame bookkeeping are behind a mutex; actions run on the main
/// actor, outside it.
public final class TransactionCoalescer: Sendable {
    /// The coalescer of the main run loop, used by layers unless they are given another.
    public static let main = TransactionCoalescer(driver: MainRunLoopDriver())

    /// Rounds of re-entrant commits one flush runs before leaving the rest for the next turn.
    public static let maximumRounds = 16

    private struct Entry: Sendable {
        let run: @MainActor @Sendable () -> Void
        /// Whether it delivers a result expected with `expectResult()`.
        var isResult = false
    }

    private struct State: Sendable {
        var entries: [Entry] = []
        var keys = IdentityPairSet()
        var isFlushScheduled = false
        /// Results expected from other threads (renders on closure executors) not yet flushed.
        var expectedResults = 0
        var isFlushing = false
        var sequence = 0
        var changedLayers: [AsyncLayer] = []
        var isFrameNeeded = false
        var frameObservers: [@MainActor @Sendable (FrameCommit) -> Void] = []
        var displayFinishWaiters: [OnceContinuation] = []
        var lastMainActorNanoseconds: UInt64 = 0
        var waiters: [CheckedContinuation<FrameCommit, Never>] = []
        var streams: [Int: AsyncStream<FrameCommit>.Continuation] = [:]
        var nextStreamID = 0
    }

    /// What schedules the flushes.
    public let driver: any TransactionDriver
    private let state = LockedState(State())
    private let wakes = FrameWakeSchedule()

    /// How long a finished render may wait for the main run loop to wake for something else
    /// before the loop is woken for it. Zero, the default, wakes it at once, as YYAsyncLayer does.
    ///
    /// While a view scrolls, the loop wakes every frame anyway: with a latency of about a frame,
    /// the renders that finish between two frames land together as the loop wakes for the next
    /// one, before its timers run, instead of each waking the main thread. Applies to layers on a
    /// `ClosureExecutor` (the package's pools); other layers' renders hop back in their tasks.
    public let renderResultLatency: Duration

    public init(driver: any TransactionDriver, renderResultLatency: Duration = .zero) {
        self.driver = driver
        self.renderResultLatency = max(renderResultLatency, .zero)
    }

    /// Asks for `action` on `target` at the end of this turn; further requests for the same pair
    /// before the flush are dropped. Callable from any isolation.
    ///
    /// Complexity: amortised O(1).
    public func commit<Target: AnyObject & Sendable>(_ target: Target, _ action: TransactionAction<Target>) {
        scheduleFlush { state in
            guard state.keys.insert(ObjectIdentifier(target), ObjectIdentifier(action)) else { return false }
            state.entries.append(Entry { action.perform(target) })
            return true
        }
    }

    // MARK: Results from other threads

    /// Notes that another thread will deliver a result with `deliverResult(_:_:)` (a render
    /// started on a closure executor).
    ///
    /// With a `renderResultLatency`, nothing on that thread wakes the main run loop: while results
    /// are expected, the driver flushes this coalescer whenever the loop wakes anyway, and wakes
    /// it within the latency if nothing else does. The wake is armed from here and from the flush,
    /// on the main thread, where arming it wakes nothing.
    @MainActor
    func expectResult() {
        guard renderResultLatency > .zero else { return }
        let needsWake = state.withLock { state in
            state.expectedResults += 1
            // A flush in progress asks for the wake as it ends.
            return state.expectedResults == 1 && !state.isFlushing
        }
        if needsWake { awaitResults() }
    }

    /// Delivers a result expected with `expectResult()`: `action` runs on `target` on the main
    /// actor. With a latency, in the flush at the main run loop's next wake; without one, at
    /// once, in a job of its own on the main queue (the main actor's executor), whatever the
    /// driver. Callable from any isolation.
    func deliverResult<Target: AnyObject & Sendable>(_ target: Target, _ action: TransactionAction<Target>) {
        guard renderResultLatency > .zero else {
            DispatchQueue.main.async { MainActor.assumeIsolated { action.perform(target) } }
            return
        }
        state.withLock { $0.entries.append(Entry(run: { action.perform(target) }, isResult: true)) }
    }

    /// Asks the driver to flush at the loop's next wake, within the latency.
    @MainActor
    private func awaitResults() {
        driver.scheduleFlushAtNextWake(of: self, notLaterThan: .now + renderResultLatency)
    }

    /// Whether commits are waiting for a flush.
    public var hasPendingCommits: Bool { state.withLock { !$0.entries.isEmpty } }

    /// Runs the pending actions in first-commit order, then publishes a frame commit; drivers
    /// call it at the end of a turn. An empty flush (no actions, no new contents) does nothing.
    @MainActor
    public func flush() {
        let start = ContinuousClock.now
        var flushed = 0
        var round = 0
        while round < Self.maximumRounds {
            let batch = state.withLock { state -> [Entry] in
                state.isFlushScheduled = false
                state.isFlushing = true
                defer {
                    state.entries.removeAll(keepingCapacity: true)
                    state.keys.removeAll()
                }
                for entry in state.entries where entry.isResult { state.expectedResults -= 1 }
                return state.entries
            }
            if batch.isEmpty { break }
            for entry in batch { entry.run() }
            flushed += batch.count
            round += 1
        }
        let flushTime = ContinuousClock.now - start
        let mainActorNanoseconds = DisplayMetrics.current.mainActorNanoseconds
        let (commit, waiters, streams, needsNextTurn, awaitsResults) = state.withLock { state in
            state.isFlushing = false
            let needsNextTurn = !state.entries.isEmpty && !state.isFlushScheduled
            if needsNextTurn { state.isFlushScheduled = true }
            let awaitsResults = state.expectedResults > 0 && renderResultLatency > .zero
            guard flushed > 0 || !state.changedLayers.isEmpty || state.isFrameNeeded else {
                return (
                    FrameCommit?.none, [CheckedContinuation<FrameCommit, Never>](),
                    [AsyncStream<FrameCommit>.Continuation](), needsNextTurn, awaitsResults
                )
            }
            state.sequence += 1
            let pipelineTime = Duration.nanoseconds(
                Int64(truncatingIfNeeded: mainActorNanoseconds &- state.lastMainActorNanoseconds))
            state.lastMainActorNanoseconds = mainActorNanoseconds
            let commit = FrameCommit(
                sequence: state.sequence, time: .now, actionsFlushed: flushed, layers: state.changedLayers,
                mainActorTime: flushTime + pipelineTime)
            state.changedLayers.removeAll()
            state.isFrameNeeded = false
            defer { state.waiters.removeAll() }
            return (commit, state.waiters, Array(state.streams.values), needsNextTurn, awaitsResults)
        }
        if needsNextTurn { driver.scheduleFlush(of: self) }
        if awaitsResults { awaitResults() }
        guard let commit else { return }
        for observer in state.withLock({ $0.frameObservers }) { observer(commit) }
        for waiter in waiters { waiter.resume(returning: commit) }
        for stream in streams { stream.yield(commit) }
    }

    /// Asks for a frame at the end of this turn even if nothing else changes (the layer tree did).
    @MainActor
    func frameNeeded() {
        scheduleFlush { state in
            state.isFrameNeeded = true
            return true
        }
    }

    /// Asks for a frame commit at `deadline` (or soon after) even if nothing changes by then, as
    /// a display group does for its deadline. The driver is asked for one wake at a time, for the
    /// earliest instant asked for; asking again for an instant already asked for does nothing.
    public func requestFrame(at deadline: ContinuousClock.Instant) {
        if let wake = wakes.request(deadline) { driver.scheduleWake(of: self, at: wake) }
    }

    /// The instants frames were asked for at (display-group deadlines) that no wake has reached
    /// yet, ascending.
    public var pendingFrameDeadlines: [ContinuousClock.Instant] { wakes.pending }

    /// A wake its driver armed for `deadline` arrived: asks for a frame if a deadline was due, and
    /// arms the next wake. Drivers call it; anything else calling it early only makes an extra
    /// frame.
    @MainActor
    public func deadlineReached(_ deadline: ContinuousClock.Instant) {
        let (isDue, next) = wakes.reach(deadline)
        if let next { driver.scheduleWake(of: self, at: next) }
        if isDue { frameNeeded() }
    }

    /// Notes that a display of one of this coalescer's layers finished, committed or not.
    @MainActor
    func displayFinished() {
        let waiters = state.withLock { state in
            defer { state.displayFinishWaiters.removeAll() }
            return state.displayFinishWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Suspends until a display of one of this coalescer's layers finishes, or until `deadline`.
    @MainActor
    func nextDisplayFinish(orUntil deadline: ContinuousClock.Instant) async {
        var timer: Task<Void, Never>?
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waiter = OnceContinuation(continuation)
            state.withLock { $0.displayFinishWaiters.append(waiter) }
            timer = Task {
                try? await Task.sleep(until: deadline, clock: .continuous)
                waiter.resume()
            }
        }
        // Resumed by a display finishing: the timer has nothing left to do.
        timer?.cancel()
    }

    /// Runs `observer` on the main actor at every frame commit, before the commit is published
    /// to awaiting tasks: the place where a compositor takes its snapshot of the layer tree.
    public func addFrameObserver(_ observer: @escaping @MainActor @Sendable (FrameCommit) -> Void) {
        state.withLock { $0.frameObservers.append(observer) }
    }

    /// Notes that `layer` committed new contents for the coming frame (and schedules one).
    @MainActor
    func contentsChanged(_ layer: AsyncLayer) {
        scheduleFlush { state in
            state.changedLayers.append(layer)
            return true
        }
    }

    /// Applies `change` under the lock and, when it asks for a flush and none is scheduled or
    /// running, has the driver schedule one (outside the lock).
    private func scheduleFlush(after change: (inout State) -> Bool) {
        let needsSchedule = state.withLock { state -> Bool in
            guard change(&state), !state.isFlushScheduled, !state.isFlushing else { return false }
            state.isFlushScheduled = true
            return true
        }
        if needsSchedule { driver.scheduleFlush(of: self) }
    }

    // MARK: Frame commits

    /// Every frame commit from now on, for `for await commit in coalescer.frameCommits`.
    public var frameCommits: AsyncStream<FrameCommit> {
        let (stream, continuation) = AsyncStream<FrameCommit>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let id = state.withLock { state in
            defer { state.nextStreamID += 1 }
            state.streams[state.nextStreamID] = continuation
            return state.nextStreamID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.streams.removeValue(forKey: id) }
        }
        return stream
    }

    /// Suspends until the next frame commit and returns it.
    public func nextFrameCommit() async -> FrameCommit {
        await withCheckedContinuation { continuation in
            state.withLock { $0.waiters.append(continuation) }
        }
    }
}

/// A continuation that two parties may try to resume; only the first does.
final class OnceContinuation: Sendable {
    private let continuation: LockedState<CheckedContinuation<Void, Never>?>

    init(_ continuation: CheckedContinuation<Void, Never>) {
        self.continuation = LockedState(continuation)
    }

    func resume() {
        let taken = continuation.withLock { continuation in
            defer { continuation = nil }
            return continuation
        }
        taken?.resume()
    }
}
