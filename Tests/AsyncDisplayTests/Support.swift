import AsyncDisplay
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

    init(draw: DisplayTask.Draw? = nil) { self.draw = draw }

    func makeDisplayTask(for layer: AsyncLayer) -> DisplayTask {
        tasksMade += 1
        return DisplayTask(
            willDisplay: { [weak self] _ in self?.events.append("will") },
            display: draw,
            didDisplay: { [weak self] layer, finished in
                self?.events.append("did(\(finished))")
                self?.contentsAtDidDisplay.append(layer.contents)
            })
    }

    /// didDisplay count equals willDisplay count, and they alternate.
    var isBalanced: Bool {
        events.count % 2 == 0
            && stride(from: 0, to: events.count, by: 2).allSatisfy {
                events[$0] == "will" && events[$0 + 1].hasPrefix("did")
            }
    }
}

/// What draws saw, shared with the draw closures.
final class DrawLog: Sendable {
    private let state = Mutex<(draws: Int, cancelledChecks: [Bool], threads: [Bool])>((0, [], []))

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

/// A layer on a manual executor, configured.
@MainActor
func makeLayer(
    on executor: ManualExecutor, size: Size = Size(width: 4, height: 2), scale: Double = 1,
    delegate: RecordingDelegate?
) async -> AsyncLayer {
    let layer = AsyncLayer(executor: executor)
    await executor.drive {
        await layer.setBounds(size)
        await layer.setContentsScale(scale)
        await layer.setDelegate(delegate)
    }
    return layer
}

/// Starts a display and runs it up to the render job: begin (on the executor), prepare (on the
/// main actor). Returns the display's task; the render job is pending.
@MainActor
func startDisplay(_ layer: AsyncLayer, on executor: ManualExecutor) async -> Task<DisplayOutcome, Never> {
    precondition(executor.pendingJobCount == 0, "start a display on an idle executor")
    let display = Task { await layer.display() }
    await executor.waitForJobs()
    executor.runNext()  // beginDisplay
    await executor.waitForJobs()  // prepare ran on the main actor; the render job is queued
    return display
}

/// Starts `count` displays whose starts all run before any of them reaches the main actor, then
/// lets each prepare; only displays still current get as far as queueing a render job.
@MainActor
func startOverlappingDisplays(
    _ count: Int, of layer: AsyncLayer, on executor: ManualExecutor
) async -> [Task<DisplayOutcome, Never>] {
    precondition(executor.pendingJobCount == 0, "start displays on an idle executor")
    var displays: [Task<DisplayOutcome, Never>] = []
    for _ in 0..<count {
        displays.append(Task { await layer.display() })
    }
    await executor.waitForJobs(count)
    for _ in 0..<count { executor.runNext() }  // every beginDisplay, back to back
    return displays
}
