import AsyncDisplayExecutors
import AsyncDisplayTesting
import Synchronization
import Testing

/// Waiters on a semaphore that queue in a known order and report who got each permit.
///
/// Each waiter starts with `Task.immediate`, so it runs on the caller's thread until it suspends
/// inside `wait()`: by the time `start` returns, waiter 0 queued first, then 1, and so on.
private struct Waiters {
    let tasks: [Task<Void, any Error>]
    /// The index of each waiter as it gets a permit.
    var grants: AsyncStream<Int>.Iterator

    init(_ count: Int, on semaphore: AsyncSemaphore) {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        tasks = (0..<count).map { index in
            Task.immediate {
                try await semaphore.wait()
                continuation.yield(index)
            }
        }
        grants = stream.makeAsyncIterator()
    }

    /// The waiter that got the permit just signalled.
    mutating func nextGrant(isolation: isolated (any Actor)? = #isolation) async -> Int? {
        await grants.next(isolation: isolation)
    }
}

@Suite("Async semaphore")
struct AsyncSemaphoreTests {
    @Test("Permits are taken and returned without suspending while some are free")
    func uncontended() async throws {
        let semaphore = AsyncSemaphore(value: 2)
        try await semaphore.wait()
        try await semaphore.wait()
        #expect(semaphore.availablePermits == 0)
        semaphore.signal()
        semaphore.signal()
        #expect(semaphore.availablePermits == 2)
    }

    @Test("Waiters get permits first come, first served")
    func fifo() async throws {
        let semaphore = AsyncSemaphore(value: 0)
        var waiters = Waiters(5, on: semaphore)
        #expect(semaphore.waiterCount == 5)
        for expected in 0..<5 {
            semaphore.signal()
            #expect(await waiters.nextGrant() == expected)
        }
        for task in waiters.tasks { try await task.value }
        #expect(semaphore.availablePermits == 0)
    }

    @Test("A waiter cancelled before it got a permit throws and leaves the count as it was")
    func cancelledWhileWaiting() async throws {
        let semaphore = AsyncSemaphore(value: 0)
        var waiters = Waiters(3, on: semaphore)
        waiters.tasks[1].cancel()
        await #expect(throws: CancellationError.self) { try await waiters.tasks[1].value }
        #expect(semaphore.waiterCount == 2)
        #expect(semaphore.availablePermits == 0)
        semaphore.signal()
        #expect(await waiters.nextGrant() == 0)
        semaphore.signal()
        #expect(await waiters.nextGrant() == 2)
        #expect(semaphore.availablePermits == 0)
        semaphore.signal()
        #expect(semaphore.availablePermits == 1)
    }

    @Test("A task already cancelled throws without taking a free permit")
    func alreadyCancelled() async {
        let semaphore = AsyncSemaphore(value: 1)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await semaphore.wait()
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(semaphore.availablePermits == 1)
    }

    @Test("A waiter cancelled after it got its permit keeps it")
    func cancelledAfterGrant() async throws {
        let semaphore = AsyncSemaphore(value: 0)
        var waiters = Waiters(1, on: semaphore)
        semaphore.signal()
        waiters.tasks[0].cancel()
        try await waiters.tasks[0].value
        #expect(await waiters.nextGrant() == 0)
        #expect(semaphore.availablePermits == 0)
    }

    @Test("Cancelled waiters dropped from the queue in bulk leave the others first come, first served")
    func compaction() async throws {
        let semaphore = AsyncSemaphore(value: 0)
        var waiters = Waiters(100, on: semaphore)
        let live = [0, 1, 2, 50, 97, 98, 99]
        for index in 0..<100 where !live.contains(index) { waiters.tasks[index].cancel() }
        for index in 0..<100 where !live.contains(index) {
            await #expect(throws: CancellationError.self) { try await waiters.tasks[index].value }
        }
        #expect(semaphore.waiterCount == live.count)
        for expected in live {
            semaphore.signal()
            #expect(await waiters.nextGrant() == expected)
        }
        #expect(semaphore.availablePermits == 0)
    }

    @Test("withPermit cancelled before it gets a permit never runs its body")
    func withPermitCancelled() async {
        let semaphore = AsyncSemaphore(value: 0)
        let ran = Atomic<Bool>(false)
        let task = Task.immediate {
            try await semaphore.withPermit { ran.store(true, ordering: .relaxed) }
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        semaphore.signal()
        let bodyRan = ran.load(ordering: .relaxed)
        #expect(!bodyRan)
        #expect(semaphore.availablePermits == 1)
    }

    @Test("withPermit returns the permit however its body ends")
    func withPermit() async throws {
        struct Failure: Error {}
        let semaphore = AsyncSemaphore(value: 1)
        let value = try await semaphore.withPermit { semaphore.availablePermits }
        #expect(value == 0)
        await #expect(throws: Failure.self) {
            try await semaphore.withPermit { throw Failure() }
        }
        #expect(semaphore.availablePermits == 1)
    }

    @Test("Thousands of racing waiters with random cancellation never exceed the permits")
    func stress() async {
        let permits = 3
        let semaphore = AsyncSemaphore(value: permits)
        let holders = Counters()
        var generator = SplitMix64(seed: 0x5EED)
        let cancelled = (0..<4_000).map { _ in generator.next() % 4 == 0 }
        let tasks = cancelled.indices.map { index in
            Task {
                do {
                    try await semaphore.wait()
                } catch {
                    // Only a cancelled task may go without a permit.
                    #expect(cancelled[index], "waiter \(index) threw without being cancelled")
                    return
                }
                holders.enter()
                await Task.yield()
                holders.leave()
                semaphore.signal()
            }
        }
        // Cancelled while they race: some before waiting, some while queued, some holding.
        for (task, isCancelled) in zip(tasks, cancelled) where isCancelled { task.cancel() }
        for task in tasks { await task.value }
        #expect(holders.most.load(ordering: .relaxed) <= permits)
        #expect(holders.total.load(ordering: .relaxed) > 0)
        #expect(semaphore.availablePermits == permits)
        #expect(semaphore.waiterCount == 0)
    }
}
