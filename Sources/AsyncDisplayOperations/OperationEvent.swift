/// Something that happened to an operation, as a manager's event stream reports it.
///
/// Events of one manager arrive in the order they happened: an operation's `finished` comes
/// before the `ready` and `started` of every dependent it released.
public struct OperationEvent: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// Submitted to the manager.
        case enqueued
        /// Every dependency ended as its rule needs; next come its categories and a free slot.
        case ready
        /// An attempt's body started (attempts count from 1).
        case started(attempt: Int)
        /// An attempt failed or timed out and another will follow after the backoff.
        case retrying(afterAttempt: Int, OperationOutcome)
        case finished(OperationOutcome)
    }

    public let operation: OperationID
    public let name: String
    public let kind: Kind
    /// When it happened, on the manager's clock (since the manager was made).
    public let time: Duration

    public var description: String {
        switch kind {
        case .enqueued: "\(name) enqueued"
        case .ready: "\(name) ready"
        case .started(let attempt): attempt == 1 ? "\(name) started" : "\(name) started attempt \(attempt)"
        case .retrying(let attempt, let outcome): "\(name) attempt \(attempt) \(outcome), retrying"
        case .finished(let outcome): "\(name) \(outcome)"
        }
    }
}
