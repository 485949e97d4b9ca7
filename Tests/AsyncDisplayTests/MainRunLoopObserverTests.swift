import AsyncDisplay
import AsyncDisplayExecutors
import CoreFoundation
import Dispatch
import Foundation
import Synchronization
import XCTest

/// What the flush saw, shared with the test on the main thread.
private final class FlushRecord: Sendable {
    let flushes = Atomic<Int>(0)
    let onMainThread = Atomic<Bool>(false)
}

private final class FlushTarget: Sendable {
    let record = FlushRecord()

    static let flush = TransactionAction<FlushTarget>("flush") { target in
        target.record.onMainThread.store(Thread.isMainThread, ordering: .relaxed)
        target.record.flushes.add(1, ordering: .relaxed)
        CFRunLoopStop(CFRunLoopGetMain())
    }
}

/// The run-loop observer path, for real: XCTest runs on the process's main thread, where the
/// main run loop spins while the test runs it (Swift Testing never spins it on Linux).
final class MainRunLoopObserverTests: XCTestCase {
    func testCommitsFromAnotherThreadWakeTheIdleLoopAndFlushInTheObserver() {
        XCTAssertTrue(Thread.isMainThread)
        let driver = MainRunLoopDriver()
        let coalescer = TransactionCoalescer(driver: driver)
        let target = FlushTarget()
        XCTAssertFalse(driver.isObserverInstalled, "installed lazily, on the first commit")

        // Once the loop runs and sits idle, another thread commits.
        CFRunLoopPerformBlock(CFRunLoopGetMain(), kCFRunLoopCommonModes) {
            DispatchQueue.global().async { coalescer.commit(target, FlushTarget.flush) }
        }
        CFRunLoopWakeUp(CFRunLoopGetMain())
        let deadline = Date().addingTimeInterval(30)
        while target.record.flushes.load(ordering: .relaxed) == 0 && Date() < deadline {
            _ = CFRunLoopRunInMode(kCFRunLoopDefaultMode, 0.5, false)
        }
        XCTAssertEqual(target.record.flushes.load(ordering: .relaxed), 1)
        XCTAssertTrue(target.record.onMainThread.load(ordering: .relaxed))
        XCTAssertTrue(driver.isObserverInstalled)
        XCTAssertFalse(coalescer.hasPendingCommits)
    }

    func testAFrameAskedForAtAnInstantCommitsFromTheRunLoopTimerNoEarlier() throws {
        let driver = MainRunLoopDriver()
        let coalescer = TransactionCoalescer(driver: driver)
        let committedAt = Mutex<ContinuousClock.Instant?>(nil)
        coalescer.addFrameObserver { _ in
            committedAt.withLock { $0 = $0 ?? .now }
            CFRunLoopStop(CFRunLoopGetMain())
        }
        let askedFor = Mutex<ContinuousClock.Instant?>(nil)
        CFRunLoopPerformBlock(CFRunLoopGetMain(), kCFRunLoopCommonModes) {
            let instant = ContinuousClock.now + .milliseconds(20)
            askedFor.withLock { $0 = instant }
            coalescer.requestFrame(at: instant)
        }
        CFRunLoopWakeUp(CFRunLoopGetMain())
        let deadline = Date().addingTimeInterval(30)
        while committedAt.withLock({ $0 }) == nil && Date() < deadline {
            _ = CFRunLoopRunInMode(kCFRunLoopDefaultMode, 0.5, false)
        }
        let committed = try XCTUnwrap(committedAt.withLock { $0 })
        XCTAssertGreaterThanOrEqual(committed, try XCTUnwrap(askedFor.withLock { $0 }))
        XCTAssertTrue(coalescer.pendingFrameDeadlines.isEmpty)
    }

    func testARenderResultWaitsForTheLoopToWakeInsteadOfWakingIt() {
        let executor = ThreadExecutor(name: "xctest.results")
        // An hour of latency: a result that lands within the test came with a wake of the loop.
        let coalescer = TransactionCoalescer(driver: MainRunLoopDriver(), renderResultLatency: .seconds(3600))
        let layer = AsyncLayer(executor: executor, transactions: coalescer)
        let isReady = Atomic<Bool>(false)
        Task {
            await layer.setBounds(Size(width: 4, height: 2))
            isReady.store(true, ordering: .releasing)
        }
        let deadline = Date().addingTimeInterval(30)
        while !isReady.load(ordering: .acquiring) && Date() < deadline {
            _ = CFRunLoopRunInMode(kCFRunLoopDefaultMode, 0.01, false)
        }
        let delegate = MainActor.assumeIsolated { RecordingDelegate(draw: filling(.red, log: DrawLog())) }
        MainActor.assumeIsolated { layer.delegate = delegate }

        CFRunLoopPerformBlock(CFRunLoopGetMain(), kCFRunLoopCommonModes) {
            MainActor.assumeIsolated { layer.setNeedsDisplay() }
        }
        // The loop wakes every few milliseconds for this timer, and stops once the contents land.
        let timer = CFRunLoopTimerCreateWithHandler(nil, CFAbsoluteTimeGetCurrent(), 0.005, 0, 0) { _ in
            if MainActor.assumeIsolated({ layer.contents != nil }) { CFRunLoopStop(CFRunLoopGetMain()) }
        }
        CFRunLoopAddTimer(CFRunLoopGetMain(), timer, kCFRunLoopCommonModes)
        defer { CFRunLoopTimerInvalidate(timer) }
        while MainActor.assumeIsolated({ layer.contents == nil }) && Date() < deadline {
            _ = CFRunLoopRunInMode(kCFRunLoopDefaultMode, 0.5, false)
        }
        MainActor.assumeIsolated {
            XCTAssertNotNil(layer.contents)
            XCTAssertEqual(delegate.events, ["will", "did(true)"])
        }
        let isShutDown = Atomic<Bool>(false)
        Task {
            await executor.shutdown()
            isShutDown.store(true, ordering: .releasing)
        }
        while !isShutDown.load(ordering: .acquiring) && Date() < deadline {
            _ = CFRunLoopRunInMode(kCFRunLoopDefaultMode, 0.01, false)
        }
    }

    func testOneDriverFlushesEveryCoalescerThatAsked() {
        let driver = MainRunLoopDriver()
        let first = TransactionCoalescer(driver: driver)
        let second = TransactionCoalescer(driver: driver)
        let targets = [FlushTarget(), FlushTarget()]
        CFRunLoopPerformBlock(CFRunLoopGetMain(), kCFRunLoopCommonModes) {
            DispatchQueue.global().async {
                first.commit(targets[0], FlushTarget.flush)
                second.commit(targets[1], FlushTarget.flush)
            }
        }
        CFRunLoopWakeUp(CFRunLoopGetMain())
        let deadline = Date().addingTimeInterval(30)
        while targets.contains(where: { $0.record.flushes.load(ordering: .relaxed) == 0 }) && Date() < deadline {
            _ = CFRunLoopRunInMode(kCFRunLoopDefaultMode, 0.5, false)
        }
        XCTAssertEqual(targets.map { $0.record.flushes.load(ordering: .relaxed) }, [1, 1])
        XCTAssertFalse(first.hasPendingCommits || second.hasPendingCommits)
    }
}
