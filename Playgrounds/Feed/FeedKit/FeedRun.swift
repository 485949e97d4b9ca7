import AsyncDisplay
import AsyncDisplayExecutors

/// One mode's scroll through the feed on the main run loop: a frame clock moves the feed each
/// refresh, the layers display as that mode does, and every frame is measured.
///
/// The run uses its own transaction coalescer, flushed by the package's `MainRunLoopDriver` (the
/// real run-loop observer), so the main run loop must be spinning: `FeedProgram` spins it.
///
/// Concurrency: main-actor state; draws report through the ledger's records and the gauges.
@MainActor
final class FeedRun {
    /// What a run scrolls, and how.
    struct Setup: Sendable {
        var mode: FeedMode
        var posts: [Post]
        var geometry: FeedGeometry
        var profile: ScrollProfile
        var screen: Size
        var scale: Double
        var refreshRate: Double
        /// Screen heights of lookahead: cells this far ahead of the screen display already.
        var lookahead: Double
    }

    /// What the screen showed at the end of the run.
    struct FinalFrame: Sendable {
        let snapshot: LayerTreeSnapshot
        /// Cell parts on screen not drawn yet.
        let undrawn: [Rect]
    }

    /// The driver every run's coalescer shares: one run-loop observer for the process.
    nonisolated static let driver = MainRunLoopDriver()

    private let setup: Setup
    private let ledger = RenderLedger()
    private let memory = PeakGauge()
    private let clock: FrameClock
    private let view: FeedView
    /// Told the frames done, once a second.
    private let progress: @MainActor (Int) -> Void
    /// Given each frame as the screen shows it, after its turn.
    private let recorder: (@MainActor (Int, LayerTreeSnapshot, [Rect]) -> Void)?

    private var result: FeedModeResult
    private var baselineBytes = 0
    private var slots: MissedFrameCounter
    private var hasTicked = false
    private var cpuAtLastTick: UInt64 = 0
    /// CPU spent measuring since the last tick, left out of the frame's time.
    private var bookkeeping: UInt64 = 0
    private var offset = 0.0
    private var finalFrame: FinalFrame?
    private var isFirstHalfClosed = false
    private var reportedSecond = 0
    private var finished: CheckedContinuation<Void, Never>?

    init(
        _ setup: Setup, progress: @escaping @MainActor (Int) -> Void,
        recorder: (@MainActor (Int, LayerTreeSnapshot, [Rect]) -> Void)? = nil
    ) {
        self.setup = setup
        self.progress = progress
        self.recorder = recorder
        clock = FrameClock(refreshRate: setup.refreshRate)
        // Renders finished between two frames land as the loop wakes for the next one.
        let frameInterval = Duration.seconds(1 / setup.refreshRate)
        let context = CellContext(
            mode: setup.mode, scale: setup.scale, engine: FeedTextEngine(),
            ledger: ledger, transactions: TransactionCoalescer(driver: Self.driver, renderResultLatency: frameInterval),
            memory: memory)
        view = FeedView(
            posts: setup.posts, geometry: setup.geometry, context: context, screen: setup.screen,
            lookahead: setup.lookahead, refreshRate: setup.refreshRate)
        result = FeedModeResult(mode: setup.mode)
        result.frames = setup.profile.offsets.count - 1
        slots = MissedFrameCounter(slots: result.frames)
    }

    /// The layer tree on screen.
    var root: AsyncLayer { view.root }

    /// Scrolls for every frame of the profile, then lets every render end and takes the cells
    /// down. Returns the measurements and the last frame shown.
    func run() async -> (FeedModeResult, FinalFrame?) {
        let range = setup.screen.height * (1 + setup.lookahead)
        let shortest = max(setup.geometry.minimumHeight, 1)
        view.prepareCells(Int(min(range / shortest, 1000).rounded(.up)) + 2)
        // What earlier runs released is gone before the baseline is read.
        await AsyncLayer.waitForReleasedContents()
        baselineBytes = Bitmap.liveByteCount
        memory.record(baselineBytes)
        await withCheckedContinuation { continuation in
            finished = continuation
            cpuAtLastTick = ThreadClock.cpuNanoseconds()
            clock.start(tick: { [weak self] in self?.tick() }, turnEnded: { [weak self] in self?.turnEnded() })
        }
        view.suspendDisplays()
        await ledger.waitUntilSettled()
        view.removeAllCells()
        result.renders = ledger.counts
        result.peakBitmapBytes = max(result.peakBitmapBytesByHalf.first, result.peakBitmapBytesByHalf.second)
        return (result, finalFrame)
    }

    // MARK: Frames

    /// A refresh: measures the frame that ended, then scrolls to this slot's offset.
    private func tick() {
        let slot = slots.tick(at: clock.currentSlot)
        result.missedFrames = slots.missed
        let cpu = ThreadClock.cpuNanoseconds()
        if hasTicked { result.mainFrameNanoseconds.append((cpu &- cpuAtLastTick) &- bookkeeping) }
        hasTicked = true
        cpuAtLastTick = cpu
        bookkeeping = 0
        guard slot <= result.frames else { return finish() }
        offset = setup.profile.offsets[slot]
        view.scroll(to: offset, direction: setup.profile.direction(at: slot), frame: slot)
        measure(slot: slot)
    }

    /// The end of a run-loop turn, after the flush: the frame of the last tick is complete.
    private func turnEnded() {
        guard let slot = slots.turnEnded(isPastDue: clock.isPastDue) else { return }
        result.missedFrames = slots.missed
        // The render server's view of the tree this frame (display groups hold back here).
        let snapshot = LayerTreeSnapshot(root: view.root)
        let start = ThreadClock.cpuNanoseconds()
        let undrawn = view.undrawnAreas(in: snapshot, offset: offset)
        if !undrawn.isEmpty { result.blankFrames += 1 }
        recorder?(slot, snapshot, undrawn)
        bookkeeping &+= ThreadClock.cpuNanoseconds() &- start
    }

    /// Samples the gauges; its CPU is left out of the frame's.
    private func measure(slot: Int) {
        let start = ThreadClock.cpuNanoseconds()
        result.visibleBitmapBytes = max(result.visibleBitmapBytes, view.visibleBitmapBytes(at: offset))
        memory.recordLiveBitmapBytes()
        if slot % 4 == 0 { result.peakThreads = max(result.peakThreads, ProcessThreads.count()) }
        if !isFirstHalfClosed && slot >= result.frames / 2 {
            result.peakBitmapBytesByHalf.first = memory.take() - baselineBytes
            isFirstHalfClosed = true
        }
        // Once a second, even when late ticks skip the slot that starts it.
        let second = slot / max(Int(setup.refreshRate.rounded()), 1)
        if second > reportedSecond {
            reportedSecond = second
            progress(slot)
        }
        bookkeeping &+= ThreadClock.cpuNanoseconds() &- start
    }

    private func finish() {
        clock.stop()
        memory.recordLiveBitmapBytes()
        result.peakBitmapBytesByHalf.second = memory.take() - baselineBytes
        let snapshot = LayerTreeSnapshot(root: view.root)
        finalFrame = FinalFrame(snapshot: snapshot, undrawn: view.undrawnAreas(in: snapshot, offset: offset))
        finished?.resume()
        finished = nil
    }
}
