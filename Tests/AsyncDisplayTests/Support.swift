import AsyncDisplay
import AsyncDisplayLocks
import AsyncDisplayTesting
import Synchronization

/// A delegate that records its callbacks and hands out a configurable draw closure.
@MainActor
final class RecordingDelegate: AsyncLayerDelegate {
    var draw: DisplayTask.Draw?
    var hasTask = true
    private(set) var events: [String] = []
    private(set) var contentsAtDidDisplay: [Bitmap?] = []
    private(set) var tasksMade = 0
    private var didDisplayWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Suspends until `didDisplay` has been called `count` times in all.
    func waitForDidDisplay(count: Int) async {
        guard didDisplayCount < count else { return }
        await withCheckedContinuation { didDisplayWaiters.append((count, $0)) }
    }

    private var didDisplayCount: Int { events.filter { $0.hasPrefix("did") }.count }

    init(draw: DisplayTask.Draw? = nil) { self.draw = draw }

    func makeDisplayTask(for layer: AsyncLayer) -> DisplayTask {
        tasksMade += 1
        return DisplayTask(
            willDisplay: { [weak self] _ in self?.events.append("will") },
            display: draw,
            didDisplay: { [weak self] layer, finished in
                guard let self else { return }
                events.append("did(\(finished))")
                contentsAtDidDisplay.append(layer.contents)
                let ready = didDisplayWaiters.filter { $0.count <= didDisplayCount }
                didDisplayWaiters.removeAll { $0.count <= didDisplayCount }
                for waiter in ready { waiter.continuation.resume() }
            })
    }

    /// Exactly one didDisplay per willDisplay, never one before its willDisplay.
    var isBalanced: Bool {
        var open = 0
        for event in events {
            open += event == "will" ? 1 : -1
            if open < 0 { return false }
        }
        return open == 0
    }
}

/// What draws saw, shared with the draw closures.
final class DrawLog: Sendable {
    private let state = LockedState<(draws: Int, cancelledChecks: [Bool], threads: [Bool])>((0, [], []))

    var draws: Int { state.withLock { $0.draws } }
    var cancelledChecks: [Bool] { state.withLock { $0.cancelledChecks } }

    func recordDraw() { state.withLock { $0.draws += 1 } }
    func recordCheck(_ isCancelled: Bool) { state.withLock { $0.cancelledChecks.append(isCancelled) } }
}

/// A draw that fills the canvas with `color` and counts itself.
func filling(_ color: Color, log: DrawLog) -> DisplayTask.Draw {
    { canvas, size, _ in
        log.recordDraw()
        canvas.fill(Rect(origin: .zero, size: size), with: color)
    }
}

/// A layer on a manual executor, configured; its display requests coalesce on a manual run loop
/// that these tests never turn, so nothing displays unless a test asks.
@MainActor
func makeLayer(
    on executor: ManualExecutor, size: Size = Size(width: 4, height: 2), scale: Double = 1,
    delegate: RecordingDelegate?, runLoop: ManualRunLoop = ManualRunLoop()
) async -> AsyncLayer {
    let layer = AsyncLayer(executor: executor, transactions: runLoop.makeCoalescer())
    await executor.drive {
        await layer.setBounds(size)
        await layer.setContentsScale(scale)
    }
    layer.delegate = delegate
    return layer
}

/// Starts a display and runs it up to its render job: the start ran on the main actor
/// (`willDisplay`, generation advanced); the render job is queued on the executor.
@MainActor
func startDisplay(_ layer: AsyncLayer, on executor: ManualExecutor) async -> Task<DisplayOutcome, Never> {
    let pending = executor.pendingJobCount
    // Immediate: the start runs now, on this main-actor turn, and queues the render job.
    let display = Task.immediate { await layer.display() }
    await executor.waitForJobs(pending + 1)
    return display
}

/// A counter that tasks share.
final class SharedCount: Sendable {
    private let count = Atomic<Int>(0)

    var value: Int { count.load(ordering: .relaxed) }
    func increment() { count.add(1, ordering: .relaxed) }
}
