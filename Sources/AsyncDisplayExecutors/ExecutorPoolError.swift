/// Why an executor pool could not be made.
public enum ExecutorPoolError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The executor count was outside `ExecutorPool.allowedCounts`.
    case countOutOfRange(Int)
    /// A pool was given no executors.
    case noExecutors

    public var description: String {
        switch self {
        case .countOutOfRange(let count):
            "An executor pool holds \(ExecutorPool.allowedCounts.lowerBound) to "
                + "\(ExecutorPool.allowedCounts.upperBound) executors; \(count) was asked for"
        case .noExecutors:
            "An executor pool needs at least one executor"
        }
    }
}
