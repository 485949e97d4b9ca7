import AsyncDisplayFeed
import Testing

@Suite("Scroll profile")
struct ScrollProfileTests {
    @Test("Flicks keep the velocity between about 1,000 and 6,000 points a second, 2,000–3,500 on average")
    func velocities() {
        let profile = ScrollProfile(frames: 1200, refreshRate: 120, maximumOffset: 1e9)
        #expect(profile.offsets.count == 1201 && profile.offsets[0] == 0)
        #expect(profile.peakVelocity >= 3000 && profile.peakVelocity <= 6000)
        #expect(profile.meanVelocity >= 2000 && profile.meanVelocity <= 3500)
        let steps = zip(profile.offsets.dropFirst(), profile.offsets).map { ($0 - $1) * 120 }
        #expect(steps.allSatisfy { $0 > 0 && $0 <= 6000 })
        #expect(steps.dropFirst(60).allSatisfy { $0 >= 400 })
        #expect(profile == ScrollProfile(frames: 1200, refreshRate: 120, maximumOffset: 1e9))
    }

    @Test("At the end of the feed the scroll turns back and stays within it")
    func turnsBack() {
        let profile = ScrollProfile(frames: 600, refreshRate: 60, maximumOffset: 1500)
        #expect(profile.offsets.allSatisfy { $0 >= 0 && $0 <= 1500 })
        let turns = (1..<600).filter { profile.direction(at: $0) != profile.direction(at: $0 + 1) }
        #expect(turns.count >= 2)
        #expect(profile.direction(at: 1) == 1)
    }

    @Test("A feed shorter than the screen does not scroll; bad rates count as 60 Hz")
    func degenerate() {
        #expect(ScrollProfile(frames: 50, refreshRate: 120, maximumOffset: -10).offsets.allSatisfy { $0 == 0 })
        let nanRate = ScrollProfile(frames: 50, refreshRate: .nan, maximumOffset: 1e9)
        #expect(nanRate == ScrollProfile(frames: 50, refreshRate: 60, maximumOffset: 1e9))
        #expect(ScrollProfile(frames: 0, refreshRate: 120, maximumOffset: 100).offsets.count == 2)
    }
}
