import AsyncDisplayTesting
import Testing

@Suite("Manual clock")
struct ManualClockTests {
    private func sleeper(
        on clock: ManualClock, until seconds: Int
    ) -> Task<Void, any Error> {
        Task.immediate { try await clock.sleep(until: ManualClock.Instant(offset: .seconds(seconds))) }
    }

    @Test("Sleepers wake once the time passes their deadline, and not before")
    func deadlines() async throws {
        let clock = ManualClock()
        let sleepers = [3, 1, 2].map { sleeper(on: clock, until: $0) }
        await clock.waitForSleepers(3)
        clock.advance(by: .seconds(2))
        try await sleepers[1].value
        try await sleepers[2].value
        #expect(clock.sleeperCount == 1)
        #expect(clock.now.offset == .seconds(2))
        clock.advance(by: .seconds(1))
        try await sleepers[0].value
        #expect(clock.sleeperCount == 0)
    }

    @Test("Zero and negative advances leave the time and the sleepers alone")
    func noAdvance() async throws {
        let clock = ManualClock()
        let sleeping = sleeper(on: clock, until: 1)
        await clock.waitForSleepers()
        clock.advance(by: .zero)
        clock.advance(by: .seconds(-5))
        #expect(clock.now.offset == .zero && clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        try await sleeping.value
    }

    @Test("A deadline already reached returns at once")
    func pastDeadline() async throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(4))
        try await clock.sleep(until: ManualClock.Instant(offset: .seconds(3)))
        #expect(clock.sleeperCount == 0)
    }

    @Test("A cancelled sleeper throws and leaves the clock at once")
    func cancellation() async {
        let clock = ManualClock()
        let sleeping = sleeper(on: clock, until: 10)
        await clock.waitForSleepers()
        sleeping.cancel()
        await #expect(throws: CancellationError.self) { try await sleeping.value }
        #expect(clock.sleeperCount == 0)
    }
}
