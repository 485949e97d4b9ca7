import AsyncDisplayExecutors
import Testing

// The README's example, kept compiling and running.

private actor Thumbnailer {
    nonisolated let executor = ExecutorPool.shared(.userInitiated).next()
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    func render(_ id: Int) -> [UInt8] { [UInt8(id)] }
}

@Suite("README")
struct ReadmeExampleTests {
    @Test("The README's executor example runs")
    func example() async throws {
        let slots = AsyncSemaphore(value: 4)
        let bytes = try await slots.withPermit { await Thumbnailer().render(1) }
        #expect(bytes == [1])

        let ranOnPool = try await ExecutorPool.withPool(name: "import", count: 2) { pool in
            await withTaskExecutorPreference(pool.taskExecutor) {
                pool.executors.contains { ($0 as? ThreadExecutor)?.isIsolatingCurrentContext() == true }
            }
        }
        #expect(ranOnPool)
    }
}
