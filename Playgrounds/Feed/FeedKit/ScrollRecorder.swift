import AsyncDisplay

/// Frames of a scroll, composed as they come (every `every` slots) off the main actor.
///
/// Concurrency: the list of frames is main-actor state; each frame is composed from an immutable
/// snapshot on the compositor's executor, then marked in a detached task.
@MainActor
final class ScrollRecorder {
    private let every: Int
    private let compositor: Compositor
    private var pending: [Task<Bitmap, Never>] = []
    /// The multiple of `every` of the last frame kept.
    private var recorded = 0

    init(every: Int, compositor: Compositor) {
        self.every = max(every, 1)
        self.compositor = compositor
    }

    /// Keeps the frame of `slot` if it is the first since another multiple of `every` (late
    /// frames skip slots).
    func record(_ slot: Int, _ snapshot: LayerTreeSnapshot, _ undrawn: [Rect]) {
        guard slot / every > recorded else { return }
        recorded = slot / every
        let compositor = compositor
        pending.append(Task.detached { await FramePicture.compose(snapshot, undrawn: undrawn, on: compositor) })
    }

    /// The frames recorded, in order.
    func frames() async -> [Bitmap] {
        var frames: [Bitmap] = []
        for task in pending { frames.append(await task.value) }
        pending.removeAll()
        return frames
    }
}
