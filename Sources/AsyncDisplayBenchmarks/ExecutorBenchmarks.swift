import AsyncDisplayExecutors
import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The cases under `executors.`: hops between actors, enqueue cost, and thread counts.
func executorBenchmarks() -> [Benchmark] {
    [
        Benchmark(name: "executors.ping.pool", unit: .nanoseconds) {
            let pool = try ExecutorPool(name: "bench.ping", count: 2)
            let result = await pingPong(pool.executors[0], pool.executors[1], calls: 50_000)
            await pool.shutdown()
            return result
        },
        Benchmark(name: "executors.ping.dispatch", unit: .nanoseconds) {
            await pingPong(
                DispatchQueueExecutor(label: "bench.a"), DispatchQueueExecutor(label: "bench.b"), calls: 50_000)
        },
        Benchmark(name: "executors.ping.default", unit: .nanoseconds) {
            await pingPong(nil, nil, calls: 50_000)
        },
        Benchmark(name: "executors.call.same", unit: .nanoseconds) {
            let executor = ThreadExecutor(name: "bench.same")
            let calls = 1_000_000
            let result = await pingPong(executor, executor, calls: calls)
            await executor.shutdown()
            return result
        },
        Benchmark(name: "executors.enqueue", unit: .nanoseconds, samples: 5) {
            let executor = ThreadExecutor(name: "bench.enqueue")
            let jobs = 1_000_000
            let perJob = await nanosecondsPer(jobs) {
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    for _ in 0..<jobs { executor.execute {} }
                    executor.execute { done.resume() }
                }
            }
            await executor.shutdown()
            return perJob
        },
        Benchmark(name: "executors.threads.pool", unit: .count, warmups: 0, samples: 3) {
            let before = ProcessThreads.count()
            let pool = try ExecutorPool(name: "bench.threads")
            let peak = runBlockingJobs(200, sampling: before) { job in
                (pool.next() as! ThreadExecutor).execute(job)
            }
            await pool.shutdown()
            return Double(peak - before)
        },
        Benchmark(name: "executors.threads.gcd", unit: .count, warmups: 0, samples: 1) {
            let before = ProcessThreads.count()
            let peak = runBlockingJobs(200, sampling: before) { job in
                DispatchQueue(label: "bench.gcd").async(execute: job)
            }
            return Double(peak - before)
        },
    ]
}

/// An actor that counts the calls it receives.
private protocol Counting: Actor {
    func count()
}

/// An actor on a chosen executor.
private actor Peer: Counting {
    private let executor: any SerialExecutor
    private var calls = 0

    init(on executor: any SerialExecutor) { self.executor = executor }

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    func count() { calls += 1 }

    /// Calls `other` `times` times, touching own state after each await so the hop back cannot
    /// be optimised away.
    func ping(_ other: some Counting, times: Int) async {
        for _ in 0..<times {
            await other.count()
            calls += 1
        }
    }
}

/// The same as `Peer`, on the default actor executor.
private actor DefaultPeer: Counting {
    private var calls = 0

    func count() { calls += 1 }

    func ping(_ other: some Counting, times: Int) async {
        for _ in 0..<times {
            await other.count()
            calls += 1
        }
    }
}

/// Nanoseconds per call of an actor on `first` calling an actor on `second` and back; default
/// actors when nil.
private func pingPong(_ first: (any SerialExecutor)?, _ second: (any SerialExecutor)?, calls: Int) async -> Double {
    if let first, let second {
        let caller = Peer(on: first)
        let callee = Peer(on: second)
        return await nanosecondsPer(calls) { await caller.ping(callee, times: calls) }
    }
    let caller = DefaultPeer()
    let callee = DefaultPeer()
    return await nanosecondsPer(calls) { await caller.ping(callee, times: calls) }
}

/// Runs `count` jobs that each block for 20 ms through `submit`, and returns the peak number of
/// threads in the process seen while they ran.
private func runBlockingJobs(
    _ count: Int,
    sampling initial: Int,
    submit: (@escaping @Sendable () -> Void) -> Void
) -> Int {
    let box = CounterBox()
    for _ in 0..<count {
        submit {
            usleep(20_000)
            box.finished.add(1, ordering: .releasing)
        }
    }
    var peak = initial
    while box.finished.load(ordering: .acquiring) < count {
        peak = max(peak, ProcessThreads.count())
        usleep(200)
    }
    return max(peak, ProcessThreads.count())
}

private final class CounterBox: Sendable {
    let finished = Atomic<Int>(0)
}
