import Dispatch

/// A serial executor over a DispatchQueue, for comparison with thread executors.
///
/// Linux has no `DispatchSerialQueue`, so each job is wrapped in a closure.
final class DispatchQueueExecutor: SerialExecutor, @unchecked Sendable {
    // Safe: `queue` is immutable and DispatchQueue is thread-safe.
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
