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
    ///   `.noOutput` if it ended without one (skipped, say, or failed under `.allFinished`);
    ///   `.operationEnded` if this attempt is over.
    public func output<Output>(of dependency: OperationStep<Output>) throws(OperationError) -> Output {
        let (id, attempt) = (operationID, attempt)
        let found = manager.state.withLock { $0.output(of: dependency.id, for: slot, id, name: name, attempt: attempt) }
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
    ///
    /// - Throws: `OperationError.notADependency` or `.operationEnded`, as `output(of:)`.
    public func outcome(of dependency: some OperationReference) throws(OperationError) -> OperationOutcome {
        // Read before taking the lock: the reference may be the caller's code.
        let (id, attempt, dependency) = (operationID, attempt, dependency.operationID)
        let found = manager.state.withLock { $0.output(of: dependency, for: slot, id, name: name, attempt: attempt) }
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
    /// Once this operation is cancelled (by itself, an ancestor, its run's `cancel()` or fail-fast),
    /// the steps it adds are cancelled as they arrive: they are part of the run and its report, and
    /// end `cancelled` without running, as if they had been there when it was cancelled.
    ///
    /// - Throws: `OperationError.cycle`, `.unknownDependency`, `.duplicateOperation`, or
    ///   `.operationEnded` if this attempt is over (it timed out, say, even if a retry follows).
    public func add(_ steps: [any AnyOperationStep], dependentsWait: Bool = false) throws(OperationError) {
        let slot = slot
        let (id, attempt) = (operationID, attempt)
        try manager.add(steps.erasedSteps) {
            .addedBy(slot: slot, id: id, name: name, attempt: attempt, dependentsWait: dependentsWait)
        }
    }

    /// Whether this attempt was cancelled (the operation, an ancestor or its run, or a timeout).
    public var isCancelled: Bool { Task.isCancelled }
}
