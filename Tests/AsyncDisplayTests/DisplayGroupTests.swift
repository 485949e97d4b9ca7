import AsyncDisplay
import AsyncDisplayTesting
import Testing

@MainActor
@Suite("Display groups and suspension")
struct DisplayGroupTests {
    /// A group of two drawing layers under a root, on one manual executor and run loop.
    private func makeGroup(
        deadline: Duration
    ) async -> (
        root: AsyncLayer, group: AsyncLayer, children: [AsyncLayer], executor: ManualExecutor, runLoop: ManualRunLoop,
        delegate: RecordingDelegate
    ) {
        let executor = ManualExecutor()
        let runLoop = ManualRunLoop()
        let delegate = RecordingDelegate(draw: filling(.red, log: DrawLog()))
        let root = await makeLayer(on: executor, delegate: nil, runLoop: runLoop)
        let group = AsyncLayer(executor: executor, transactions: root.transactions)
        group.isDisplayGroup = true
        group.displayGroupDeadline = deadline
        root.addSublayer(group)
        var children: [AsyncLayer] = []
        for index in 0..<2 {
            let child = AsyncLayer(executor: executor, transactions: root.transactions)
            await executor.drive { await child.setBounds(Size(width: 2, height: 2)) }
            child.delegate = delegate
            child.frame = Rect(x: Double(index * 3), y: 0, width: 2, height: 2)
            group.addSublayer(child)
            children.append(child)
        }
        return (root, group, children, executor, runLoop, delegate)
    }

    @Test("A display group shows none of its new contents until all of its layers have finished")
    func groupAppliesTogether() async {
        let (root, group, children, executor, runLoop, delegate) = await makeGroup(deadline: .seconds(3600))
        for child in children { child.setNeedsDisplay() }
        runLoop.runTurn()
        await executor.waitForJobs(2)
        executor.runNext()  // the first child's draw; the second is still queued
        await delegate.waitForDidDisplay(count: 1)
        #expect(children[0].contents != nil)
        #expect(group.isDisplayGroup && children[1].isDisplayInFlight)
        let held = LayerTreeSnapshot(root: root)
        #expect(held.nodes.allSatisfy { $0.contents == nil })  // nothing shows yet
        executor.runNext()
        await delegate.waitForDidDisplay(count: 2)
        let released = LayerTreeSnapshot(root: root)
        #expect(released.nodes.filter { $0.contents != nil }.count == 2)  // both, in one frame
    }

    @Test("A display group does not wait for a display that went stale: it can never commit")
    func groupIgnoresStaleDisplays() async {
        let (root, _, children, executor, runLoop, delegate) = await makeGroup(deadline: .seconds(3600))
        for child in children { child.setNeedsDisplay() }
        runLoop.runTurn()
        await executor.waitForJobs(2)
        executor.runNext()
        await delegate.waitForDidDisplay(count: 1)
        #expect(LayerTreeSnapshot(root: root).nodes.allSatisfy { $0.contents == nil })  // held
        children[1].isDisplaySuspended = true  // its display in flight is stale now
        #expect(children[1].isDisplayInFlight)
        let released = LayerTreeSnapshot(root: root)
        #expect(released.nodes.filter { $0.contents != nil }.map(\.id) == [ObjectIdentifier(children[0])])
        executor.runUntilIdle()
        await delegate.waitForDidDisplay(count: 2)
    }

    @Test("A display group shows what is ready once its deadline has passed")
    func groupDeadline() async {
        let (root, _, children, executor, runLoop, delegate) = await makeGroup(deadline: .zero)
        for child in children { child.setNeedsDisplay() }
        runLoop.runTurn()
        await executor.waitForJobs(2)
        executor.runNext()
        await delegate.waitForDidDisplay(count: 1)
        let snapshot = LayerTreeSnapshot(root: root)
        #expect(snapshot.nodes.filter { $0.contents != nil }.count == 1)
        executor.runUntilIdle()
        await delegate.waitForDidDisplay(count: 2)
    }

    @Test("A display group still drawing asks for a frame at its deadline, once, and shows what is ready then")
    func frameAtDeadline() async {
        let (root, _, children, executor, runLoop, delegate) = await makeGroup(deadline: .seconds(3600))
        let commits = CommitCounter()
        root.transactions.addFrameObserver { _ in commits.count += 1 }
        for child in children { child.setNeedsDisplay() }
        runLoop.runTurn()
        await executor.waitForJobs(2)
        executor.runNext()
        await delegate.waitForDidDisplay(count: 1)
        runLoop.runTurn()  // the first child's contents commit a frame
        let start = ContinuousClock.now
        let deadline = start + .seconds(3600)
        #expect(LayerTreeSnapshot(root: root, now: start).nodes.allSatisfy { $0.contents == nil })
        #expect(LayerTreeSnapshot(root: root, now: start + .seconds(1)).nodes.allSatisfy { $0.contents == nil })
        #expect(root.transactions.pendingFrameDeadlines == [deadline])
        #expect(runLoop.scheduledWakes == [deadline])  // one wake, however many frames held

        let framesBefore = commits.count
        runLoop.deliverWakes(through: deadline - .nanoseconds(1))
        runLoop.runTurn()
        #expect(commits.count == framesBefore)  // not yet
        runLoop.deliverWakes(through: deadline)
        runLoop.runTurn()
        #expect(commits.count == framesBefore + 1)
        #expect(root.transactions.pendingFrameDeadlines.isEmpty && runLoop.scheduledWakes.isEmpty)
        let shown = LayerTreeSnapshot(root: root, now: deadline)
        #expect(shown.nodes.filter { $0.contents != nil }.map(\.id) == [ObjectIdentifier(children[0])])
        executor.runUntilIdle()
        await delegate.waitForDidDisplay(count: 2)
    }

    @Test("A suspended layer cancels its draw in flight and does not display; resuming displays it once")
    func suspension() async {
        let executor = ManualExecutor()
        let runLoop = ManualRunLoop()
        let log = DrawLog()
        let delegate = RecordingDelegate(draw: filling(.red, log: log))
        let layer = await makeLayer(on: executor, delegate: delegate, runLoop: runLoop)
        let display = await startDisplay(layer, on: executor)
        layer.isDisplaySuspended = true
        executor.runNext()
        #expect(await display.value.isCancelled)
        #expect(log.draws == 0)
        layer.setNeedsDisplay()
        runLoop.runTurn()
        #expect(await layer.display().isCancelled)
        #expect(executor.pendingJobCount == 0)
        #expect(delegate.events == ["will", "did(false)"])

        layer.isDisplaySuspended = false
        runLoop.runTurn()  // one display
        await executor.waitForJobs()
        #expect(executor.pendingJobCount == 1)
        executor.runNext()
        await delegate.waitForDidDisplay(count: 2)
        #expect(log.draws == 1)
        #expect(layer.contents != nil)
    }
}

/// Frame commits seen, on the main actor.
@MainActor
private final class CommitCounter {
    var count = 0
}
