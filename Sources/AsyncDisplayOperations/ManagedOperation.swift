/// A kind of operation that decides how it is scheduled: the "template method" hook.
///
/// By default every kind goes to `OperationManager.shared`. A kind can name its own manager
/// (`static var manager`), or take over scheduling entirely by implementing `schedule()`
/// (submit with generated dependencies, run inline, drop duplicates…). Callers only say
/// `try LoginOperation().schedule()`.
///
/// ```swift
/// struct ShowAlert: ManagedOperation {
///     static let manager = OperationManager(name: "alerts", pool: .shared(.userInteractive))
///     let message: String
///     func makeStep() -> OperationStep<Void> {
///         OperationStep("alert: \(message)", isolation: .mainActor, exclusivity: [.init("alert")]) { _ in
///             await presenter.show(message)
///         }
///     }
/// }
/// ```
public protocol ManagedOperation: Sendable {
    associatedtype Output: Sendable = Void

    /// The manager this kind of operation goes to; `OperationManager.shared` unless a kind says
    /// otherwise.
    static var manager: OperationManager { get }

    /// The step that does the work.
    func makeStep() -> OperationStep<Output>

    /// Hands the operation to its manager; implement it to take over scheduling.
    func schedule() throws(OperationError) -> OperationHandle<Output>
}

extension ManagedOperation {
    public static var manager: OperationManager { .shared }

    public func schedule() throws(OperationError) -> OperationHandle<Output> {
        try Self.manager.submit(makeStep())
    }
}
