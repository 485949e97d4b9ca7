import AsyncDisplay
import CoreFoundation
import Foundation  // links the CoreFoundation run loop on Linux

/// The feed's display link: a timer on the main run loop at the refresh rate, in the common
/// modes, and an observer of the end of each run-loop turn, ordered after the transaction flush.
///
/// Time is cut into refresh slots of `1 / refreshRate` from `start`; slot `n`'s frame is due when
/// slot `n + 1` begins. A tick late by more than a slot finds later slots gone by: those frames
/// were missed.
///
/// Concurrency: started and stopped on the main actor; the run loop calls out on the main thread,
/// which is the main actor.
@MainActor
final class FrameClock {
    /// Nanoseconds per refresh slot.
    let period: UInt64
    /// When slot 0 began (monotonic nanoseconds).
    private(set) var startTime: UInt64 = 0
    private var timer: CFRunLoopTimer?
    private var observer: CFRunLoopObserver?

    /// A clock at `refreshRate` frames a second (a rate that is not a finite positive number
    /// counts as 60).
    init(refreshRate: Double) {
        let rate = refreshRate.isFinite && refreshRate > 0 ? min(refreshRate, 1e6) : 60
        period = UInt64(1e9 / rate)
    }

    /// Starts ticking: `tick` runs once a slot from slot 1 on (late ticks skip the slots already
    /// gone), and `turnEnded` at the end of every main run-loop turn, after the flush.
    func start(tick: @escaping @MainActor () -> Void, turnEnded: @escaping @MainActor () -> Void) {
        stop()
        startTime = ThreadClock.monotonicNanoseconds()
        let interval = Double(period) / 1e9
        let timer = CFRunLoopTimerCreateWithHandler(nil, CFAbsoluteTimeGetCurrent() + interval, interval, 0, 0) { _ in
            MainActor.assumeIsolated { tick() }
        }
        // beforeWaiting (1 << 5) | exit (1 << 7); the named constants don't import on Linux.
        let observer = CFRunLoopObserverCreateWithHandler(
            nil, CFOptionFlags(1 << 5 | 1 << 7), true, MainRunLoopDriver.flushOrder + 1
        ) { _, _ in
            MainActor.assumeIsolated { turnEnded() }
        }
        CFRunLoopAddTimer(CFRunLoopGetMain(), timer, kCFRunLoopCommonModes)
        CFRunLoopAddObserver(CFRunLoopGetMain(), observer, kCFRunLoopCommonModes)
        self.timer = timer
        self.observer = observer
    }

    /// Stops both callouts.
    func stop() {
        if let timer { CFRunLoopTimerInvalidate(timer) }
        if let observer { CFRunLoopObserverInvalidate(observer) }
        timer = nil
        observer = nil
    }

    /// The slot that `time` (monotonic nanoseconds) falls in.
    func slot(at time: UInt64) -> Int {
        time > startTime ? Int((time - startTime) / period) : 0
    }

    /// When the frame of `slot` is due: the start of the next slot.
    func deadline(of slot: Int) -> UInt64 {
        startTime + UInt64(max(slot + 1, 0)) * period
    }
}
