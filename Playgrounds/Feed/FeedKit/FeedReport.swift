/// One number the feed reports, as a line of the benchmark's JSON or a row of a table.
public struct FeedMetric: Sendable, Hashable {
    /// The metric's name within its mode, e.g. `main_p99_ms`.
    public let name: String
    /// `ms`, `count` or `bytes`.
    public let unit: String
    public let value: Double

    /// The benchmark runner's JSON line for one sample: `case`, `unit`, `median`, `min`, `max`,
    /// `samples`.
    public func json(mode: FeedMode) -> String {
        let number = FeedReport.format(value)
        return "{\"case\": \"feed.\(mode.rawValue).\(name)\", \"unit\": \"\(unit)\", \"median\": \(number), "
            + "\"min\": \(number), \"max\": \(number), \"samples\": 1}"
    }
}

/// The metrics of a mode and how they print.
public enum FeedReport {
    /// Every metric of `result`, in report order.
    public static func metrics(of result: FeedModeResult) -> [FeedMetric] {
        let renders = result.renders
        return [
            FeedMetric(name: "frames", unit: "count", value: Double(result.frames)),
            FeedMetric(name: "missed_frames", unit: "count", value: Double(result.missedFrames)),
            FeedMetric(name: "main_p50_ms", unit: "ms", value: result.mainMilliseconds(atQuantile: 0.5)),
            FeedMetric(name: "main_p99_ms", unit: "ms", value: result.mainMilliseconds(atQuantile: 0.99)),
            FeedMetric(name: "main_max_ms", unit: "ms", value: result.mainMilliseconds(atQuantile: 1)),
            FeedMetric(name: "invalidations", unit: "count", value: Double(renders.invalidations)),
            FeedMetric(name: "renders_requested", unit: "count", value: Double(renders.requested)),
            FeedMetric(name: "renders_started", unit: "count", value: Double(renders.started)),
            FeedMetric(name: "renders_committed", unit: "count", value: Double(renders.committed)),
            FeedMetric(name: "renders_cancelled", unit: "count", value: Double(renders.cancelled)),
            FeedMetric(name: "renders_superseded", unit: "count", value: Double(renders.superseded)),
            FeedMetric(name: "draw_ms", unit: "ms", value: Double(renders.drawNanoseconds) / 1e6),
            FeedMetric(name: "wasted_ms", unit: "ms", value: Double(renders.wastedNanoseconds) / 1e6),
            FeedMetric(
                name: "wasted_after_draw_ms", unit: "ms", value: Double(renders.wastedAfterDrawNanoseconds) / 1e6),
            FeedMetric(name: "blank_frames", unit: "count", value: Double(result.blankFrames)),
            FeedMetric(name: "peak_threads", unit: "count", value: Double(result.peakThreads)),
            FeedMetric(name: "peak_bitmap_bytes", unit: "bytes", value: Double(result.peakBitmapBytes)),
            FeedMetric(
                name: "peak_bitmap_bytes_first_half", unit: "bytes", value: Double(result.peakBitmapBytesByHalf.first)),
            FeedMetric(
                name: "peak_bitmap_bytes_second_half", unit: "bytes",
                value: Double(result.peakBitmapBytesByHalf.second)),
            FeedMetric(name: "visible_bitmap_bytes", unit: "bytes", value: Double(result.visibleBitmapBytes)),
        ]
    }

    /// The JSON lines of `result`, one per metric.
    public static func jsonLines(of result: FeedModeResult) -> [String] {
        metrics(of: result).map { $0.json(mode: result.mode) }
    }

    /// A table of `result` for people.
    public static func table(of result: FeedModeResult) -> String {
        let renders = result.renders
        let megabytes = { (bytes: Int) in format(Double(bytes) / 1_048_576) + " MB" }
        let ratio =
            result.visibleBitmapBytes > 0 ? Double(result.peakBitmapBytes) / Double(result.visibleBitmapBytes) : 0
        let rows: [(String, String)] = [
            (
                "frames",
                "\(result.frames), missed \(result.missedFrames), showing an undrawn cell \(result.blankFrames)"
            ),
            (
                "main thread per frame",
                "p50 \(format(result.mainMilliseconds(atQuantile: 0.5))) ms, "
                    + "p99 \(format(result.mainMilliseconds(atQuantile: 0.99))) ms, "
                    + "max \(format(result.mainMilliseconds(atQuantile: 1))) ms"
            ),
            (
                "renders",
                "\(renders.requested) requested (\(renders.invalidations) display requests), "
                    + "\(renders.started) started, \(renders.committed) committed"
            ),
            (
                "stale renders",
                "\(renders.cancelled) cancelled after starting, \(renders.superseded) superseded before starting"
            ),
            (
                "draw CPU",
                "\(format(Double(renders.drawNanoseconds) / 1e6)) ms, "
                    + "wasted on draws never committed \(format(Double(renders.wastedNanoseconds) / 1e6)) ms "
                    + "(\(format(Double(renders.wastedAfterDrawNanoseconds) / 1e6)) ms on draws that went stale "
                    + "only after they ended)"
            ),
            ("peak threads", "\(result.peakThreads)"),
            (
                "peak bitmap memory",
                "\(megabytes(result.peakBitmapBytes)) (halves \(megabytes(result.peakBitmapBytesByHalf.first)), "
                    + "\(megabytes(result.peakBitmapBytesByHalf.second))); "
                    + "\(format(ratio))× the \(megabytes(result.visibleBitmapBytes)) of cells on screen"
            ),
        ]
        let width = rows.map(\.0.count).max() ?? 0
        let lines = rows.map { "  " + $0.0 + String(repeating: " ", count: width - $0.0.count) + "  " + $0.1 }
        return ([result.mode.rawValue] + lines).joined(separator: "\n")
    }

    /// A number as the benchmark runner prints it: whole numbers without a point, others to
    /// three decimals.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        return String((value * 1000).rounded() / 1000)
    }
}
