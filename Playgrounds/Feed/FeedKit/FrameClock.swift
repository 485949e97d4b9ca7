import AsyncDisplay
import CoreFoundation
import Foundation  // links the CoreFoundation run loop on Linux

/// The feed's display link: a timer on the main run loop at the refresh rate, in the common
/// modes, and an observer of the end of each run-loop turn, ordered after the transaction flush.
///
/// Time is cut into refresh slots of `1 / refreshRate`, on the timer's own schedule (slot 1 is
/// its first fire date); slot `n`'s frame is due when slot `n + 1` begins. A callout late by more
/// than a slot serves the slot begun last, and the run loop skips the fire dates already gone:
/// the slots in between got no frame.
///
/// Concurrency: started and stopped on the main actor; the run loop calls out on the main thread,
/// which is the main actor.
@MainActor
final class FrameClock {
    /// Seconds per refresh slot.
    let interval: CFTimeInterval
    /// When slot 1 began (absolute time, the timer's clock).
    private var firstFireDate: CFAbsoluteTime = 0
    private var timer: CFRunLoopTimer?
    private var observer: CFRunLoopObserver?

    /// A clock at `refreshRate` frames a second (a rate that is not a finite positive number
    /// counts as 60).
    init(refreshRate: Double) {
        let rate = refreshRate.isFinite && refreshRate > 0 ? min(refreshRate, 1e6) : 60
        interval = 1 / rate
    }

    /// Starts ticking: `tick` runs once a slot from slot 1 on (late callouts skip the slots
    /// already gone), and `turnEnded` at the end of every main run-loop turn, after the flush.
    func start(tick: @escaping @MainActor () -> Void, turnEnded: @escaping @MainActor () -> Void) {
        stop()
        firstFireDate = CFAbsoluteTimeGetCurrent() + interval
        let timer = CFRunLoopTimerCreateWithHandler(nil, firstFireDate, interval, 0, 0) { _ in
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

    /// The slot a tick being called out serves: the slot begun last, and never one before the
    /// timer's fire date being served (the next is set after the callout returns). 0 when
    /// stopped.
    var currentSlot: Int {
        guard let timer else { return 0 }
        let scheduled = (CFRunLoopTimerGetNextFireDate(timer) - firstFireDate) / interval
        let elapsed = (CFAbsoluteTimeGetCurrent() - firstFireDate) / interval
        guard scheduled.isFinite, elapsed.isFinite else { return 0 }
        return Int(min(max(scheduled.rounded(), elapsed.rounded(.down), 0), 1e9)) + 1
    }

    /// Whether the frame of `slot` is past due: slot `slot + 1` has begun.
    func isPastDue(_ slot: Int) -> Bool {
        CFAbsoluteTimeGetCurrent() > firstFireDate + Double(slot) * interval
    }
}
