import AsyncDisplay
import AsyncDisplayTesting
import Synchronization
import Testing

/// A target that records which of its actions ran, in order.
@MainActor
private final class Target: Sendable {
    let name: String
    var log: [String] = []
    nonisolated init(_ name: String) { self.name = name }
}

private let recordA = TransactionAction<Target>("a") { $0.log.append("\($0.name).a") }
private let recordB = TransactionAction<Target>("b") { $0.log.append("\($0.name).b") }

/// Calls recorded across targets, in flush order.
@MainActor private var flushOrder: [String] = []
private let ordered = TransactionAction<Target>("ordered") { flushOrder.append($0.name) }

@MainActor
@Suite("Transactions", .serialized)
struct TransactionTests {
    @Test("Many commits of one (target, action) in a turn give one call")
    func deduplicates() {
        let runLoop = ManualRunLoop()
        let coalescer = runLoop.makeCoalescer()
        let target = Target("t")
        for _ in 0..<100 { coalescer.commit(target, recordA) }
        coalescer.commit(target, recordB)
        let other = Target("u")
        coalescer.commit(other, recordA)
        #expect(target.log.isEmpty)
        runLoop.runTurn()
        #expect(target.log == ["t.a", "t.b"])
        #expect(other.log == ["u.a"])
        runLoop.runTurn()
        #expect(target.log == ["t.a", "t.b"])
    }

    @Test("Flushes run in first-commit order")
    func fifo() {
        flushOrder = []
        let runLoop = ManualRunLoop()
        let coalescer = runLoop.makeCoalescer()
        let targets = ["a", "b", "c", "d"].map(Target.init)
        for index in [2, 0, 2, 3, 0, 1, 3] { coalescer.commit(targets[index], ordered) }
        runLoop.runTurn()
        #expect(flushOrder == ["c", "a", "d", "b"])
    }

    @Test("Commits made during a flush run in the same flush, up to a bound")
    func reentrant() {
        let runLoop = ManualRunLoop()
        let coalescer = runLoop.makeCoalescer()
        let target = Target("t")
        let chained = TransactionAction<Target>("chained") { target in
            target.log.append("chained")
            coalescer.commit(target, recordA)
        }
        coalescer.commit(target, chained)
        runLoop.runTurn()
        #expect(target.log == ["chained", "t.a"])

        let forever = Counter()
        let again = TransactionAction<Target>("again") { _ in forever.count += 1 }
        let recommit = TransactionAction<Target>("recommit") { target in
            forever.count += 1
            coalescer.commit(Target("next \(forever.count)"), again)
            coalescer.commit(target, again)
        }
        coalescer.commit(target, recommit)
        runLoop.runTurn()
        #expect(forever.count <= 1 + 2 * TransactionCoalescer.maximumRounds)
        #expect(!coalescer.hasPendingCommits)
    }

    @Test("An action that keeps committing itself leaves the rest for the next turn")
    func boundedRounds() {
        let runLoop = ManualRunLoop()
        let coalescer = runLoop.makeCoalescer()
        let runs = Counter()
        final class Box: Sendable {
            nonisolated(unsafe) var action: TransactionAction<Target>?  // Safe: set once before use.
        }
        let box = Box()
        box.action = TransactionAction<Target>("self") { target in
            runs.count += 1
            coalescer.commit(target, box.action!)
        }
        coalescer.commit(Target("loop"), box.action!)
        runLoop.runTurn()
        #expect(runs.count == TransactionCoalescer.maximumRounds)
        #expect(coalescer.hasPendingCommits)
        #expect(runLoop.hasDueFlush)  // the loop was asked for another turn
        runLoop.runTurn()
        #expect(runs.count == 2 * TransactionCoalescer.maximumRounds)
    }

    @Test("Commits from many threads at once each flush exactly once")
    func manyThreads() async {
        let runLoop = ManualRunLoop()
        let coalescer = runLoop.makeCoalescer()
        let targets = (0..<100).map { Target("\($0)") }
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<8 {
                group.addTask { @Sendable in
                    for index in 0..<5_000 { coalescer.commit(targets[(index * 7 + thread) % targets.count], recordA) }
                }
            }
        }
        runLoop.runTurn()
        #expect(targets.allSatisfy { $0.log == ["\($0.name).a"] })
    }

    @Test("An empty flush does nothing: no frame is committed")
    func emptyFlush() async {
        let runLoop = ManualRunLoop()
        let coalescer = runLoop.makeCoalescer()
        coalescer.flush()
        runLoop.runTurn()
        let target = Target("t")
        coalescer.commit(target, recordA)
        async let next = coalescer.nextFrameCommit()
        await Task.yield()
        runLoop.runTurn()
        let commit = await next
        #expect(commit.sequence == 1)
        #expect(commit.actionsFlushed == 1)
    }

    @Test("After each flush a frame commit is published to every consumer")
    func frameCommits() async {
        let runLoop = ManualRunLoop()
        let coalescer = runLoop.makeCoalescer()
        var stream = coalescer.frameCommits.makeAsyncIterator()
        let target = Target("t")
        for turn in 1...3 {
            coalescer.commit(target, recordA)
            coalescer.commit(target, recordB)
            runLoop.runTurn()
            let commit = await stream.next()
            #expect(commit?.sequence == turn)
            #expect(commit?.actionsFlushed == 2)
            #expect(commit?.layers.isEmpty == true)
        }
    }

    @Test("Observers run in order around the flush, as on the real run loop")
    func observerOrder() {
        flushOrder = []
        let runLoop = ManualRunLoop()
        let coalescer = runLoop.makeCoalescer()
        runLoop.addObserver(order: 0x100_0000) { flushOrder.append("after") }
        runLoop.addObserver(order: MainRunLoopDriver.renderCommitOrder) { flushOrder.append("render commit") }
        coalescer.commit(Target("flush"), ordered)
        runLoop.runTurn()
        #expect(flushOrder == ["render commit", "flush", "after"])
    }

    @Test("Without a spinning main run loop, the main-actor fallback flushes at the end of the turn")
    func fallbackFlushes() async {
        let driver = MainRunLoopDriver()
        let coalescer = TransactionCoalescer(driver: driver)
        let target = Target("t")
        coalescer.commit(target, recordA)
        coalescer.commit(target, recordA)
        #expect(target.log.isEmpty)
        let commit = await coalescer.nextFrameCommit()
        #expect(target.log == ["t.a"])
        #expect(commit.actionsFlushed == 1)
        #expect(!driver.isObserverInstalled)  // the main run loop never spins under Swift Testing
    }
}

@MainActor
private final class Counter: Sendable {
    var count = 0
    nonisolated init() {}
}
