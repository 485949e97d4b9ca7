import AsyncDisplayLocks

/// A counting semaphore that suspends tasks instead of blocking threads.
///
/// Use it to bound how much work runs at once from async code, including code on pool
/// executors, where a blocking `DispatchSemaphore.wait()` could deadlock an executor that the
/// awaited work needs.
///
/// ```swift
/// let downloads = AsyncSemaphore(value: 4)
/// try await downloads.withPermit { try await fetch(url) }
/// ```
///
/// Waiters are served first come, first served. A waiter whose task is cancelled before it got
/// a permit throws `CancellationError` and leaves the count as it was; one cancelled after it
/// got its permit keeps it (and must signal as usual).
///
/// Concurrency: all state is behind one mutex; continuations are always resumed after the mutex
/// is released.
public final class AsyncSemaphore: Sendable {
    private struct State: Sendable {
        var permits: Int
        var waiters: [UInt64: UnsafeContinuation<Bool, Never>] = [:]
        /// Waiter ids in arrival order; ids of cancelled waiters stay until they reach the front.
        var order = FIFOQueue<UInt64>()
        var nextID: UInt64 = 0

        /// Drops ids of cancelled waiters from `order` once they outnumber the live ones, so a
        /// stream of cancellations without signals can't grow it without bound.
        mutating func dropCancelledIDsIfMany() {
            guard order.count > 2 * waiters.count + 32 else { return }
            order.removeAll { waiters[$0] == nil }
        }
    }

    private let state: LockedState<State>

    /// Makes a semaphore with `value` permits (a programmer error below zero).
    public init(value: Int) {
        precondition(value >= 0, "AsyncSemaphore(value:) needs a count of zero or more, not \(value)")
        state = LockedState(State(permits: value))
    }

    /// The permits free now; a snapshot for diagnostics and tests.
    public var availablePermits: Int {
        state.withLock { $0.permits }
    }

    /// The tasks suspended in `wait()` now; a snapshot for diagnostics and tests.
    public var waiterCount: Int {
        state.withLock { $0.waiters.count }
    }

    /// Takes a permit, suspending until one is free.
    ///
    /// - Throws: `CancellationError` if the task is cancelled before it got a permit; the count
    ///   is then unchanged.
    public func wait() async throws(CancellationError) {
        let waiterID = state.withLock { state -> UInt64? in
            if state.permits > 0 && state.waiters.isEmpty && !Task.isCancelled {
                state.permits -= 1
                return nil
            }
            defer { state.nextID &+= 1 }
            return state.nextID
        }
        guard let waiterID else { return }
        guard await suspendForPermit(id: waiterID) else { throw CancellationError() }
    }

    /// Returns a permit, resuming the longest-waiting task if there is one.
    public func signal() {
        let waiter = state.withLock { state -> UnsafeContinuation<Bool, Never>? in
            while let id = state.order.popFirst() {
                if let waiter = state.waiters.removeValue(forKey: id) { return waiter }
            }
            state.permits += 1
            return nil
        }
        waiter?.resume(returning: true)
    }

    /// Runs `body` holding a permit, and returns the permit however `body` ends.
    ///
    /// - Throws: `CancellationError` if cancelled before getting a permit (`body` does not run),
    ///   or what `body` throws.
    public func withPermit<Result>(_ body: () async throws -> Result) async throws -> Result {
        try await wait()
        defer { signal() }
        return try await body()
    }

    /// Queues the task and suspends it; true once it holds a permit, false if it was cancelled first.
    private func suspendForPermit(id: UInt64) async -> Bool {
        await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Bool, Never>) in
                enum Decision { case granted, cancelled, queued }
                let decision = state.withLock { state -> Decision in
                    // Checked under the lock: a cancellation handler that ran before this point
                    // found nothing to cancel, so this waiter must not queue.
                    if Task.isCancelled { return .cancelled }
                    if state.permits > 0 && state.waiters.isEmpty {
                        state.permits -= 1
                        return .granted
                    }
                    state.waiters[id] = continuation
                    state.order.append(id)
                    return .queued
                }
                switch decision {
                case .granted: continuation.resume(returning: true)
                case .cancelled: continuation.resume(returning: false)
                case .queued: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.dropCancelledIDsIfMany() }
                return state.waiters.removeValue(forKey: id)
            }
            waiter?.resume(returning: false)
        }
    }
}
