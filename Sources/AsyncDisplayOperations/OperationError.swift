/// Why a graph was refused, or why a dependency's output could not be read.
public enum OperationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The steps depend on each other in a circle; the names go round it and back to the first,
    /// as in `["a", "b", "c", "a"]`. Nothing of the graph was submitted.
    case cycle([String])
    /// A step depends on an operation this manager does not know: never submitted to it, or
    /// retired (its run ended and everything that depended on it finished).
    case unknownDependency(operation: String, dependency: OperationID)
    /// The same step was submitted twice, or is already in the manager.
    case duplicateOperation(String)
    /// A body asked for the output of an operation it does not depend on.
    case notADependency(operation: String, dependency: OperationID)
    /// A body asked for the output of a dependency that ended without one (skipped, say, or
    /// failed under an after-all-finished rule), or whose output has another type.
    case noOutput(operation: String, dependency: String, outcome: OperationOutcome)
    /// A context was used after its attempt ended (it timed out, say, even if a retry follows):
    /// it can add no operations and read no outputs.
    case operationEnded(String)

    public var description: String {
        switch self {
        case .cycle(let names): "dependency cycle: " + names.joined(separator: " → ")
        case .unknownDependency(let operation, let dependency):
            "\(operation) depends on \(dependency), which this manager does not know"
        case .duplicateOperation(let name): "\(name) was submitted twice"
        case .notADependency(let operation, let dependency):
            "\(operation) asked for the output of \(dependency), which is not one of its dependencies"
        case .noOutput(let operation, let dependency, let outcome):
            "\(operation) asked for the output of \(dependency), which ended \(outcome) without one"
        case .operationEnded(let name): "\(name)'s attempt has ended: it can add no operations and read no outputs"
        }
    }
}
