/// What `feed` prints after the tables: the targets the modes are measured against, met or not
/// on this machine.
enum FeedComparison {
    /// The stale renders async-no-cancel must draw for the waste comparison to mean anything.
    static let minimumStaleRenders = 10

    /// One line per target that the modes run can tell.
    static func text(of results: [FeedModeResult]) -> String {
        var byMode: [FeedMode: FeedModeResult] = [:]
        for result in results where byMode[result.mode] == nil { byMode[result.mode] = result }
        var lines = ["targets"]
        func check(_ target: String, _ isMet: Bool, _ measured: String) {
            lines.append("  \(isMet ? "met    " : "not met") \(target): \(measured)")
        }
        if let async = byMode[.async] {
            let p99 = async.mainMilliseconds(atQuantile: 0.99)
            check("async main thread p99 ≤ 1 ms a frame", p99 <= 1, "\(FeedReport.format(p99)) ms")
            check("async misses no frame", async.missedFrames == 0, "\(async.missedFrames) missed")
            let ratio =
                async.visibleBitmapBytes > 0 ? Double(async.peakBitmapBytes) / Double(async.visibleBitmapBytes) : 0
            check(
                "async peak bitmap memory ≤ 3× the cells on screen", ratio > 0 && ratio <= 3,
                "\(FeedReport.format(ratio))×")
            if let noCancel = byMode[.asyncNoCancel], noCancel.renders.wastedNanoseconds == 0 {
                lines.append("  (async-no-cancel drew nothing stale: no waste to compare)")
            } else if let noCancel = byMode[.asyncNoCancel], noCancel.renders.cancelled < minimumStaleRenders {
                // A ratio of one or two draws says more about which draws happened to go stale
                // than about cancellation.
                lines.append(
                    "  (async-no-cancel drew only \(noCancel.renders.cancelled) stale renders, "
                        + "\(FeedReport.format(Double(noCancel.renders.wastedNanoseconds) / 1e6)) ms: "
                        + "too few to compare waste; async wasted "
                        + "\(FeedReport.format(Double(async.renders.wastedNanoseconds) / 1e6)) ms)")
            } else if let noCancel = byMode[.asyncNoCancel] {
                let wasted = Double(async.renders.wastedNanoseconds)
                let share = wasted / Double(noCancel.renders.wastedNanoseconds)
                check(
                    "async wastes ≤ 10 % of async-no-cancel's CPU on stale draws", share <= 0.1,
                    "\(FeedReport.format(wasted / 1e6)) ms vs "
                        + "\(FeedReport.format(Double(noCancel.renders.wastedNanoseconds) / 1e6)) ms "
                        + "(\(FeedReport.format(share * 100)) %); "
                        + "\(FeedReport.format(Double(async.renders.wastedAfterDrawNanoseconds) / 1e6)) ms of async's "
                        + "went stale only after the draw ended")
            }
            if let sync = byMode[.sync] {
                check(
                    "sync misses many frames where async misses none", sync.missedFrames > async.missedFrames,
                    "\(sync.missedFrames) vs \(async.missedFrames)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
