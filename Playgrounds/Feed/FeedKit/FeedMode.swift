/// How the feed draws its cells: the four ways `feed` compares.
public enum FeedMode: String, CaseIterable, Sendable, Hashable {
    /// Every cell draws on the main actor, as UIKit's `drawRect` does.
    case sync
    /// The package as designed: pool executors, generation cancellation, coalescing, display
    /// groups.
    case async
    /// As `async`, but stale renders run to completion (their results still never commit).
    case asyncNoCancel = "async-no-cancel"
    /// Each display request draws in an unstructured task on the global executor: no pool, no
    /// coalescing, no cancellation (stale results are discarded on arrival).
    case unbounded

    /// Whether cells display through `AsyncLayer`'s pipeline (every mode but `unbounded`).
    var usesLayerDisplay: Bool { self != .unbounded }
}
