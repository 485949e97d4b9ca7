import AsyncDisplay
import AsyncDisplayTesting
import Testing

@MainActor
@Suite("README testing example")
struct ReadmeTestingExampleTests {
    @Test("The README's testing example displays once for two requests")
    func example() async {
        let executor = ManualExecutor()
        let runLoop = ManualRunLoop()
        let layer = AsyncLayer(executor: executor, transactions: runLoop.makeCoalescer())
        let delegate = RecordingDelegate(draw: { _, _, _ in })
        layer.delegate = delegate
        await executor.drive { await layer.setBounds(Size(width: 2, height: 2)) }
        layer.setNeedsDisplay()
        layer.setNeedsDisplay()
        runLoop.runTurn()
        #expect(delegate.events == ["will"])
        await executor.waitForJobs()
        executor.runNext()
        await delegate.waitForDidDisplay(count: 1)
        #expect(layer.contents != nil)
    }
}
