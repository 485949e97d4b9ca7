/// Work to run once on the main actor at the next transaction flush, whatever the number of
/// requests for it during the turn: YYTransaction's selector.
///
/// Requests are told apart by target identity and action identity, so make each action once
/// (a `static let`) and reuse it:
///
/// ```swift
/// extension Badge {
///     static let relayout = TransactionAction<Badge>("relayout") { badge in badge.relayout() }
/// }
/// TransactionCoalescer.main.commit(badge, Badge.relayout)  // from any isolation
/// ```
public final class TransactionAction<Target: AnyObject & Sendable>: Sendable {
    /// A name for diagnostics.
    public let name: String
    let perform: @MainActor @Sendable (Target) -> Void

    public init(_ name: String, perform: @escaping @MainActor @Sendable (Target) -> Void) {
        self.name = name
        self.perform = perform
    }
}
