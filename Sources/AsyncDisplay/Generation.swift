import Synchronization

/// A layer's display generation: an atomic 64-bit counter that every display request advances.
///
/// Work captures a `Token` when it starts; the token stops being current as soon as the counter
/// moves, so stale work can stop at its next check and never commit. This is YYSentinel.
///
/// Concurrency: one atomic word; safe from any thread.
public final class Generation: Sendable {
    private let counter = Atomic<UInt64>(0)

    public init() {}

    /// The value now.
    public var current: UInt64 { counter.load(ordering: .acquiring) }

    /// Moves to the next generation and returns its value; everything captured before is stale.
    @discardableResult
    public func advance() -> UInt64 {
        counter.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue
    }

    /// Advances and returns a token for the new generation: the token of the newest work.
    public func advanceAndCapture() -> Token {
        Token(generation: self, value: advance())
    }

    /// A token for the current generation, without advancing it.
    public func capture() -> Token {
        Token(generation: self, value: current)
    }

    /// The generation some work started in.
    public struct Token: Sendable {
        public let generation: Generation
        public let value: UInt64

        /// Whether no newer generation has started since this token was taken.
        public var isCurrent: Bool { generation.current == value }
    }
}
