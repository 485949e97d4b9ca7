import AsyncDisplay
import AsyncDisplayLocks
import Synchronization

/// How the renders of one run ended.
///
/// Every render requested ends exactly one way: `committed`, `cancelled` (its draw started but its
/// bitmap never committed) or `superseded` (stale before its draw started, so it never drew).
public struct RenderCounts: Sendable, Hashable {
    /// Display requests made by the feed (`setNeedsDisplay()` calls, or tasks spawned); the
    /// coalescer may fold several into one render.
    public var invalidations = 0
    /// Renders begun: display tasks the pipeline asked for (or renders spawned, in `unbounded`
    /// mode), whether or not their draw then ran.
    public var requested = 0
    /// Renders whose draw ran.
    public var started = 0
    public var committed = 0
    public var cancelled = 0
    public var superseded = 0
    /// CPU time of every draw.
    public var drawNanoseconds: UInt64 = 0
    /// CPU time of draws that never committed.
    public var wastedNanoseconds: UInt64 = 0
    /// The part of `wastedNanoseconds` spent on draws whose request was still the latest when
    /// they ended: it went stale on the way to its commit, too late for any cancellation check.
    public var wastedAfterDrawNanoseconds: UInt64 = 0

    public init() {}

    /// Renders that have ended.
    public var settled: Int { committed + cancelled + superseded }
}

/// One render's progress, shared by the main actor and the thread that draws it.
///
/// Concurrency: atomics and a lock; the drawing thread writes before the render settles on the
/// main actor (the hop back to the main actor orders the writes before the reads).
final class RenderRecord: Sendable {
    private let didStart = Atomic<Bool>(false)
    private let cpu = Atomic<UInt64>(0)
    private let endedCurrent = Atomic<Bool>(false)
    /// The request the draw serves, once known.
    private let request = LockedState<Generation.Token?>(nil)

    /// Whether the draw ran.
    var isStarted: Bool { didStart.load(ordering: .acquiring) }
    /// The draw's CPU time in nanoseconds.
    var cpuNanoseconds: UInt64 { cpu.load(ordering: .acquiring) }
    /// Whether the request was still the latest when the draw ended (false before it ends, and
    /// when the request was never noted).
    var didEndCurrent: Bool { endedCurrent.load(ordering: .acquiring) }

    /// Notes the request the draw serves, before the draw starts.
    func noteRequest(_ token: Generation.Token) {
        request.withLock { $0 = token }
    }

    /// Runs the draw, noting that it started, the thread CPU time it took, and whether its
    /// request was still the latest when it ended.
    func measureDraw<Result>(_ draw: () throws -> Result) rethrows -> Result {
        didStart.store(true, ordering: .releasing)
        let start = ThreadClock.cpuNanoseconds()
        defer {
            cpu.add(ThreadClock.cpuNanoseconds() &- start, ordering: .releasing)
            endedCurrent.store(request.withLock { $0?.isCurrent ?? false }, ordering: .releasing)
        }
        return try draw()
    }
}

/// The counts of one run's renders, kept on the main actor where renders are requested and end.
///
/// Concurrency: main-actor state; draws touch only their `RenderRecord`.
@MainActor
final class RenderLedger {
    private(set) var counts = RenderCounts()
    private var settledWaiters: [CheckedContinuation<Void, Never>] = []

    /// Renders requested and not yet ended.
    var outstanding: Int { counts.requested - counts.settled }

    /// Tasks suspended in `waitUntilSettled()`.
    var waiterCount: Int { settledWaiters.count }

    /// Counts one display request.
    func invalidate() { counts.invalidations += 1 }

    /// Counts a render about to start and returns its record.
    func request() -> RenderRecord {
        counts.requested += 1
        return RenderRecord()
    }

    /// Counts how a render ended.
    func settle(_ record: RenderRecord, committed: Bool) {
        let cpu = record.cpuNanoseconds
        if record.isStarted {
            counts.started += 1
            counts.drawNanoseconds += cpu
        }
        if committed {
            counts.committed += 1
        } else if record.isStarted {
            counts.cancelled += 1
            counts.wastedNanoseconds += cpu
            if record.didEndCurrent { counts.wastedAfterDrawNanoseconds += cpu }
        } else {
            counts.superseded += 1
        }
        if outstanding == 0 {
            let waiters = settledWaiters
            settledWaiters.removeAll()
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Suspends until every render requested so far has ended.
    func waitUntilSettled() async {
        guard outstanding > 0 else { return }
        await withCheckedContinuation { settledWaiters.append($0) }
    }
}
