import AsyncDisplay
import Testing

@testable import AsyncDisplayFeed

@MainActor
@Suite("Render ledger")
struct RenderLedgerTests {
    @Test("Each render ends one way: committed, cancelled after drawing, or superseded before")
    func settling() async {
        let ledger = RenderLedger()
        let committed = ledger.request()
        let cancelled = ledger.request()
        let superseded = ledger.request()
        committed.measureDraw {}
        cancelled.measureDraw { for _ in 0..<1000 { _ = ContinuousClock.now } }
        #expect(ledger.outstanding == 3)
        ledger.settle(committed, committed: true)
        ledger.settle(cancelled, committed: false)
        ledger.settle(superseded, committed: false)
        let counts = ledger.counts
        #expect(counts.requested == 3 && counts.started == 2)
        #expect(counts.committed == 1 && counts.cancelled == 1 && counts.superseded == 1)
        #expect(counts.wastedNanoseconds == cancelled.cpuNanoseconds)
        #expect(counts.drawNanoseconds == committed.cpuNanoseconds + cancelled.cpuNanoseconds)
        #expect(ledger.outstanding == 0)
        await ledger.waitUntilSettled()  // returns at once
    }

    @Test("Waste splits by whether the request was still the latest when the draw ended")
    func wasteAfterDraw() {
        let ledger = RenderLedger()
        let generation = Generation()
        let lateStale = ledger.request()  // went stale on its way to commit
        lateStale.noteRequest(generation.advanceAndCapture())
        lateStale.measureDraw { for _ in 0..<1000 { _ = ContinuousClock.now } }
        #expect(lateStale.didEndCurrent)
        let staleMidDraw = ledger.request()
        staleMidDraw.noteRequest(generation.advanceAndCapture())
        staleMidDraw.measureDraw { _ = generation.advance() }
        #expect(!staleMidDraw.didEndCurrent)
        let unnoted = ledger.request()
        unnoted.measureDraw {}
        #expect(!unnoted.didEndCurrent)
        for record in [lateStale, staleMidDraw, unnoted] { ledger.settle(record, committed: false) }
        let counts = ledger.counts
        #expect(counts.wastedAfterDrawNanoseconds == lateStale.cpuNanoseconds)
        #expect(
            counts.wastedNanoseconds
                == lateStale.cpuNanoseconds + staleMidDraw.cpuNanoseconds + unnoted.cpuNanoseconds)
    }

    @Test("Waiting for the renders resumes when the last one ends")
    func waiting() async {
        let ledger = RenderLedger()
        let record = ledger.request()
        let waiter = Task { await ledger.waitUntilSettled() }
        while ledger.waiterCount == 0 { await Task.yield() }  // suspended, not yet resumed
        ledger.settle(record, committed: true)
        await waiter.value
        #expect(ledger.outstanding == 0)
    }

    @Test("The peak gauge keeps the highest value recorded from any thread, and starts over when taken")
    func peakGauge() async {
        let gauge = PeakGauge()
        await withTaskGroup(of: Void.self) { group in
            for start in 0..<8 {
                group.addTask { for value in stride(from: start, to: 8000, by: 8) { gauge.record(value) } }
            }
        }
        #expect(gauge.value == 7999)
        #expect(gauge.take() == 7999)
        #expect(gauge.value == Int.min)
    }
}
