import AsyncDisplayFeed
import Testing

@Suite("Scroll profile")
struct ScrollProfileTests {
    @Test("Flicks keep the velocity between about 1,000 and 6,000 points a second, 2,000–3,500 on average")
    func velocities() {
        let profile = ScrollProfile(frames: 1200, refreshRate: 120, maximumOffset: 1e9, scrollToTopAt: nil)
        #expect(profile.offsets.count == 1201 && profile.offsets[0] == 0 && profile.scrollToTop == nil)
        #expect(profile.peakVelocity >= 3000 && profile.peakVelocity <= 6000)
        #expect(profile.meanVelocity >= 2000 && profile.meanVelocity <= 3500)
        let steps = zip(profile.offsets.dropFirst(), profile.offsets).map { ($0 - $1) * 120 }
        #expect(steps.allSatisfy { $0 > 0 && $0 <= 6000 })
        #expect(steps.dropFirst(60).allSatisfy { $0 >= 400 })
        #expect(profile == ScrollProfile(frames: 1200, refreshRate: 120, maximumOffset: 1e9, scrollToTopAt: nil))
    }

    @Test("Two thirds of the way through, the feed eases back to the top in 0.3 s, then flicking resumes")
    func scrollsToTop() throws {
        let profile = ScrollProfile(frames: 1200, refreshRate: 120, maximumOffset: 1e9)
        let flicking = ScrollProfile(frames: 1200, refreshRate: 120, maximumOffset: 1e9, scrollToTopAt: nil)
        let top = try #require(profile.scrollToTop)
        #expect(top.frame == 801 && top.frames == 36)
        #expect(top.offset == flicking.offsets[800] && top.offset > 10_000)
        #expect(profile.offsets[...800] == flicking.offsets[...800])
        let back = profile.offsets[800...836]
        #expect(zip(back.dropFirst(), back).allSatisfy { $0 < $1 })
        #expect(profile.offsets[836] == 0)
        // The middle frames move fastest: far more than a screen a frame.
        #expect(profile.offsets[817] - profile.offsets[819] > 844)
        #expect(profile.offsets[837] > 0 && profile.direction(at: 837) == 1)
        #expect(profile.offsets.count == 1201)
        #expect(profile.peakVelocity <= 6000)
    }

    @Test("A status-bar tap near the end is cut short by the last frame; one at the top does nothing")
    func scrollToTopEdges() {
        let late = ScrollProfile(frames: 100, refreshRate: 120, maximumOffset: 1e9, scrollToTopAt: 0.9)
        #expect(late.offsets.count == 101 && late.scrollToTop?.frame == 91)
        #expect(late.offsets[100] > 0 && late.offsets[100] < late.offsets[90])
        let atTop = ScrollProfile(frames: 100, refreshRate: 120, maximumOffset: 1e9, scrollToTopAt: 0)
        #expect(atTop.scrollToTop == nil && atTop.offsets.count == 101)
    }

    @Test("The feed opens where its reader left off, clamped into the feed, and goes back to the top from there")
    func startOffset() throws {
        let resumed = ScrollProfile(frames: 900, refreshRate: 120, maximumOffset: 100_000, startOffset: 80_000)
        let fromTop = ScrollProfile(frames: 900, refreshRate: 120, maximumOffset: 100_000)
        #expect(resumed.offsets[0] == 80_000)
        // The same flicks, moved down by the start.
        #expect(abs(resumed.offsets[300] - fromTop.offsets[300] - 80_000) < 1e-6)
        let top = try #require(resumed.scrollToTop)
        #expect(top.offset > 80_000 && resumed.offsets[top.frame + top.frames - 1] == 0)
        for start in [-5.0, .nan, .infinity, 250_000] {
            let clamped = ScrollProfile(frames: 10, refreshRate: 120, maximumOffset: 100_000, startOffset: start)
            #expect(clamped.offsets[0] == (start == 250_000 ? 100_000 : 0))
        }
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
