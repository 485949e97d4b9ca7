import AsyncDisplayExecutors

/// The cases under `semaphore.`.
func semaphoreBenchmarks() -> [Benchmark] {
    [
        Benchmark(name: "semaphore.uncontended", unit: .nanoseconds) {
            let semaphore = AsyncSemaphore(value: 1)
            let iterations = 1_000_000
            return try await nanosecondsPer(iterations) {
                for _ in 0..<iterations {
                    try await semaphore.wait()
                    semaphore.signal()
                }
            }
        }
    ]
}
