import AsyncDisplay

/// The cases under `transaction.`.
func transactionBenchmarks() -> [Benchmark] {
    [
        Benchmark(name: "transaction.commit", unit: .nanoseconds) {
            let coalescer = TransactionCoalescer(driver: NoTurns())
            let targets = (0..<10_000).map { _ in CommitTarget() }
            let commits = 1_000_000
            return await nanosecondsPer(commits) {
                for index in 0..<commits {
                    coalescer.commit(targets[index % targets.count], CommitTarget.touch)
                }
                await MainActor.run { coalescer.flush() }
            }
        }
    ]
}

/// A driver that never turns: the benchmark flushes by hand.
private struct NoTurns: TransactionDriver {
    func scheduleFlush(of coalescer: TransactionCoalescer) {}
}

private final class CommitTarget: Sendable {
    static let touch = TransactionAction<CommitTarget>("touch") { _ in }
}
