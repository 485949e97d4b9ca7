import AsyncDisplayExecutors
import AsyncDisplayTesting
import Testing

@testable import AsyncDisplayLocks
@testable import AsyncDisplayOperations

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Notes whether user code ran while a manager's lock was held.
final class LockProbe: Sendable {
    private let manager = LockedState<OperationManager?>(nil)
    private let heldCount = LockedState(0)

    func watch(_ manager: OperationManager) { self.manager.withLock { $0 = manager } }

    /// How many checks found the lock held.
    var held: Int { heldCount.withLock { $0 } }

    /// Records whether the watched manager's lock is held now (by this thread or another).
    func check() {
        guard let manager = manager.withLock({ $0 }) else { return }
        let mutex = manager.state.mutex.mutex
        if pthread_mutex_trylock(mutex) == 0 {
            pthread_mutex_unlock(mutex)
        } else {
            heldCount.withLock { $0 += 1 }
        }
    }
}

/// A manual clock whose readings check the manager's lock.
struct ProbingClock: Clock {
    typealias Instant = ManualClock.Instant
    let base: ManualClock
    let probe: LockProbe

    var now: Instant {
        probe.check()
        return base.now
    }

    var minimumResolution: Duration { base.minimumResolution }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await base.sleep(until: deadline, tolerance: tolerance)
    }
}

/// A reference whose identity is read through code that checks the manager's lock.
struct ProbingReference: OperationReference {
    let id: OperationID
    let probe: LockProbe

    var operationID: OperationID {
        probe.check()
        return id
    }
}

@Suite("User code outside the lock")
struct LockTests {
    @Test("A user clock is read, and user references asked their identity, outside the manager's lock")
    func userCodeOutsideLock() async throws {
        let executor = ManualExecutor()
        let probe = LockProbe()
        let pool = try ExecutorPool(name: "regression.lock", executors: [executor])
        let manager = OperationManager(
            name: "regression.lock", pool: pool, maximumConcurrency: 1,
            clock: ProbingClock(base: ManualClock(), probe: probe))
        probe.watch(manager)
        let first = OperationStep("first") { _ in }
        let second = OperationStep("second") { _ in }
        let reader = OperationStep("reader", dependsOn: [first]) { context in
            try context.outcome(of: ProbingReference(id: first.id, probe: probe))
        }
        let run = try manager.submit([first, second, reader])
        #expect(manager.status(of: ProbingReference(id: second.id, probe: probe)) != .unknown)
        manager.cancel(ProbingReference(id: second.id, probe: probe))
        executor.runUntilIdle()
        let report = await run.finished()
        #expect(report.outcome(of: first) == .succeeded)
        #expect(report.outcome(of: second) == .cancelled)
        #expect(try await run.output(of: reader) == .succeeded)
        #expect(probe.held == 0)
    }
}
