/// Where an operation is, and for a pending one, what it waits for.
public enum OperationStatus: Sendable, Hashable, CustomStringConvertible {
    /// The manager does not know the operation (never submitted, or retired).
    case unknown
    /// Not started, for the reasons given (never empty).
    case pending([PendingReason])
    /// A body is running; attempts count from 1.
    case running(attempt: Int)
    case finished(OperationOutcome)

    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .pending(let reasons): "pending: " + reasons.map(\.description).joined(separator: "; ")
        case .running(let attempt): attempt == 1 ? "running" : "running attempt \(attempt)"
        case .finished(let outcome): "finished: \(outcome)"
        }
    }
}

/// One reason a pending operation has not started: the answer to "why is this not running?".
public enum PendingReason: Sendable, Hashable, CustomStringConvertible {
    /// Dependencies that have not ended, by name.
    case dependencies([String])
    /// An exclusivity category held by another operation (`holder`, nil if held by one this
    /// manager does not know) or promised to earlier contenders.
    case exclusivity(category: String, holder: String?, queuedAhead: Int)
    /// Every slot is taken: `running` operations run and the limit is `limit`.
    case concurrencyLimit(running: Int, limit: Int)
    /// Waiting before attempt `nextAttempt`.
    case retryBackoff(nextAttempt: Int)
    /// Cancelled: it will end as soon as the dependencies listed elsewhere have ended.
    case cancelled

    public var description: String {
        switch self {
        case .dependencies(let names): "waits for " + names.joined(separator: ", ")
        case .exclusivity(let category, let holder, let ahead):
            "waits for category \(category)" + (holder.map { " held by \($0)" } ?? "")
                + (ahead > 0 ? ", \(ahead) queued ahead" : "")
        case .concurrencyLimit(let running, let limit): "waits for a slot (\(running) of \(limit) running)"
        case .retryBackoff(let attempt): "waits to start attempt \(attempt)"
        case .cancelled: "cancelled, ends once its dependencies end"
        }
    }
}
