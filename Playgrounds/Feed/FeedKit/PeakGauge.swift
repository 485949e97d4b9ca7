import AsyncDisplay
import Synchronization

/// The highest reading of a value sampled from any thread.
///
/// Concurrency: one atomic, raised with a compare-and-exchange loop.
final class PeakGauge: Sendable {
    private let peak = Atomic<Int>(Int.min)

    /// The highest value recorded; `Int.min` before any.
    var value: Int { peak.load(ordering: .relaxed) }

    /// Records `value` if it is the highest so far.
    func record(_ value: Int) {
        var current = peak.load(ordering: .relaxed)
        while value > current {
            let (exchanged, original) = peak.compareExchange(
                expected: current, desired: value, ordering: .relaxed)
            if exchanged { return }
            current = original
        }
    }

    /// Returns the highest value recorded and starts over.
    func take() -> Int {
        peak.exchange(Int.min, ordering: .relaxed)
    }

    /// Records the bytes held by live bitmaps and canvases now.
    func recordLiveBitmapBytes() {
        record(Bitmap.liveByteCount)
    }
}
