import AsyncDisplay
import AsyncDisplayTesting
import Testing

@MainActor
@Suite("Frames asked for at an instant")
struct FrameDeadlineTests {
    @Test("Instants asked for arm one wake at a time, the earliest; asking twice for one does nothing")
    func oneWakeAtATime() {
        let runLoop = ManualRunLoop()
        let coalescer = runLoop.makeCoalescer()
        let start = ContinuousClock.now
        coalescer.requestFrame(at: start + .seconds(3))
        coalescer.requestFrame(at: start + .seconds(5))
        coalescer.requestFrame(at: start + .seconds(3))
        #expect(runLoop.scheduledWakes == [start + .seconds(3)])
        coalescer.requestFrame(at: start + .seconds(1))
        #expect(runLoop.scheduledWakes == [start + .seconds(3), start + .seconds(1)])
        #expect(coalescer.pendingFrameDeadlines == [1, 3, 5].map { start + .seconds($0) })
    }

    @Test("Each instant reached commits one frame and arms the wake for the next")
    func reachingInstants() {
        let runLoop = ManualRunLoop()
        let coalescer = runLoop.makeCoalescer()
        var sequences: [Int] = []
        coalescer.addFrameObserver { sequences.append($0.sequence) }
        let start = ContinuousClock.now
        for seconds in [3, 5, 1] { coalescer.requestFrame(at: start + .seconds(seconds)) }

        runLoop.deliverWakes(through: start + .milliseconds(500))
        runLoop.runTurn()
        #expect(sequences.isEmpty)
        runLoop.deliverWakes(through: start + .seconds(1))
        #expect(runLoop.hasDueFlush)
        runLoop.runTurn()
        #expect(sequences == [1])
        // The wake armed first, for 3 s, is still out; reaching it is a frame, and arms 5 s.
        runLoop.deliverWakes(through: start + .seconds(3))
        runLoop.runTurn()
        #expect(sequences == [1, 2])
        #expect(runLoop.scheduledWakes == [start + .seconds(5)])
        runLoop.deliverWakes(through: start + .seconds(60))
        runLoop.runTurn()
        #expect(sequences == [1, 2, 3])
        #expect(coalescer.pendingFrameDeadlines.isEmpty && runLoop.scheduledWakes.isEmpty)
    }

    @Test("A wake with nothing due (a driver's stray or early call) makes no frame")
    func strayWake() {
        let runLoop = ManualRunLoop()
        let coalescer = runLoop.makeCoalescer()
        var commits = 0
        coalescer.addFrameObserver { _ in commits += 1 }
        let start = ContinuousClock.now
        coalescer.requestFrame(at: start + .seconds(2))
        coalescer.deadlineReached(start + .seconds(1))
        runLoop.runTurn()
        #expect(commits == 0 && coalescer.pendingFrameDeadlines == [start + .seconds(2)])
    }
}
