import AsyncDisplayLocks

/// One submitted graph: await its end or any operation's result, or cancel it.
///
/// Concurrency: while the run is going its state lives in the manager; when it ends the manager
/// stores the results here (under its own lock, then this one's), so answers never fall between
/// the two.
public final class OperationRun: Sendable {
    public let manager: OperationManager
    let number: Int
    private let results = LockedState<Completed?>(nil)

    private struct Completed: Sendable {
        let report: OperationReport
        /// Outputs in the report's order; empty when none was kept.
        let outputs: [(any Sendable)?]

        func result(of id: OperationID) -> NodeResult? {
            guard let index = report.position(of: id) else { return nil }
            let entry = report.entries[index]
            let output = index < outputs.count ? outputs[index] : nil
            return NodeResult(outcome: entry.outcome, output: output, error: entry.error)
        }
    }

    init(manager: OperationManager) {
        self.manager = manager
        number = manager.nextRunNumber()
    }

    /// Whether every operation of the run has ended.
    public var isFinished: Bool { results.withLock { $0 != nil } }

    /// Suspends until every operation of the run (added ones included) has ended; returns the report.
    public func finished() async -> OperationReport {
        if let report = results.withLock({ $0?.report }) { return report }
        return await withUnsafeContinuation { continuation in
            let report = manager.state.withLock { state -> OperationReport? in
                guard state.runs[number] != nil else { return results.withLock { $0?.report } }
                state.runs[number]?.waiters.append(continuation)
                return nil
            }
            if let report { continuation.resume(returning: report) }
        }
    }

    /// Cancels every operation of the run that has not ended, and their descendants.
    ///
    /// Clean-up steps (`DependencyRule.allFinished`) are spared: they still run once their
    /// dependencies have ended. Cancelling one by itself (`OperationManager.cancel(_:)`) cancels it.
    public func cancel() {
        let number = number
        manager.transition { state, now, actions in state.cancelRun(number, now: now, &actions) }
    }

    /// Suspends until an operation of the run has ended; returns how, or nil if it is not part
    /// of this run.
    public func outcome(of operation: some OperationReference) async -> OperationOutcome? {
        await result(of: operation.operationID)?.outcome
    }

    /// Suspends until an operation of the run has ended; returns its output.
    ///
    /// - Throws: `OperationFailure` when it did not succeed (with its body's error if it failed),
    ///   or is not part of this run.
    public func output<Output>(of step: OperationStep<Output>) async throws(OperationFailure) -> Output {
        guard let result = await result(of: step.id) else {
            throw OperationFailure(operation: step.name, outcome: nil)
        }
        guard result.outcome == .succeeded, let output = result.output(as: Output.self) else {
            throw OperationFailure(operation: step.name, outcome: result.outcome, error: result.error)
        }
        return output
    }

    /// A handle to a step of this run (its `value()` throws if the step is not part of the run).
    public func handle<Output>(for step: OperationStep<Output>) -> OperationHandle<Output> {
        OperationHandle(id: step.id, name: step.name, run: self)
    }

    /// The result of `id` once it ended; nil if it is not part of the run.
    func result(of id: OperationID) async -> NodeResult? {
        enum Answer { case now(NodeResult?), later }
        if let completed = results.withLock({ $0 }) { return completed.result(of: id) }
        return await withUnsafeContinuation { continuation in
            let answer = manager.state.withLock { state -> Answer in
                guard let slot = state.slot(of: id), state.nodes[slot].run == number else {
                    return .now(results.withLock { $0?.result(of: id) })
                }
                return state.result(of: id, orWait: continuation).map { .now($0) } ?? .later
            }
            if case .now(let result) = answer { continuation.resume(returning: result) }
        }
    }

    /// Stores the run's results; called by the manager, under its lock, as the run ends.
    func complete(_ report: OperationReport, outputs: [(any Sendable)?]) {
        results.withLock { $0 = Completed(report: report, outputs: outputs) }
    }
}

/// A submitted step: await its output or outcome, or cancel it.
public struct OperationHandle<Output: Sendable>: Sendable, OperationReference {
    public let id: OperationID
    public let name: String
    /// The run the step belongs to.
    public let run: OperationRun

    public var operationID: OperationID { id }

    /// Suspends until the operation ended; returns its output.
    ///
    /// - Throws: `OperationFailure` when it did not succeed, with its body's error if it failed.
    public func value() async throws(OperationFailure) -> Output {
        guard let result = await run.result(of: id) else { throw OperationFailure(operation: name, outcome: nil) }
        guard result.outcome == .succeeded, let output = result.output(as: Output.self) else {
            throw OperationFailure(operation: name, outcome: result.outcome, error: result.error)
        }
        return output
    }

    /// Suspends until the operation ended; returns how.
    public func outcome() async -> OperationOutcome {
        await run.result(of: id)?.outcome ?? .cancelled
    }

    /// Cancels the operation and its descendants.
    public func cancel() { run.manager.cancel(id) }
}
