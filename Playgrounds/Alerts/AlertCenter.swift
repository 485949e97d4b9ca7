import AsyncDisplayLocks
import AsyncDisplayOperations

/// What happened to one alert, in milliseconds since the demo started.
struct AlertRecord: Sendable, Equatable {
    let message: String
    let module: String
    let requested: Double
    let shown: Double
    let dismissed: Double
}

/// Shows alerts one at a time, in the order they were requested, whichever module asks.
///
/// Each alert is an operation of one kind (`ShowAlert`) with its own manager and the exclusivity
/// category "alert": the manager may run many operations at once, but never two alerts.
final class AlertCenter: Sendable {
    let manager: OperationManager
    private let start = ContinuousClock.now
    private let records = LockedState<[AlertRecord]>([])
    /// How long an alert stays up before the simulated user dismisses it.
    let readingTime: Duration

    init(readingTime: Duration) {
        self.readingTime = readingTime
        manager = OperationManager(name: "alerts", maximumConcurrency: 8)
    }

    /// Milliseconds since the demo started.
    var now: Double { (ContinuousClock.now - start) / .milliseconds(1) }

    /// Requests an alert; returns at once with a handle, while the alert waits its turn.
    func request(_ message: String, from module: String) throws -> OperationHandle<Void> {
        let requested = now
        let step = OperationStep(
            "alert: \(message)", isolation: .mainActor, exclusivity: [ExclusivityCategory("alert")]
        ) { [self] _ in
            let shown = now
            try await Task.sleep(for: readingTime)  // on screen until dismissed
            let record = AlertRecord(
                message: message, module: module, requested: requested, shown: shown, dismissed: now)
            records.withLock { $0.append(record) }
        }
        return try manager.submit(step)
    }

    /// The alerts shown so far, in the order they were shown.
    var shown: [AlertRecord] { records.withLock { $0 } }
}

/// Unrelated modules requesting alerts at their own pace: the demo's script.
struct AlertScript: Sendable {
    struct Request: Sendable {
        let module: String
        let message: String
        let delay: Duration
    }

    let requests: [Request]

    static let standard = AlertScript(requests: [
        Request(module: "network", message: "You are offline", delay: .milliseconds(0)),
        Request(module: "messages", message: "New message from Ada", delay: .milliseconds(30)),
        Request(module: "updater", message: "Version 2.1 is available", delay: .milliseconds(40)),
        Request(module: "network", message: "Back online", delay: .milliseconds(150)),
        Request(module: "ratings", message: "Enjoying the app?", delay: .milliseconds(160)),
        Request(module: "messages", message: "New message from Grace", delay: .milliseconds(400)),
    ])

    /// Plays the script: each module's requests come from its own task; returns the records and
    /// the messages in the order they were requested.
    func play(on center: AlertCenter, scale: Double = 1) async throws -> (shown: [AlertRecord], requested: [String]) {
        let order = LockedState<[String]>([])
        let handles = try await withThrowingTaskGroup(of: [OperationHandle<Void>].self) { group in
            for module in Set(requests.map(\.module)) {
                let mine = requests.filter { $0.module == module }
                group.addTask {
                    var handles: [OperationHandle<Void>] = []
                    var elapsed = Duration.zero
                    for request in mine {
                        try await Task.sleep(for: (request.delay - elapsed) * scale)
                        elapsed = request.delay
                        // Recorded in the same lock step as the request, so the order is exact.
                        try order.withLock { order in
                            handles.append(try center.request(request.message, from: module))
                            order.append(request.message)
                        }
                    }
                    return handles
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        for handle in handles { _ = await handle.outcome() }
        return (center.shown, order.withLock { $0 })
    }
}
