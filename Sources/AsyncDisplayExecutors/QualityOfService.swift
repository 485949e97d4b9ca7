/// How urgent the work on an executor is, from the user's point of view.
///
/// On Linux each level maps to a per-thread nice value added to the process's own, so pool
/// threads never run at a higher priority than the process itself (no privilege is needed,
/// and the main thread keeps precedence over render threads). On Darwin it maps to the
/// thread's QoS class. Where the system refuses, the thread keeps its inherited priority.
public enum QualityOfService: String, Sendable, CaseIterable, Hashable {
    /// Work the user is watching frame by frame.
    case userInteractive
    /// Work the user asked for and waits on, such as rendering visible layers.
    case userInitiated
    /// Work with no stated urgency.
    case `default`
    /// Long-running work the user knows about, such as prefetching.
    case utility
    /// Work the user does not see.
    case background

    /// The nice increment applied to threads of this level on Linux (0 ... 19; higher is lower priority).
    public var niceIncrement: Int32 {
        switch self {
        case .userInteractive: 0
        case .userInitiated: 1
        case .default: 2
        case .utility: 5
        case .background: 10
        }
    }
}
