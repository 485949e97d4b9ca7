import AsyncDisplayExecutors
import Dispatch

/// `swift run -c release executors`: 200 jobs that each block their thread for 5 ms, on an
/// executor pool, on GCD's global queue, then on a new serial queue per job; prints the process's
/// thread count over time. The pool keeps its threads; GCD adds threads as its workers block.
let jobs = 200
let blocking = 5
let pool = try ExecutorPool(name: "playground", count: ExecutorPool.defaultCount)
let poolTrace = traceBlockingJobs(jobs, blocking: blocking) { job in
    guard let executor = pool.next() as? ThreadExecutor else {
        preconditionFailure("a pool made with a count holds thread executors")
    }
    executor.execute(job)
}
await pool.shutdown()
let gcdTrace = traceBlockingJobs(jobs, blocking: blocking) { job in
    DispatchQueue.global().async(execute: job)
}
let queuesTrace = traceBlockingJobs(jobs, blocking: blocking) { job in
    DispatchQueue(label: "playground.queue").async(execute: job)
}

let perBlock = max(1, ([poolTrace, gcdTrace, queuesTrace].map { $0.peak - $0.baseline }.max() ?? 0) / 50)
print("\(jobs) jobs blocking \(blocking) ms each; threads in the process over time (▇ = \(perBlock) added)\n")
print("ExecutorPool (\(pool.count) threads, made before the jobs):")
print(render(poolTrace, threadsPerBlock: perBlock))
print(
    "  peak \(poolTrace.peak) threads (\(poolTrace.peak - poolTrace.baseline) added), done in "
        + "\(Int(poolTrace.elapsed)) ms\n")
print("DispatchQueue.global():")
print(render(gcdTrace, threadsPerBlock: perBlock))
print(
    "  peak \(gcdTrace.peak) threads (\(gcdTrace.peak - gcdTrace.baseline) added), done in \(Int(gcdTrace.elapsed)) ms\n"
)
print("A new DispatchQueue per job (a common way to \"get off the main thread\"):")
print(render(queuesTrace, threadsPerBlock: perBlock))
print(
    "  peak \(queuesTrace.peak) threads (\(queuesTrace.peak - queuesTrace.baseline) added), done in "
        + "\(Int(queuesTrace.elapsed)) ms")
print("\nThe pool never adds a thread: blocking work waits its turn on its fixed threads. GCD's global")
print("queue grows its workers slowly when they block; a queue per job gets a thread per queue, which")
print("finishes this load fast but is how thread explosions start (each thread costs memory and switches).")
