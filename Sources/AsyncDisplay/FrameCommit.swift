/// One committed frame: what a transaction flush published at the end of a main run-loop turn.
public struct FrameCommit: Sendable {
    /// 1 for the first frame of a coalescer, then one more per frame.
    public let sequence: Int
    /// When the flush finished.
    public let time: ContinuousClock.Instant
    /// How many coalesced actions the flush ran.
    public let actionsFlushed: Int
    /// The layers whose new contents (or cleared contents) this frame carries, in commit order.
    public let layers: [AsyncLayer]
    /// Main-actor time spent on the frame since the previous one: the flush plus the display
    /// pipeline's main-actor work (see `DisplayMetrics`).
    public let mainActorTime: Duration
}
