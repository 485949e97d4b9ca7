import Testing

@testable import AsyncDisplayFeed

@Suite("Missed frames")
struct MissedFrameCounterTests {
    @Test("Ticks on time whose turns end in time miss nothing; the tick after the run serves nothing")
    func onTime() {
        var counter = MissedFrameCounter(slots: 3)
        for slot in 1...3 {
            #expect(counter.tick(at: slot) == slot)
            #expect(counter.turnEnded { _ in false } == slot)
            #expect(counter.turnEnded { _ in true } == nil)  // a turn with no frame pending
        }
        #expect(counter.tick(at: 4) == 4)
        #expect(counter.pending == nil)
        #expect(counter.missed == 0)
    }

    @Test("A late tick serves the slot begun last; the slots it passed showed no new frame")
    func lateTick() {
        var counter = MissedFrameCounter(slots: 10)
        _ = counter.tick(at: 1)
        _ = counter.turnEnded { _ in false }
        #expect(counter.tick(at: 4) == 4)  // slots 2 and 3 got no tick
        #expect(counter.missed == 2)
        _ = counter.turnEnded { _ in false }
        #expect(counter.missed == 2)
    }

    @Test("A frame whose turn ends after the next slot began missed its deadline")
    func pastDue() {
        var counter = MissedFrameCounter(slots: 10)
        _ = counter.tick(at: 1)
        #expect(counter.turnEnded { $0 == 1 } == 1)
        #expect(counter.missed == 1)
        _ = counter.tick(at: 2)
        _ = counter.turnEnded { _ in false }
        #expect(counter.missed == 1)
    }

    @Test("A frame whose turn never ended before the next tick was never committed: it missed")
    func turnNeverEnded() {
        var counter = MissedFrameCounter(slots: 10)
        _ = counter.tick(at: 1)
        _ = counter.tick(at: 2)
        #expect(counter.missed == 1)
        #expect(counter.pending == 2)
    }

    @Test("No slot is served twice, and slots past the run are not counted")
    func servedOnce() {
        var counter = MissedFrameCounter(slots: 5)
        _ = counter.tick(at: 2)
        _ = counter.turnEnded { _ in false }
        #expect(counter.tick(at: 2) == 3)  // a clock that reads the same slot again
        _ = counter.turnEnded { _ in false }
        #expect(counter.missed == 1)  // slot 1
        #expect(counter.tick(at: 9) == 9)  // slots 4 and 5 missed; 6…8 are past the run
        #expect(counter.missed == 3)
        #expect(counter.pending == nil)
    }
}
