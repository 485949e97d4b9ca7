import AsyncDisplayTesting
import Foundation

/// How far the feed has scrolled at each frame: someone flicking through it from where they left
/// off, who taps the status bar once to go back to the top.
///
/// Every 0.6–0.9 s a flick sets the velocity to 3,000–6,000 pt/s (a slower scroll is boosted, a
/// faster one kept), and between flicks it decays as UIScrollView's normal deceleration does
/// (× 0.998 per millisecond): about 2,300 pt/s on average, between roughly 1,000 and 6,000. Past
/// the end of the feed the scroll turns back, so a feed of any length works.
///
/// The status-bar tap is UIScrollView's scroll-to-top: the feed eases back to the top in 0.3 s
/// however deep it was, and flicking starts again from there. From deep in the feed, cells then
/// cross the screen several a frame, so most of what they ask to draw is stale before it could be
/// shown: the load under which cancelling stale renders pays.
public struct ScrollProfile: Sendable, Equatable {
    /// A return to the top.
    public struct ScrollToTop: Sendable, Equatable {
        /// The frame at which the feed starts moving back.
        public let frame: Int
        /// The frames it takes to reach the top.
        public let frames: Int
        /// The offset it starts from.
        public let offset: Double
    }

    /// How long a scroll to the top takes, as UIScrollView's animation.
    public static let scrollToTopDuration = 0.3

    /// The offset at each frame, from frame 0 (the top) to the last.
    public let offsets: [Double]
    /// The fastest velocity a flick reached, in points per second.
    public let peakVelocity: Double
    /// The distance flicked over the time spent flicking, in points per second.
    public let meanVelocity: Double
    /// The return to the top, if the profile has one.
    public let scrollToTop: ScrollToTop?

    /// A profile of `frames` frames (at least one) at `refreshRate` frames a second, turning
    /// back at `maximumOffset` (a feed shorter than the screen stays at the top).
    ///
    /// - Parameters:
    ///   - startOffset: where frame 0 is, as a feed opens where its reader left off (clamped to
    ///     `0...maximumOffset`).
    ///   - scrollToTopAt: the fraction of the frames after which the status bar is tapped (nil:
    ///     never). The return to the top is cut short by the last frame.
    public init(
        frames: Int, refreshRate: Double, maximumOffset: Double, startOffset: Double = 0,
        seed: UInt64 = 0x5C2011, scrollToTopAt: Double? = 2.0 / 3
    ) {
        var generator = SplitMix64(seed: seed)
        let frames = max(frames, 1)
        let interval = 1 / (refreshRate.isFinite && refreshRate > 0 ? refreshRate : 60)
        let decay = pow(0.998, 1000 * interval)
        let tapFrame = scrollToTopAt.map { Int((Double(frames) * min(max($0, 0), 1)).rounded(.down)) }
        let returnFrames = max(1, Int((Self.scrollToTopDuration / interval).rounded()))
        var velocity = 0.0
        var distance = Self.reflect(
            startOffset.isFinite ? min(max(startOffset, 0), max(maximumOffset, 0)) : 0, within: maximumOffset)
        var flicked = 0.0
        var flickingFrames = 0
        var peak = 0.0
        var nextFlick = 0.0
        var scrollToTop: ScrollToTop?
        var offsets = [distance]
        offsets.reserveCapacity(frames + 1)
        var frame = 1
        while frame <= frames {
            let time = Double(frame) * interval
            if frame - 1 == tapFrame, let start = offsets.last, start > 0 {
                let top = ScrollToTop(frame: frame, frames: returnFrames, offset: start)
                scrollToTop = top
                for step in 1...returnFrames where frame <= frames {
                    offsets.append(start * (1 - Self.easeInOut(Double(step) / Double(returnFrames))))
                    frame += 1
                }
                (velocity, distance, nextFlick) = (0, 0, Double(frame) * interval)
                continue
            }
            if time >= nextFlick {
                velocity = max(velocity, Double(3000 + generator.next() % 3001))
                nextFlick = time + 0.6 + Double(generator.next() % 301) / 1000
            }
            peak = max(peak, velocity)
            distance += velocity * interval
            flicked += velocity * interval
            flickingFrames += 1
            velocity *= decay
            offsets.append(Self.reflect(distance, within: maximumOffset))
            frame += 1
        }
        self.offsets = offsets
        self.scrollToTop = scrollToTop
        peakVelocity = peak
        meanVelocity = flickingFrames > 0 ? flicked / (Double(flickingFrames) * interval) : 0
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

    /// Smoothstep: 0 at 0, 1 at 1, slow at both ends.
    private static func easeInOut(_ t: Double) -> Double { t * t * (3 - 2 * t) }
}
