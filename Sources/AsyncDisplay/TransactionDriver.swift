import AsyncDisplayLocks
import CoreFoundation
import Dispatch
import Foundation  // links the CoreFoundation run loop on Linux

/// What makes a transaction coalescer flush at the end of a main run-loop turn.
public protocol TransactionDriver: Sendable {
    /// Arranges for `coalescer.flush()` to run on the main actor at the end of the current main
    /// run-loop turn (or the next one). Called from any thread, once per turn that has commits.
    func scheduleFlush(of coalescer: TransactionCoalescer)

    /// Arranges for `coalescer.deadlineReached(deadline)` to run on the main actor at `deadline`
    /// or soon after (never before). Called from any thread, for a display group's deadline; a
    /// coalescer keeps at most one such wake outstanding for its earliest deadline.
    ///
    /// The default sleeps in a main-actor task until `deadline`.
    func scheduleWake(of coalescer: TransactionCoalescer, at deadline: ContinuousClock.Instant)
}

extension TransactionDriver {
    public func scheduleWake(of coalescer: TransactionCoalescer, at deadline: ContinuousClock.Instant) {
        coalescer.reachDeadlineAfterSleeping(until: deadline)
    }
}

extension TransactionCoalescer {
    /// Calls `deadlineReached(deadline)` from a main-actor task that sleeps until `deadline`:
    /// the wake of drivers without a clock of their own.
    func reachDeadlineAfterSleeping(until deadline: ContinuousClock.Instant) {
        Task { @MainActor in
            try? await Task.sleep(until: deadline, clock: .continuous)
            self.deadlineReached(deadline)
        }
    }
}

/// Flushes from the main run loop: a `CFRunLoopObserver` for before-waiting and exit, at order
/// 0xFFFFFF (after a render commit at 2,000,000, where Core Animation commits on Apple systems),
/// in the common modes; the run loop is woken so commits from other threads flush even when it
/// was idle.
///
/// Where the main run loop does not spin (an async `@main`; Swift Testing on Linux, where the main
/// actor runs on a worker thread), the same turn is kept by a main-actor fallback: the flush is
/// enqueued as a main-actor job behind those already queued.
///
/// One driver can serve several coalescers: each turn flushes those that asked, in order.
///
/// Concurrency: the observer is installed once, on the first flush scheduled while the main run
/// loop runs; the coalescers due are behind a mutex; the callout runs on the main thread, which
/// is the main actor.
public final class MainRunLoopDriver: TransactionDriver {
    /// The order of the flush observer: after everything else in the turn.
    public static let flushOrder = 0xFF_FFFF
    /// The order of Core Animation's commit on Apple systems, which the flush follows.
    public static let renderCommitOrder = 2_000_000

    private struct State: Sendable {
        /// Whether the observer was added; the main run loop holds the observer itself.
        var isInstalled = false
        /// Coalescers waiting for the observer's next callout, in scheduling order.
        var due: [TransactionCoalescer] = []
        /// Wakes asked for and not yet delivered.
        var wakes: [(coalescer: TransactionCoalescer, deadline: ContinuousClock.Instant)] = []
        /// The timer that delivers them, made on the first wake; the main run loop holds it.
        var timer: WakeTimer?
    }

    /// The run loop's wake timer.
    ///
    /// Concurrency: CFRunLoopTimer's functions are thread-safe, and this wrapper is only read
    /// under the driver's mutex.
    private struct WakeTimer: @unchecked Sendable {
        let timer: CFRunLoopTimer
    }

    private let state = LockedState(State())

    public init() {}

    /// Whether the run-loop observer has been installed (it is, on first use with a running loop).
    public var isObserverInstalled: Bool { state.withLock { $0.isInstalled } }

