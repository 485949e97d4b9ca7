/// An operation to run: a name, an async body returning a typed output, its dependencies, and
/// how and where it runs.
///
/// Steps are values: configure one, then hand it with the steps it depends on to an
/// `OperationManager`. Its identity (`id`) is fixed when it is made, so copies name the same
/// operation.
///
/// ```swift
/// let login = OperationStep("login") { _ in try await session.logIn() }
/// let favorite = OperationStep("favorite", dependsOn: [login]) { context in
///     let token = try context.output(of: login)
///     try await api.favorite(post, token: token)
/// }
/// let run = try manager.submit([login, favorite])
/// ```
public struct OperationStep<Output: Sendable>: Sendable, OperationReference {
    public let id: OperationID
    public var name: String
    /// The operations that must end before this one may run (see `dependencyRule`).
    public var dependencies: [OperationID]
    public var isolation: OperationIsolation
    public var priority: OperationPriority
    public var exclusivity: [ExclusivityCategory]
    /// The longest an attempt may run, counted from when its body starts.
    public var timeout: Duration?
    public var retry: RetryPolicy
    public var dependencyRule: DependencyRule
    /// How long the body is expected to take, for ordering ready work by critical path; when nil
    /// the manager uses the last recorded duration of a step of this name, or its default.
    public var estimatedDuration: Duration?
    let body: nonisolated(nonsending) @Sendable (OperationContext) async throws -> Output

    /// Makes a step; every option can also be set afterwards.
    public init(
        _ name: String,
        dependsOn dependencies: [any OperationReference] = [],
        isolation: OperationIsolation = .pool,
        priority: OperationPriority = .normal,
        exclusivity: [ExclusivityCategory] = [],
        timeout: Duration? = nil,
        retry: RetryPolicy = .never,
        dependencyRule: DependencyRule = .allSucceeded,
        estimatedDuration: Duration? = nil,
        body: nonisolated(nonsending) @escaping @Sendable (OperationContext) async throws -> Output
    ) {
        self.id = .next()
        self.name = name
        self.dependencies = dependencies.map(\.operationID)
        self.isolation = isolation
        self.priority = priority
        self.exclusivity = exclusivity
        self.timeout = timeout
        self.retry = retry
        self.dependencyRule = dependencyRule
        self.estimatedDuration = estimatedDuration
        self.body = body
    }

    public var operationID: OperationID { id }

    /// Adds a dependency: this step runs after `other`.
    public mutating func addDependency(_ other: some OperationReference) {
        dependencies.append(other.operationID)
    }
}

/// A step with its output type erased, as the manager stores it.
///
/// Only this module can make one (from an `OperationStep`), which keeps `AnyOperationStep` to
/// real steps. A class, so the manager passes it around with one reference count.
public final class ErasedOperationStep: Sendable {
    let id: OperationID
    let name: String
    let dependencies: [OperationID]
    let isolation: OperationIsolation
    let priority: OperationPriority
    let managerCategories: [String]
    let processCategories: [String]
    let timeout: Duration?
    let retry: RetryPolicy
    let rule: DependencyRule
    let estimatedDuration: Duration?
    let body: any ErasedBody

    init<Output>(_ step: borrowing OperationStep<Output>) {
        id = step.id
        name = step.name
        dependencies = step.dependencies
        isolation = step.isolation
        priority = step.priority
        var manager: [String] = []
        var process: [String] = []
        for category in step.exclusivity {
            switch category.scope {
            case .manager: if !manager.contains(category.name) { manager.append(category.name) }
            case .process: if !process.contains(category.name) { process.append(category.name) }
            }
        }
        managerCategories = manager
        processCategories = process
        timeout = step.timeout
        retry = step.retry
        rule = step.dependencyRule
        estimatedDuration = step.estimatedDuration
        body = TypedBody(body: step.body)
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

/// Any step, whatever its output type, for graphs that mix them: `[login, favorite]`.
public protocol AnyOperationStep: OperationReference {
    var name: String { get }
    /// The step with its output type erased.
    var erasedStep: ErasedOperationStep { get }
}

extension OperationStep: AnyOperationStep {
    public var erasedStep: ErasedOperationStep { ErasedOperationStep(self) }
}
