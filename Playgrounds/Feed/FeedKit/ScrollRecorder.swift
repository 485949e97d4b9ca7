import AsyncDisplay

/// Frames of a scroll, composed as they come (every `every` slots) off the main actor.
@MainActor
final class ScrollRecorder {
    private let every: Int
    private let compositor: Compositor
    private var pending: [Task<Bitmap, Never>] = []

    init(every: Int, compositor: Compositor) {
        self.every = max(every, 1)
        self.compositor = compositor
    }

    func record(_ slot: Int, _ snapshot: LayerTreeSnapshot, _ undrawn: [Rect]) {
        guard slot % every == 0 else { return }
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
