import AsyncDisplay
import Dispatch

/// The cases under `display.`: the cost of one display, main-actor time async vs sync, and how
/// many superseded draws are skipped.
func displayBenchmarks() -> [Benchmark] {
    [
        Benchmark(name: "display.roundtrip", unit: .nanoseconds) {
            let layer = AsyncLayer()
            await layer.setBounds(Size(width: 1, height: 1))
            let delegate = CommitWaitingDelegate()
            await MainActor.run { layer.delegate = delegate }
            return await roundtrips(of: layer, delegate: delegate, count: 2_000)
        },
        Benchmark(name: "display.roundtrip.direct", unit: .nanoseconds) {
            let layer = AsyncLayer()
            await layer.setBounds(Size(width: 1, height: 1))
            let delegate = CommitWaitingDelegate()
            await MainActor.run { layer.delegate = delegate }
            return await directRoundtrips(of: layer, count: 2_000)
        },
        Benchmark(name: "display.main.async", unit: .nanoseconds, samples: 5) {
            await mainActorTimePerDisplay(asynchronously: true)
        },
        Benchmark(name: "display.main.sync", unit: .nanoseconds, samples: 5) {
            await mainActorTimePerDisplay(asynchronously: false)
        },
        Benchmark(name: "display.superseded", unit: .count, warmups: 0, samples: 3) {
            try await drawsForSupersededRequests(layers: 1_000, requestsPerLayer: 10)
        },
    ]
}

/// A delegate whose draw fills a few rects, like a feed cell's background and separators.
@MainActor
private final class FillingDelegate: AsyncLayerDelegate {
    private let rects: Int

    init(rects: Int) { self.rects = rects }

    func makeDisplayTask(for layer: AsyncLayer) -> DisplayTask {
        let count = rects
        return DisplayTask(display: { canvas, size, isCancelled in
            for index in 0..<count where !isCancelled() {
                let inset = Double(index) * 4
                canvas.fill(
                    Rect(x: inset, y: inset, width: size.width - 2 * inset, height: size.height - 2 * inset),
                    with: Color(red: 0.2 * Double(index % 5), green: 0.5, blue: 0.8, alpha: 0.9))
            }
        })
    }
}

/// Nanoseconds from `setNeedsDisplay()` to the commit, asked from the main actor as UI code does:
/// the request coalesces, the flush at the end of the turn starts the display, the draw runs on
/// the pool, and the commit lands back on the main actor.
@MainActor
private func roundtrips(of layer: AsyncLayer, delegate: CommitWaitingDelegate, count: Int) async -> Double {
    await nanosecondsPer(count) {
        for _ in 0..<count {
            await delegate.nextCommit(after: { layer.setNeedsDisplay() })
        }
    }
}

/// Nanoseconds per `await layer.display()` from the main actor: the same pipeline without the
/// wait for the end of the turn.
@MainActor
private func directRoundtrips(of layer: AsyncLayer, count: Int) async -> Double {
    await nanosecondsPer(count) {
        for _ in 0..<count { _ = await layer.display() }
    }
}

/// Draws a 1 × 1 fill and resumes whoever waits for the commit.
@MainActor
private final class CommitWaitingDelegate: AsyncLayerDelegate {
    private var waiter: CheckedContinuation<Void, Never>?

    func makeDisplayTask(for layer: AsyncLayer) -> DisplayTask {
        DisplayTask(
            display: { canvas, size, _ in canvas.fill(Rect(origin: .zero, size: size), with: .red) },
            didDisplay: { [weak self] _, _ in
                self?.waiter?.resume()
                self?.waiter = nil
            })
    }

    /// Runs `request`, then suspends until the next didDisplay.
    func nextCommit(after request: () -> Void) async {
        await withCheckedContinuation { continuation in
            waiter = continuation
            request()
        }
    }
}

/// Main-actor nanoseconds per display of 1,000 layers of 300 × 80 pt at scale 2, four rects each.
private func mainActorTimePerDisplay(asynchronously: Bool) async -> Double {
    let delegate = await FillingDelegate(rects: 4)
    var layers: [AsyncLayer] = []
    for _ in 0..<1_000 {
        let layer = AsyncLayer()
        await layer.setBounds(Size(width: 300, height: 80))
        await layer.setContentsScale(2)
        await layer.setOpaque(true)
        await layer.setDisplaysAsynchronously(asynchronously)
        await MainActor.run { layer.delegate = delegate }
        layers.append(layer)
    }
    let before = DisplayMetrics.current
    await withTaskGroup(of: Void.self) { group in
        for layer in layers {
            group.addTask { _ = await layer.display() }
        }
    }
    let spent = DisplayMetrics.current - before
    return Double(spent.mainActorNanoseconds) / Double(layers.count)
}

/// Draws executed when every layer gets `requestsPerLayer` display requests before its first
/// render job can start (the pool is held behind a gate while the requests arrive).
private func drawsForSupersededRequests(layers count: Int, requestsPerLayer: Int) async throws -> Double {
    let pool = try ExecutorPool(name: "bench.superseded", count: 2)
    let delegate = await FillingDelegate(rects: 1)
    var layers: [AsyncLayer] = []
    for _ in 0..<count {
        let layer = AsyncLayer(executor: pool.next())
        await layer.setBounds(Size(width: 40, height: 40))
        await MainActor.run { layer.delegate = delegate }
        layers.append(layer)
    }
    let threads = pool.executors.map { $0 as! ThreadExecutor }
    let gate = DispatchSemaphore(value: 0)
    for thread in threads { thread.execute { gate.wait() } }
    let enqueuedBefore = threads.reduce(0) { $0 + $1.statistics.jobsEnqueued }
    let before = DisplayMetrics.current
    var tasks: [Task<DisplayOutcome, Never>] = []
    for layer in layers {
        for _ in 0..<requestsPerLayer { tasks.append(Task { await layer.display() }) }
    }
    // Every request's first job (its display start) is queued behind the gate before it opens.
    while threads.reduce(0, { $0 + $1.statistics.jobsEnqueued }) - enqueuedBefore < tasks.count {
        await Task.yield()
    }
    for _ in threads { gate.signal() }
    for task in tasks { _ = await task.value }
    let draws = (DisplayMetrics.current - before).drawsStarted
    await pool.shutdown()
    return Double(draws)
}
