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
///
/// Copies share one immutable object holding the fields (a setter replaces it), and the manager
/// keeps that same object: submitting a step allocates and copies nothing for it.
public struct OperationStep<Output: Sendable>: Sendable, OperationReference {
    private var storage: ErasedOperationStep

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
        let fields = ErasedOperationStep.Fields(
            name: name, dependencies: dependencies.map(\.operationID), isolation: isolation, priority: priority,
            exclusivity: exclusivity, timeout: timeout, retry: retry, rule: dependencyRule,
            estimatedDuration: estimatedDuration)
        storage = ErasedOperationStep(id: .next(), fields, body: TypedBody(body: body))
    }

    public var id: OperationID { storage.id }

    public var name: String {
        get { storage.name }
        set { storage = storage.changing { $0.name = newValue } }
    }

    /// The operations that must end before this one may run (see `dependencyRule`).
    public var dependencies: [OperationID] {
        get { storage.dependencies }
        set { storage = storage.changing { $0.dependencies = newValue } }
    }

    public var isolation: OperationIsolation {
        get { storage.isolation }
        set { storage = storage.changing { $0.isolation = newValue } }
    }

    public var priority: OperationPriority {
        get { storage.priority }
        set { storage = storage.changing { $0.priority = newValue } }
    }

    public var exclusivity: [ExclusivityCategory] {
        get { storage.exclusivity }
        set { storage = storage.changing { $0.exclusivity = newValue } }
    }

    /// The longest an attempt may run, counted from when its body starts.
    ///
    /// When it passes, the body is cancelled and the operation ends `timedOut` (or waits for its
    /// retry) at once, without waiting for a body that ignores cancellation: its dependents go on.
    /// Its exclusivity categories, though, stay held until that body actually returns, so members
    /// of a category still never overlap; a retry also waits for it.
    public var timeout: Duration? {
        get { storage.timeout }
        set { storage = storage.changing { $0.timeout = newValue } }
    }

    public var retry: RetryPolicy {
        get { storage.retry }
        set { storage = storage.changing { $0.retry = newValue } }
    }

    public var dependencyRule: DependencyRule {
        get { storage.rule }
        set { storage = storage.changing { $0.rule = newValue } }
    }

    /// How long the body is expected to take, for ordering ready work by critical path; when nil
    /// the manager uses the last recorded duration of a step of this name, or its default.
    public var estimatedDuration: Duration? {
        get { storage.estimatedDuration }
        set { storage = storage.changing { $0.estimatedDuration = newValue } }
    }

    public var operationID: OperationID { id }

    /// Adds a dependency: this step runs after `other`.
    public mutating func addDependency(_ other: some OperationReference) {
        let id = other.operationID
        storage = storage.changing { $0.dependencies.append(id) }
    }
}

/// Any step, whatever its output type, for graphs that mix them: `[login, favorite]`.
public protocol AnyOperationStep: OperationReference {
    var name: String { get }
    /// The step with its output type erased.
    var erasedStep: ErasedOperationStep { get }
}

extension OperationStep: AnyOperationStep {
    public var erasedStep: ErasedOperationStep { storage }
}

extension [any AnyOperationStep] {
    /// The steps' shared objects, each read where it lies instead of through a copy of its
    /// existential (a retain, a witness call and a release per step).
    var erasedSteps: [ErasedOperationStep] {
        withUnsafeBufferPointer { steps in
            [ErasedOperationStep](unsafeUninitializedCapacity: steps.count) { erased, count in
                // Safe: `erased` has room for `steps.count` elements; each is initialized once,
                // and `count` then says all of them are.
                for index in steps.indices { erased.initializeElement(at: index, to: steps[index].erasedStep) }
                count = steps.count
            }
        }
    }
}
