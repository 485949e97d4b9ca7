import AsyncDisplay
import AsyncDisplayExecutors
import AsyncDisplayTesting
import Dispatch
import Testing

/// Renders on a closure executor (a `ThreadExecutor`) take no task: the flush hands the render to
/// the executor, and the result comes back to the coalescer. The thread only draws; when each
/// result lands is up to the coalescer's `renderResultLatency` and the manual run loop.
@MainActor
@Suite("Render results")
struct RenderResultLatencyTests {
    /// A layer on its own thread, 4 × 2 points, drawing red through `delegate`.
    private func makeLayer(
        on executor: ThreadExecutor, transactions: TransactionCoalescer, delegate: RecordingDelegate
    ) async -> AsyncLayer {
        let layer = AsyncLayer(executor: executor, transactions: transactions)
        await layer.setBounds(Size(width: 4, height: 2))
        layer.delegate = delegate
        return layer
    }

    /// A layer drawing red on a thread of its own, its coalescer driven by a manual run loop with
    /// `latency`.
    private func makeFixture(
        _ name: String, latency: Duration
    ) async -> (ThreadExecutor, ManualRunLoop, RecordingDelegate, AsyncLayer) {
        let executor = ThreadExecutor(name: name)
        let runLoop = ManualRunLoop()
        let transactions = TransactionCoalescer(driver: runLoop, renderResultLatency: latency)
        let delegate = RecordingDelegate(draw: filling(.red, log: DrawLog()))
        return (
            executor, runLoop, delegate, await makeLayer(on: executor, transactions: transactions, delegate: delegate)
        )
    }

    /// Holds the executor's thread until the returned gate is signalled: renders started
    /// meanwhile queue behind it, so none can finish (and land) during the turn that starts them.
    private func hold(_ executor: ThreadExecutor) -> DispatchSemaphore {
        let gate = DispatchSemaphore(value: 0)
        executor.execute { gate.wait() }
        return gate
    }

    /// Suspends until the executor has run everything queued on it so far (the render's closure,
    /// which delivers the result before it returns).
    private func drain(_ executor: ThreadExecutor) async {
        await withCheckedContinuation { continuation in executor.execute { continuation.resume() } }
    }

    @Test("With a latency, a finished render waits for the loop's next wake, and lands then")
    func landsAtNextWake() async {
        let (executor, runLoop, delegate, layer) = await makeFixture("results.wake", latency: .milliseconds(8))
        let gate = hold(executor)

        layer.setNeedsDisplay()
        runLoop.runTurn()
        #expect(delegate.events == ["will"])
        #expect(runLoop.flushDeadlinesAtNextWake.count == 1)
        gate.signal()
        await drain(executor)
        // Drawn and delivered, but nothing asked for a turn: the loop sleeps on.
        #expect(!runLoop.hasDueFlush)
        #expect(layer.contents == nil)

        runLoop.wake()
        #expect(delegate.events == ["will", "did(true)"])
        #expect(layer.contents != nil)
        // No result is expected any more: no wake is asked for.
        #expect(runLoop.flushDeadlinesAtNextWake.isEmpty)
        await executor.shutdown()
    }

    @Test("If nothing else wakes the loop, the result lands at the latency's deadline")
    func landsAtDeadline() async {
        let (executor, runLoop, delegate, layer) = await makeFixture("results.late", latency: .seconds(5))
        let gate = hold(executor)

        layer.setNeedsDisplay()
        let started = ContinuousClock.now
        runLoop.runTurn()
        gate.signal()
        await drain(executor)
        let deadline = runLoop.flushDeadlinesAtNextWake.first
        #expect(deadline.map { $0 >= started + .seconds(5) } == true)
        runLoop.deliverWakes(through: started + .seconds(1))
        #expect(layer.contents == nil)
        runLoop.deliverWakes(through: started + .seconds(10))
        #expect(layer.contents != nil)
        #expect(delegate.events == ["will", "did(true)"])
        await executor.shutdown()
    }

    @Test("While a render is still drawing, every flush asks again for the next wake")
    func asksAgainWhileDrawing() async {
        let (executor, runLoop, delegate, layer) = await makeFixture("results.gate", latency: .milliseconds(8))
        let gate = hold(executor)

        layer.setNeedsDisplay()
        runLoop.runTurn()
        for _ in 0..<3 {
            runLoop.wake()
            #expect(layer.contents == nil)
            #expect(runLoop.flushDeadlinesAtNextWake.count == 1)
        }
        gate.signal()
        await drain(executor)
        runLoop.wake()
        #expect(layer.contents != nil)
        #expect(delegate.events == ["will", "did(true)"])
        #expect(runLoop.flushDeadlinesAtNextWake.isEmpty)
        await executor.shutdown()
    }

    @Test("Results delivered between two wakes land together, in one frame")
    func landTogether() async {
        let executor = ThreadExecutor(name: "results.batch")
        let runLoop = ManualRunLoop()
        let transactions = TransactionCoalescer(driver: runLoop, renderResultLatency: .milliseconds(8))
        let delegate = RecordingDelegate(draw: filling(.red, log: DrawLog()))
        var layers: [AsyncLayer] = []
        for _ in 0..<5 { layers.append(await makeLayer(on: executor, transactions: transactions, delegate: delegate)) }
        var frames = transactions.frameCommits.makeAsyncIterator()

        let gate = hold(executor)
        for layer in layers { layer.setNeedsDisplay() }
        runLoop.runTurn()
        _ = await frames.next()  // the frame of the turn that started them
        gate.signal()
        await drain(executor)
        runLoop.wake()
        let frame = await frames.next()
        #expect(frame?.layers.count == layers.count)
        #expect(layers.allSatisfy { $0.contents != nil })
        #expect(delegate.isBalanced)
        await executor.shutdown()
    }

    @Test("Without a latency, a result lands in a main-actor job of its own, with no turn")
    func landsAtOnceWithoutLatency() async {
        let (executor, runLoop, delegate, layer) = await makeFixture("results.now", latency: .zero)

        layer.setNeedsDisplay()
        runLoop.runTurn()
        #expect(runLoop.flushDeadlinesAtNextWake.isEmpty)
        await delegate.waitForDidDisplay(count: 1)
        #expect(delegate.events == ["will", "did(true)"])
        #expect(layer.contents != nil)
        #expect(runLoop.turns == 1)
        await executor.shutdown()
    }

    @Test("A driver with no wakes of its own flushes results at the deadline, from a sleeping task")
    func defaultDriverSleeps() async {
        let executor = ThreadExecutor(name: "results.default")
        let transactions = TransactionCoalescer(driver: MainQueueDriver(), renderResultLatency: .milliseconds(1))
        let delegate = RecordingDelegate(draw: filling(.red, log: DrawLog()))
        let layer = await makeLayer(on: executor, transactions: transactions, delegate: delegate)

        layer.setNeedsDisplay()
        await delegate.waitForDidDisplay(count: 1)
        #expect(delegate.events == ["will", "did(true)"])
        #expect(layer.contents != nil)
        await executor.shutdown()
    }
}

/// A driver that only flushes, from a main-queue job: everything else is the protocol's default.
private struct MainQueueDriver: TransactionDriver {
    func scheduleFlush(of coalescer: TransactionCoalescer) {
        DispatchQueue.main.async { MainActor.assumeIsolated { coalescer.flush() } }
    }
}
