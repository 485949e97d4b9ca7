/// A step with its output type erased: the fields of an `OperationStep`, as the manager stores
/// them.
///
/// Only this module can make one (as an `OperationStep`'s storage), which keeps
/// `AnyOperationStep` to real steps. A class, so the manager passes it around with one
/// reference count, and the very object a step value holds. Immutable: changing a step makes a
/// new one (`changing(_:)`), so whatever a manager or a task holds never changes.
public final class ErasedOperationStep: Sendable {
    /// The fields a step's setters change, as one value.
    struct Fields: Sendable {
        var name: String
        var dependencies: [OperationID]
        var isolation: OperationIsolation
        var priority: OperationPriority
        var exclusivity: [ExclusivityCategory]
        var timeout: Duration?
        var retry: RetryPolicy
        var rule: DependencyRule
        var estimatedDuration: Duration?
    }

    let id: OperationID
    let name: String
    let dependencies: [OperationID]
    let isolation: OperationIsolation
    let priority: OperationPriority
    /// The categories as given; `managerCategories` and `processCategories` follow them.
    let exclusivity: [ExclusivityCategory]
    /// The manager-scoped category names, each once.
    let managerCategories: [String]
    /// The process-wide category names, each once.
    let processCategories: [String]
    let timeout: Duration?
    let retry: RetryPolicy
    let rule: DependencyRule
    let estimatedDuration: Duration?
    let body: any ErasedBody

    init(id: OperationID, _ fields: Fields, body: any ErasedBody) {
        self.id = id
        name = fields.name
        dependencies = fields.dependencies
        isolation = fields.isolation
        priority = fields.priority
        exclusivity = fields.exclusivity
        var manager: [String] = []
        var process: [String] = []
        for category in fields.exclusivity {
            switch category.scope {
            case .manager: if !manager.contains(category.name) { manager.append(category.name) }
            case .process: if !process.contains(category.name) { process.append(category.name) }
            }
        }
        managerCategories = manager
        processCategories = process
        timeout = fields.timeout
        retry = fields.retry
        rule = fields.rule
        estimatedDuration = fields.estimatedDuration
        self.body = body
    }

    /// A step like this one, same identity and body, with `change` applied to its fields.
    func changing(_ change: (inout Fields) -> Void) -> ErasedOperationStep {
        var fields = Fields(
            name: name, dependencies: dependencies, isolation: isolation, priority: priority,
            exclusivity: exclusivity, timeout: timeout, retry: retry, rule: rule,
            estimatedDuration: estimatedDuration)
        change(&fields)
        return ErasedOperationStep(id: id, fields, body: body)
    }
}

/// A body with its output type erased.
///
/// An existential rather than a wrapping closure: a typed body (one closure) fits in the
/// existential's inline buffer, so erasing a step allocates no context for it.
protocol ErasedBody: Sendable {
    /// Runs the body on the caller's executor.
    nonisolated(nonsending) func callAsFunction(_ context: OperationContext) async throws -> any Sendable

    /// Whether its outputs are kept: not those of `Void`, whose one value readers make again.
    var keepsOutput: Bool { get }
}

/// A step's typed body, as an `ErasedBody`.
struct TypedBody<Output: Sendable>: ErasedBody {
    let body: nonisolated(nonsending) @Sendable (OperationContext) async throws -> Output

    nonisolated(nonsending) func callAsFunction(_ context: OperationContext) async throws -> any Sendable {
        try await body(context)
    }

    var keepsOutput: Bool { Output.self != Void.self }
}
