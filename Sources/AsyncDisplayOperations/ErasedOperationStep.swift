/// A step with its output type erased: the fields of an `OperationStep`, as the manager stores
/// them.
///
/// Only this module can make one (as an `OperationStep`'s storage), which keeps
/// `AnyOperationStep` to real steps. A class, so the manager passes it around with one
/// reference count, and the very object a step value holds.
///
/// Concurrency: the fields change only through `OperationStep`'s setters, and only while that
/// step value holds the sole reference (it copies the object first otherwise). Any object a
/// manager, a task or another copy can reach therefore never changes again.
public final class ErasedOperationStep: @unchecked Sendable {
    let id: OperationID
    var name: String
    var dependencies: [OperationID]
    var isolation: OperationIsolation
    var priority: OperationPriority
    /// The categories as given; `managerCategories` and `processCategories` follow them.
    var exclusivity: [ExclusivityCategory] {
        didSet { (managerCategories, processCategories) = Self.split(exclusivity) }
    }
    /// The manager-scoped category names, each once.
    private(set) var managerCategories: [String]
    /// The process-wide category names, each once.
    private(set) var processCategories: [String]
    var timeout: Duration?
    var retry: RetryPolicy
    var rule: DependencyRule
    var estimatedDuration: Duration?
    let body: any ErasedBody

    init(
        id: OperationID, name: String, dependencies: [OperationID], isolation: OperationIsolation,
        priority: OperationPriority, exclusivity: [ExclusivityCategory], timeout: Duration?, retry: RetryPolicy,
        rule: DependencyRule, estimatedDuration: Duration?, body: any ErasedBody
    ) {
        self.id = id
        self.name = name
        self.dependencies = dependencies
        self.isolation = isolation
        self.priority = priority
        self.exclusivity = exclusivity
        (managerCategories, processCategories) = Self.split(exclusivity)
        self.timeout = timeout
        self.retry = retry
        self.rule = rule
        self.estimatedDuration = estimatedDuration
        self.body = body
    }

    /// A copy to change, with the same identity.
    func copy() -> ErasedOperationStep {
        ErasedOperationStep(
            id: id, name: name, dependencies: dependencies, isolation: isolation, priority: priority,
            exclusivity: exclusivity, timeout: timeout, retry: retry, rule: rule, estimatedDuration: estimatedDuration,
            body: body)
    }

    /// The names of `categories` by scope, each once.
    private static func split(_ categories: [ExclusivityCategory]) -> (manager: [String], process: [String]) {
        var manager: [String] = []
        var process: [String] = []
        for category in categories {
            switch category.scope {
            case .manager: if !manager.contains(category.name) { manager.append(category.name) }
            case .process: if !process.contains(category.name) { process.append(category.name) }
            }
        }
        return (manager, process)
    }
}

/// A body with its output type erased.
///
/// An existential rather than a wrapping closure: a typed body (one closure) fits in the
/// existential's inline buffer, so erasing a step allocates no context for it.
protocol ErasedBody: Sendable {
    /// Runs the body on the caller's executor.
    nonisolated(nonsending) func callAsFunction(_ context: OperationContext) async throws -> any Sendable
}

/// A step's typed body, as an `ErasedBody`.
struct TypedBody<Output: Sendable>: ErasedBody {
    let body: nonisolated(nonsending) @Sendable (OperationContext) async throws -> Output

    nonisolated(nonsending) func callAsFunction(_ context: OperationContext) async throws -> any Sendable {
        try await body(context)
    }
}
