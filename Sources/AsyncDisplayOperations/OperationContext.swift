import AsyncDisplayLocks

/// What a body knows about the operation it runs for: its identity, its dependencies' outputs,
/// and a way to add operations to its run.
public struct OperationContext: Sendable {
    public let manager: OperationManager
    public internal(set) var run: OperationRun
    public internal(set) var operationID: OperationID
    public internal(set) var name: String
    /// This attempt's number, from 1.
    public internal(set) var attempt: Int
    var slot: Int

    /// The output of a dependency.
    ///
    /// - Throws: `OperationError.notADependency` if this operation does not depend on it;
    ///   `.noOutput` if it ended without one (skipped, say, or failed under `.allFinished`).
    public func output<Output>(of dependency: OperationStep<Output>) throws(OperationError) -> Output {
        let id = operationID
        let found = manager.state.withLock { $0.output(of: dependency.id, for: slot, id) }
        switch found {
        case .failure(let error):
            throw error
        case .success(let result):
            guard let output = result.output(as: Output.self) else {
                throw .noOutput(operation: name, dependency: dependency.name, outcome: result.outcome)
            }
            return output
        }
    }

    /// How a dependency ended (for steps under `.allFinished`, which run whatever it was).
    public func outcome(of dependency: some OperationReference) throws(OperationError) -> OperationOutcome {
        let id = operationID
        let found = manager.state.withLock { $0.output(of: dependency.operationID, for: slot, id) }
        switch found {
        case .failure(let error): throw error
        case .success(let result): return result.outcome
        }
    }

    /// Adds steps to this operation's run while it runs, with the same checks as `submit`.
    ///
    /// With `dependentsWait`, the operations waiting for this one also wait for the new steps
    /// (a cycle that would close is refused, named).
    ///
    /// - Throws: `OperationError.cycle`, `.unknownDependency`, `.duplicateOperation`, or
    ///   `.operationEnded` if this operation has ended (it timed out, say).
    public func add(_ steps: [any AnyOperationStep], dependentsWait: Bool = false) throws(OperationError) {
        let slot = slot
        let id = operationID
        try manager.add(steps.map { $0.erasedStep }) { .addedBy(slot: slot, id: id, dependentsWait: dependentsWait) }
    }

    /// Whether this attempt was cancelled (the operation, an ancestor or its run, or a timeout).
    public var isCancelled: Bool { Task.isCancelled }
}
