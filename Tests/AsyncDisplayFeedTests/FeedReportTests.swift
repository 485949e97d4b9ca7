import AsyncDisplayTesting
import Foundation
import Testing

@testable import AsyncDisplayFeed

@Suite("Feed metrics and report")
struct FeedReportTests {
    /// A result whose counts add up.
    private func result(_ mode: FeedMode = .async) -> FeedModeResult {
        var result = FeedModeResult(mode: mode)
        result.frames = 10
        result.missedFrames = 2
        result.mainFrameNanoseconds = [500_000, 100_000, 2_000_000, 300_000]
        result.renders.invalidations = 12
        result.renders.requested = 10
        result.renders.started = 8
        result.renders.committed = 6
        result.renders.cancelled = 2
        result.renders.superseded = 2
        result.renders.drawNanoseconds = 9_000_000
        result.renders.wastedNanoseconds = 1_500_000
        result.peakThreads = 9
        result.peakBitmapBytesByHalf = (30_000_000, 31_000_000)
        result.peakBitmapBytes = 31_000_000
        result.visibleBitmapBytes = 20_000_000
        return result
    }

    @Test("Quantiles by nearest rank match a naive count over every small list")
    func nearestRank() {
        var generator = SplitMix64(seed: 3)
        for count in 1...12 {
            let values = (0..<count).map { _ in UInt64.random(in: 0..<20, using: &generator) }
            for q in stride(from: 0.0, through: 1.0, by: 0.05) {
                // The smallest value with at least q of the values at or below it.
                let naive = values.sorted().first { value in
                    Double(values.filter { $0 <= value }.count) >= q * Double(count) - 1e-9
                }
                #expect(FeedModeResult.nearestRank(values, quantile: q) == naive, "\(values) at \(q)")
            }
        }
        #expect(FeedModeResult.nearestRank([], quantile: 0.5) == nil)
        #expect(FeedModeResult.nearestRank([4, 1], quantile: .nan) == 1)
    }

    @Test("Main-thread quantiles are in milliseconds; none without frames")
    func mainQuantiles() {
        let result = result()
        #expect(result.mainMilliseconds(atQuantile: 0.5) == 0.3)
        #expect(result.mainMilliseconds(atQuantile: 1) == 2)
        #expect(FeedModeResult(mode: .sync).mainMilliseconds(atQuantile: 0.99) == 0)
    }

    @Test("Consistency holds when every render ended one way, and fails for each way counts can disagree")
    func consistency() {
        #expect(result().isConsistent)
        var lost = result()
        lost.renders.superseded -= 1  // a render that never ended
        #expect(!lost.isConsistent)
        var undrawn = result()
        undrawn.renders.started = 5  // committed without drawing
        #expect(!undrawn.isConsistent)
        var overWasted = result()
        overWasted.renders.wastedNanoseconds = 10_000_000
        #expect(!overWasted.isConsistent)
        var overMissed = result()
        overMissed.missedFrames = 11
        #expect(!overMissed.isConsistent)
    }

    @Test("Each metric is one JSON line in the benchmark's shape, named feed.<mode>.<metric>")
    func json() throws {
        let lines = FeedReport.jsonLines(of: result(.asyncNoCancel))
        let names = try lines.map { line -> String in
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Set(object.keys) == ["case", "unit", "median", "min", "max", "samples"])
            #expect(object["samples"] as? Int == 1)
            #expect(object["median"] as? Double == object["min"] as? Double)
            return try #require(object["case"] as? String)
        }
        for metric in [
            "main_p50_ms", "main_p99_ms", "main_max_ms", "missed_frames", "renders_started", "renders_committed",
            "renders_cancelled", "renders_superseded", "wasted_ms", "wasted_after_draw_ms", "peak_threads",
            "peak_bitmap_bytes",
        ] {
            #expect(names.contains("feed.async-no-cancel.\(metric)"))
        }
        #expect(
            lines.contains(
                #"{"case": "feed.async-no-cancel.wasted_ms", "unit": "ms", "median": 1.5, "min": 1.5, "max": 1.5, "samples": 1}"#
            ))
        #expect(lines.contains { $0.contains(#""feed.async-no-cancel.main_p99_ms", "unit": "ms", "median": 2,"#) })
    }

    @Test("The table names the mode and the numbers people compare")
    func table() {
        let table = FeedReport.table(of: result(.sync))
        #expect(table.hasPrefix("sync\n"))
        #expect(table.contains("10, missed 2"))
        #expect(table.contains("p99 2 ms"))
        #expect(table.contains("1.55× the 19.073 MB"))
    }

    @Test("The comparison says which targets were met")
    func comparison() {
        var async = result(.async)
        async.missedFrames = 0
        var noCancel = result(.asyncNoCancel)
        noCancel.renders.wastedNanoseconds = 30_000_000
        noCancel.renders.cancelled = 12
        let text = FeedComparison.text(of: [result(.sync), async, noCancel])
        #expect(text.contains("not met async main thread p99 ≤ 1 ms a frame: 2 ms"))
        #expect(text.contains("met     async misses no frame: 0 missed"))
        #expect(text.contains("met     async wastes ≤ 10 % of async-no-cancel's CPU on stale draws"))
        #expect(text.contains("met     sync misses many frames where async misses none: 2 vs 0"))
        noCancel.renders.cancelled = 9
        #expect(
            FeedComparison.text(of: [async, noCancel]).contains(
                "(async-no-cancel drew only 9 stale renders, 30 ms: too few to compare waste; async wasted 1.5 ms)"))
        noCancel.renders.wastedNanoseconds = 0
        #expect(FeedComparison.text(of: [async, noCancel]).contains("no waste to compare"))
    }
}
