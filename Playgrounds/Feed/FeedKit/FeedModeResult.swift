/// What one mode's scroll measured.
public struct FeedModeResult: Sendable {
    public var mode: FeedMode
    /// Refresh slots the run lasted.
    public var frames: Int
    /// Frames that missed their deadline: slots that got no tick because the main thread was busy,
    /// and ticks whose run-loop turn ended after the next slot began.
    public var missedFrames: Int
    /// Main-thread CPU time in each frame (from one tick to the next), in nanoseconds, without
    /// the run's own bookkeeping.
    public var mainFrameNanoseconds: [UInt64]
    public var renders: RenderCounts
    /// The most threads the process had at once.
    public var peakThreads: Int
    /// The most bytes of live bitmaps and canvases at once, over what was live before the run.
    public var peakBitmapBytes: Int
    /// The same, over the first and the second half of the run: equal when nothing accumulates.
    public var peakBitmapBytesByHalf: (first: Int, second: Int)
    /// The most bytes of cell bitmaps on screen in one frame (every cell part at full size).
    public var visibleBitmapBytes: Int
    /// Frames that showed at least one cell part not drawn yet.
    public var blankFrames: Int

    public init(mode: FeedMode) {
        self.mode = mode
        frames = 0
        missedFrames = 0
        mainFrameNanoseconds = []
        renders = RenderCounts()
        peakThreads = 0
        peakBitmapBytes = 0
        peakBitmapBytesByHalf = (0, 0)
        visibleBitmapBytes = 0
        blankFrames = 0
    }

    /// Main-thread milliseconds per frame at quantile `q` (0...1), by nearest rank; 0 without frames.
    public func mainMilliseconds(atQuantile q: Double) -> Double {
        Self.nearestRank(mainFrameNanoseconds, quantile: q).map { Double($0) / 1e6 } ?? 0
    }

    /// Whether the counts add up: every render requested ended one way, none committed without
    /// drawing, and the waste is part of the drawing.
    public var isConsistent: Bool {
        renders.committed + renders.cancelled + renders.superseded == renders.requested
            && renders.committed <= renders.started && renders.started <= renders.requested
            && renders.wastedNanoseconds <= renders.drawNanoseconds && missedFrames <= frames
    }

    /// The value at quantile `q` of `values` by nearest rank (the smallest value with at least
    /// that share of values at or below it); nil when empty.
    ///
    /// Complexity: O(n log n).
    static func nearestRank(_ values: [UInt64], quantile q: Double) -> UInt64? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let share = q.isNaN ? 0 : min(max(q, 0), 1)
        // Less a hair, so that a product like 0.6000000000000001 × 5 still ranks third.
        let rank = Int((share * Double(sorted.count) - 1e-9).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
