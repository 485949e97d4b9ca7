import AsyncDisplayLocks
import CoreFoundation
import Dispatch
import Foundation  // links the CoreFoundation run loop on Linux

/// Flushes from the main run loop: a `CFRunLoopObserver` for before-waiting and exit, at order
/// 0xFFFFFF (after a render commit at 2,000,000, where Core Animation commits on Apple systems),
/// in the common modes; the run loop is woken so commits from other threads flush even when it
/// was idle.
///
/// Flushes asked for at the next wake (finished renders) do not wake the loop: the same observer
/// runs them as the loop wakes for anything else (after-waiting, before that wake's timers and
/// sources) or ends a turn, and the loop's timer wakes it at their deadline if nothing else did.
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
        /// Coalescers waiting for the observer's next end-of-turn callout, in scheduling order.
        var due: [TransactionCoalescer] = []
        /// Coalescers waiting for the loop's next wake (or end of turn), in scheduling order.
        var dueAtWake: [TransactionCoalescer] = []
        /// When the timer must wake the loop for `dueAtWake` if nothing else has.
        var atWakeDeadline: ContinuousClock.Instant?
        /// Wakes asked for and not yet delivered.
        var wakes: [(coalescer: TransactionCoalescer, deadline: ContinuousClock.Instant)] = []
        /// The timer that delivers them, made on the first wake; the main run loop holds it.
        var timer: WakeTimer?

        /// The instant the timer must fire next, if any.
        var nextFireDate: ContinuousClock.Instant? {
            var earliest = atWakeDeadline
            for wake in wakes where earliest.map({ wake.deadline < $0 }) ?? true { earliest = wake.deadline }
            return earliest
        }
    }

    /// The run loop's wake timer.
    ///
    /// Concurrency: CFRunLoopTimer's functions are thread-safe, and this wrapper is only read
    /// under the driver's mutex.
    private struct WakeTimer: @unchecked Sendable {
        let timer: CFRunLoopTimer
    }

    /// The run-loop activities the observer sees (the named constants don't import on Linux).
    private enum Activity {
        static let afterWaiting = CFOptionFlags(1 << 6)
        static let beforeWaiting = CFOptionFlags(1 << 5)
        static let exit = CFOptionFlags(1 << 7)
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

    /// Flushes `coalescer` as the loop next wakes or ends a turn; arms the timer for `deadline`
    /// instead of waking the loop now (called on the main thread, where arming it wakes nothing).
    /// Where the loop does not run, flushes at `deadline` from a sleeping main-actor task.
    public func scheduleFlushAtNextWake(
        of coalescer: TransactionCoalescer, notLaterThan deadline: ContinuousClock.Instant
    ) {
        guard CFRunLoopCopyCurrentMode(CFRunLoopGetMain()) != nil else {
            return coalescer.flushAfterSleeping(until: deadline)
        }
        let (needsObserver, rearm) = state.withLock {
            state -> (Bool, (CFRunLoopTimer, ContinuousClock.Instant)?) in
            if !state.dueAtWake.contains(where: { $0 === coalescer }) { state.dueAtWake.append(coalescer) }
            defer { state.isInstalled = true }
            guard state.atWakeDeadline.map({ deadline < $0 }) ?? true else { return (!state.isInstalled, nil) }
            state.atWakeDeadline = deadline
            return (!state.isInstalled, timerAndFireDate(&state))
        }
        if needsObserver { installObserver() }
        if let (timer, fireDate) = rearm { CFRunLoopTimerSetNextFireDate(timer, Self.absoluteTime(of: fireDate)) }
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
            return timerAndFireDate(&state)
        }
        CFRunLoopTimerSetNextFireDate(timer, Self.absoluteTime(of: earliest))
    }

    /// The wake timer (made if needed) and the instant it must fire at; call with a fire date due.
    private func timerAndFireDate(_ state: inout State) -> (CFRunLoopTimer, ContinuousClock.Instant) {
        if state.timer == nil { state.timer = WakeTimer(timer: makeWakeTimer()) }
        return (state.timer!.timer, state.nextFireDate!)
    }

    /// A repeating timer in the main run loop's common modes that delivers the wakes due and
    /// re-arms itself for the next one (its own interval is never reached). Flushes due at the
    /// next wake need nothing from it: its firing woke the loop, and the observer ran them.
    private func makeWakeTimer() -> CFRunLoopTimer {
        let timer = CFRunLoopTimerCreateWithHandler(nil, Self.farFuture, 1e9, 0, 0) { [state] timer in
            // A wake the run loop's clock brings a hair early stays for the next firing.
            let now = ContinuousClock.now
            let (due, next) = state.withLock { state in
                // The loop is awake: the observer flushes the coalescers due at a wake as it ends
                // this turn.
                if let late = state.atWakeDeadline, late <= now { state.atWakeDeadline = nil }
                let due = state.wakes.filter { $0.deadline <= now }
                state.wakes.removeAll { $0.deadline <= now }
                return (due, state.nextFireDate)
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

    /// Adds the one observer that flushes, as the loop wakes, the coalescers due at a wake, and at
    /// the end of a turn every coalescer due.
    private func installObserver() {
        let activities = Activity.afterWaiting | Activity.beforeWaiting | Activity.exit
        let observer = CFRunLoopObserverCreateWithHandler(nil, activities, true, Self.flushOrder) {
            [state] _, activity in
            let isWaking = activity.rawValue == Activity.afterWaiting
            let (due, rearm) = state.withLock {
                state -> ([TransactionCoalescer], (CFRunLoopTimer, CFAbsoluteTime)?) in
                defer {
                    if !isWaking { state.due.removeAll() }
                    state.dueAtWake.removeAll()
                }
                // The timer no longer needs to fire for the flushes due at a wake.
                var rearm: (CFRunLoopTimer, CFAbsoluteTime)?
                if state.atWakeDeadline != nil, let timer = state.timer?.timer {
                    state.atWakeDeadline = nil
                    rearm = (timer, state.nextFireDate.map(Self.absoluteTime(of:)) ?? Self.farFuture)
                }
                var due = isWaking ? [] : state.due
                for coalescer in state.dueAtWake where !due.contains(where: { $0 === coalescer }) {
                    due.append(coalescer)
                }
                return (due, rearm)
            }
            if let (timer, fireDate) = rearm { CFRunLoopTimerSetNextFireDate(timer, fireDate) }
            // Observers of the main run loop are called on the main thread: the main actor.
            MainActor.assumeIsolated {
                for coalescer in due { coalescer.flush() }
            }
        }
        CFRunLoopAddObserver(CFRunLoopGetMain(), observer, kCFRunLoopCommonModes)
    }
}
