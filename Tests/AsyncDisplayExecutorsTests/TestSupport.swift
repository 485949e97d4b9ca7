import AsyncDisplayExecutors
import AsyncDisplayLocks
import Dispatch
import Synchronization

/// A value behind a lock, for collecting what jobs on other threads saw.
final class Recorder<Value: Sendable>: Sendable {
    private let values = LockedState<[Value]>([])

    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}

/// A gate that blocks an executor's thread until the test opens it, so that jobs pile up
/// behind it in a known state.
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    /// Blocks the calling thread until `open()`.
    func pass() { semaphore.wait() }
    func open(times: Int = 1) { for _ in 0..<times { semaphore.signal() } }
}

/// Suspends until `executor` has run everything enqueued before this call.
func drain(_ executor: ThreadExecutor) async {
    await withCheckedContinuation { continuation in
        executor.execute { continuation.resume() }
    }
}

/// Blocks `executor` on a gate and returns once its thread is inside the gate.
func block(_ executor: ThreadExecutor, on gate: Gate) async {
    await withCheckedContinuation { continuation in
        executor.execute {
            continuation.resume()
            gate.pass()
        }
    }
}

/// A name no other test uses, so thread lists can be filtered by it.
func uniqueName(_ base: String) -> String {
    "\(base)\(nameCounter.add(1, ordering: .relaxed).newValue)"
}

private let nameCounter = Atomic<Int>(0)

/// An executor written by a user: a DispatchQueue behind a `SerialExecutor`.
final class UserQueueExecutor: SerialExecutor, @unchecked Sendable {
    // Safe: `queue` is immutable and thread-safe; `key` is only read.
    let queue: DispatchQueue
    private let key = DispatchSpecificKey<Bool>()

    init(label: String) {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: key, value: true)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    func isIsolatingCurrentContext() -> Bool? {
        DispatchQueue.getSpecific(key: key) == true
    }
}

/// An actor isolated to a chosen executor.
actor Counter {
    private let executor: any SerialExecutor
    private(set) var value = 0

    init(on executor: any SerialExecutor) { self.executor = executor }

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    func increment() -> Bool {
        value += 1
        return executor.isIsolatingCurrentContext() ?? false
    }

    func incrementUnchecked() { value += 1 }
}

/// Atomic counters that closures on other threads can share.
final class Counters: Sendable {
    let current = Atomic<Int>(0)
    let most = Atomic<Int>(0)
    let total = Atomic<Int>(0)

    /// Counts one more holder, remembering the most at once; returns how many entered so far.
    @discardableResult
    func enter() -> Int {
        let now = current.add(1, ordering: .relaxed).newValue
        most.max(now, ordering: .relaxed)
        return total.add(1, ordering: .relaxed).newValue
    }

    func leave() { current.subtract(1, ordering: .relaxed) }
}