    public func scheduleFlush(of coalescer: TransactionCoalescer) {
        let mainLoop = CFRunLoopGetMain()
        guard CFRunLoopCopyCurrentMode(mainLoop) != nil else {
            // The main run loop is not running: keep the turn with a job on the main queue, which
            // is the main actor's executor (cheaper to enqueue than a Task).
            DispatchQueue.main.async { MainActor.assumeIsolated { coalescer.flush() } }
            return
        }
        let needsObserver = state.withLock { state -> Bool in
            if !state.due.contains(where: { $0 === coalescer }) { state.due.append(coalescer) }
            defer { state.isInstalled = true }
            return !state.isInstalled
        }
        if needsObserver { installObserver() }
        CFRunLoopWakeUp(mainLoop)
    }

    /// Wakes `coalescer` from the main run loop's timer while the loop runs (one timer for
    /// every wake, set to the earliest; no thread involved), else from a sleeping main-actor task.
    public func scheduleWake(of coalescer: TransactionCoalescer, at deadline: ContinuousClock.Instant) {
        guard CFRunLoopCopyCurrentMode(CFRunLoopGetMain()) != nil else {
            coalescer.reachDeadlineAfterSleeping(until: deadline)
            return
        }
        let (timer, earliest) = state.withLock { state in
            state.wakes.append((coalescer, deadline))
            if state.timer == nil { state.timer = WakeTimer(timer: makeWakeTimer()) }
            return (state.timer!.timer, state.wakes.lazy.map(\.deadline).min()!)
        }
        CFRunLoopTimerSetNextFireDate(timer, Self.absoluteTime(of: earliest))
    }

    /// A repeating timer in the main run loop's common modes that delivers the wakes due and
    /// re-arms itself for the next one (its own interval is never reached).
    private func makeWakeTimer() -> CFRunLoopTimer {
        let timer = CFRunLoopTimerCreateWithHandler(nil, Self.farFuture, 1e9, 0, 0) { [state] timer in
            // A wake the run loop's clock brings a hair early stays for the next firing.
            let now = ContinuousClock.now
            let (due, next) = state.withLock { state in
                let due = state.wakes.filter { $0.deadline <= now }
                state.wakes.removeAll { $0.deadline <= now }
                return (due, state.wakes.lazy.map(\.deadline).min())
            }
            CFRunLoopTimerSetNextFireDate(timer, next.map(Self.absoluteTime(of:)) ?? Self.farFuture)
            // Timers of the main run loop fire on the main thread: the main actor.
            MainActor.assumeIsolated {
                for wake in due { wake.coalescer.deadlineReached(wake.deadline) }
            }
        }!
        CFRunLoopAddTimer(CFRunLoopGetMain(), timer, kCFRunLoopCommonModes)
        return timer
    }

    /// A fire date never reached: about thirty years from now.
    private static var farFuture: CFAbsoluteTime { CFAbsoluteTimeGetCurrent() + 1e9 }

    /// `instant` on the run loop's clock.
    private static func absoluteTime(of instant: ContinuousClock.Instant) -> CFAbsoluteTime {
        let (seconds, attoseconds) = (instant - .now).components
        return CFAbsoluteTimeGetCurrent() + Double(seconds) + Double(attoseconds) / 1e18
    }

    /// Adds the one observer that flushes every coalescer due at the end of a turn.
    private func installObserver() {
        // beforeWaiting (1 << 5) | exit (1 << 7); the named constants don't import on Linux.
        let activities = CFOptionFlags(1 << 5 | 1 << 7)
        let observer = CFRunLoopObserverCreateWithHandler(nil, activities, true, Self.flushOrder) { [state] _, _ in
            let due = state.withLock { state in
                defer { state.due.removeAll() }
                return state.due
            }
            // Observers of the main run loop are called on the main thread: the main actor.
            MainActor.assumeIsolated {
                for coalescer in due { coalescer.flush() }
            }
        }
        CFRunLoopAddObserver(CFRunLoopGetMain(), observer, kCFRunLoopCommonModes)
    }
}
