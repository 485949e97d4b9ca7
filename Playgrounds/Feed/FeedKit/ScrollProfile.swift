import AsyncDisplayTesting
import Foundation

/// How far the feed has scrolled at each frame: someone flicking through it.
///
/// Every 0.6–0.9 s a flick sets the velocity to 3,000–6,000 pt/s (a slower scroll is boosted, a
/// faster one kept), and between flicks it decays as UIScrollView's normal deceleration does
/// (× 0.998 per millisecond): about 2,300 pt/s on average, between roughly 1,000 and 6,000. Past
/// the end of the feed the scroll turns back, so a feed of any length works.
public struct ScrollProfile: Sendable, Equatable {
    /// The offset at each frame, from frame 0 (the top) to the last.
    public let offsets: [Double]
    /// The fastest velocity reached, in points per second.
    public let peakVelocity: Double
    /// The distance scrolled over the time taken, in points per second.
    public let meanVelocity: Double

    /// A profile of `frames` frames (at least one) at `refreshRate` frames a second, turning
    /// back at `maximumOffset` (a feed shorter than the screen stays at the top).
    public init(frames: Int, refreshRate: Double, maximumOffset: Double, seed: UInt64 = 0x5C2011) {
        var generator = SplitMix64(seed: seed)
        let frames = max(frames, 1)
        let interval = 1 / (refreshRate.isFinite && refreshRate > 0 ? refreshRate : 60)
        let decay = pow(0.998, 1000 * interval)
        var velocity = 0.0
        var distance = 0.0
        var peak = 0.0
        var nextFlick = 0.0
        var offsets = [0.0]
        offsets.reserveCapacity(frames + 1)
        for frame in 1...frames {
            let time = Double(frame) * interval
            if time >= nextFlick {
                velocity = max(velocity, Double(3000 + generator.next() % 3001))
                nextFlick = time + 0.6 + Double(generator.next() % 301) / 1000
            }
            peak = max(peak, velocity)
            distance += velocity * interval
            velocity *= decay
            offsets.append(Self.reflect(distance, within: maximumOffset))
        }
        self.offsets = offsets
        peakVelocity = peak
        meanVelocity = distance / (Double(frames) * interval)
    }

    /// +1 while scrolling down the feed (or standing still), −1 while scrolling back up.
    public func direction(at frame: Int) -> Double {
        guard frame > 0, frame < offsets.count else { return 1 }
        return offsets[frame] < offsets[frame - 1] ? -1 : 1
    }

    /// `distance` folded back and forth into `0...limit`.
    static func reflect(_ distance: Double, within limit: Double) -> Double {
        guard limit > 0, limit.isFinite else { return 0 }
        let folded = distance.truncatingRemainder(dividingBy: 2 * limit)
        return folded <= limit ? folded : 2 * limit - folded
    }
}
