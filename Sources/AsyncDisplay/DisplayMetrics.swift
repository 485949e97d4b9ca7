import Synchronization

/// Process-wide counters of layer displays, cheap enough to stay on: a few relaxed atomic adds
/// per display.
///
/// Read `DisplayMetrics.current` before and after some work and subtract to see what it cost,
/// main-actor time in particular.
public struct DisplayMetrics: Sendable, Hashable {
    /// Nanoseconds the display pipeline spent on the main actor (delegate calls, guards, commits,
    /// and synchronous draws).
    public var mainActorNanoseconds: UInt64
    /// Draw closures that started.
    public var drawsStarted: Int
    /// Displays that committed new contents.
    public var commits: Int
    /// Displays that ended cancelled.
    public var cancellations: Int

    /// The counters now.
    public static var current: DisplayMetrics {
        DisplayMetrics(
            mainActorNanoseconds: Counters.mainActorNanoseconds.load(ordering: .relaxed),
            drawsStarted: Counters.drawsStarted.load(ordering: .relaxed),
            commits: Counters.commits.load(ordering: .relaxed),
            cancellations: Counters.cancellations.load(ordering: .relaxed))
    }

    /// The difference between two readings.
    public static func - (after: DisplayMetrics, before: DisplayMetrics) -> DisplayMetrics {
        DisplayMetrics(
            mainActorNanoseconds: after.mainActorNanoseconds &- before.mainActorNanoseconds,
            drawsStarted: after.drawsStarted - before.drawsStarted,
            commits: after.commits - before.commits,
            cancellations: after.cancellations - before.cancellations)
    }

    enum Counters {
        static let mainActorNanoseconds = Atomic<UInt64>(0)
        static let drawsStarted = Atomic<Int>(0)
        static let commits = Atomic<Int>(0)
        static let cancellations = Atomic<Int>(0)
    }

    /// Runs `body` and adds its duration to the main-actor time.
    @MainActor
    static func timingMainActor<Result>(_ body: () -> Result) -> Result {
        let start = ContinuousClock.now
        defer {
            let elapsed = ContinuousClock.now - start
            let (seconds, attoseconds) = elapsed.components
            let nanoseconds = UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
            Counters.mainActorNanoseconds.add(nanoseconds, ordering: .relaxed)
        }
        return body()
    }

    /// Counts a draw closure about to run.
    static func countDrawStarted() {
        Counters.drawsStarted.add(1, ordering: .relaxed)
    }

    /// Counts how a display ended.
    static func record(_ outcome: DisplayOutcome) -> DisplayOutcome {
        switch outcome {
        case .committed: Counters.commits.add(1, ordering: .relaxed)
        case .cancelled: Counters.cancellations.add(1, ordering: .relaxed)
        case .cleared, .failed: break
        }
        return outcome
    }
}
