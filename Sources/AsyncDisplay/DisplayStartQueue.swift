import Synchronization

/// Hands the displays that flushes start to their layers' executors newest first, at most
/// `limit` renders in flight per executor: Texture's idea that what was asked for last is what
/// the screen will show longest.
///
/// Without it every display a flush starts is queued on its executor at once, oldest first.
/// While a fast scroll asks for more than the pool can draw, the pool then spends its time on
/// the oldest requests, those of cells about to leave the screen, and their draws go stale
/// half-way. Here the newer requests go first, and older ones wait on the main actor; one that
/// goes stale meanwhile ends there, cancelled, without a hop or a task (unless its layer lets
/// stale displays run to completion: then it still renders).
///
/// `await layer.display()` does not queue here: it starts its render at once.
///
/// Concurrency: main-actor state.
@MainActor
enum DisplayStartQueue {
    /// Renders in flight per executor: one drawing and one queued behind it, so the executor
    /// never idles while the main actor picks the next.
    static let limit = 2

    private struct Waiting {
        let plan: DisplayPipeline.Plan
        let reference: WeakLayerReference
    }

    private struct Lane {
        var inFlight = 0
        /// Displays waiting for a slot, oldest first.
        var waiting: [Waiting] = []
    }

    /// Each executor's lane, by the executor's identity.
    private static var lanes: [ObjectIdentifier: Lane] = [:]

    /// Starts `plan`'s render now if `executor` has a free slot, else keeps it until one frees.
    static func submit(_ plan: DisplayPipeline.Plan, _ reference: WeakLayerReference, on executor: ObjectIdentifier) {
        guard case .render = plan else {
            // Nothing to draw: it ends now, without a slot.
            launch(plan, reference, on: nil)
            return
        }
        var lane = lanes[executor, default: Lane()]
        if lane.inFlight < limit {
            lane.inFlight += 1
            lanes[executor] = lane
            launch(plan, reference, on: executor)
        } else {
            lane.waiting.append(Waiting(plan: plan, reference: reference))
            lanes[executor] = lane
        }
    }

    /// Displays waiting for a slot on any executor.
    static var waitingCount: Int {
        var count = 0
        for lane in lanes.values { count += lane.waiting.count }
        return count
    }

    private static func launch(
        _ plan: DisplayPipeline.Plan, _ reference: WeakLayerReference, on executor: ObjectIdentifier?
    ) {
        if #available(macOS 26, iOS 26, *) {
            // Runs here until its first hop, straight to the layer's executor: no extra main job.
            Task.immediate {
                _ = await DisplayPipeline.complete(plan, reference)
                if let executor { renderEnded(on: executor) }
            }
        } else {
            Task {
                _ = await DisplayPipeline.complete(plan, reference)
                if let executor { renderEnded(on: executor) }
            }
        }
    }

    /// A render on `executor` ended: the newest waiting display still worth drawing takes its
    /// slot; stale ones passed over on the way end here, cancelled, without a hop.
    private static func renderEnded(on executor: ObjectIdentifier) {
        guard var lane = lanes[executor] else { return }
        while let next = lane.waiting.popLast() {
            if isAbandoned(next) {
                lanes[executor] = lane
                DisplayPipeline.abandon(next.plan, next.reference)
                // Ending it ran delegate code, which may have queued more here.
                lane = lanes[executor] ?? lane
                continue
            }
            lanes[executor] = lane
            launch(next.plan, next.reference, on: executor)
            return
        }
        lane.inFlight -= 1
        if lane.inFlight == 0 { lanes[executor] = nil } else { lanes[executor] = lane }
    }

    /// Whether a waiting display can end without rendering: superseded, on a layer that cancels
    /// stale displays, or its layer is gone.
    private static func isAbandoned(_ waiting: Waiting) -> Bool {
        guard case .render(_, _, let token, _) = waiting.plan else { return false }
        guard let layer = waiting.reference.layer else { return true }
        return !token.isCurrent && layer.cancelsStaleDisplaysFlag.load(ordering: .relaxed)
    }
}
