import AsyncDisplayExecutors
import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thread counts seen while a batch of blocking jobs ran.
struct LoadTrace: Sendable {
    /// Threads of the process at each sample, oldest first.
    let samples: [Int]
    /// Threads before the jobs were submitted.
    let baseline: Int
    /// Milliseconds between samples.
    let interval: Int
    /// How long the jobs took to finish, in milliseconds.
    let elapsed: Double

    var peak: Int { samples.max() ?? baseline }
}

/// Submits `count` jobs that each block their thread for `blocking` milliseconds, samples the
/// process's thread count every `interval` milliseconds until all are done.
///
/// Sampling blocks the calling thread on purpose: this is a measurement, run outside any pool.
func traceBlockingJobs(
    _ count: Int, blocking: Int, interval: Int = 5, submit: (@escaping @Sendable () -> Void) -> Void
) -> LoadTrace {
    let finished = Atomic<Int>(0)
    let baseline = ProcessThreads.count()
    let start = ContinuousClock.now
    for _ in 0..<count {
        submit {
            usleep(useconds_t(blocking * 1000))
            finished.add(1, ordering: .releasing)
        }
    }
    var samples: [Int] = []
    while finished.load(ordering: .acquiring) < count {
        samples.append(ProcessThreads.count())
        usleep(useconds_t(interval * 1000))
    }
    samples.append(ProcessThreads.count())
    return LoadTrace(
        samples: samples, baseline: baseline, interval: interval,
        elapsed: (ContinuousClock.now - start) / .milliseconds(1))
}

/// One line per sample group: time, thread count and a bar of one block per `threadsPerBlock`
/// threads added since the baseline.
func render(_ trace: LoadTrace, rows: Int = 12, threadsPerBlock: Int = 1) -> String {
    guard !trace.samples.isEmpty else { return "" }
    let groupSize = max(1, (trace.samples.count + rows - 1) / rows)
    var lines: [String] = []
    var index = 0
    while index < trace.samples.count {
        let group = trace.samples[index..<min(trace.samples.count, index + groupSize)]
        let threads = group.max() ?? 0
        let time = index * trace.interval
        let label = String(repeating: " ", count: max(0, 6 - String(time).count)) + "\(time) ms"
        lines.append(
            "\(label)  \(String(repeating: " ", count: max(0, 4 - String(threads).count)))\(threads) threads  "
                + String(repeating: "▇", count: max(0, threads - trace.baseline) / max(1, threadsPerBlock)))
        index += groupSize
    }
    return lines.joined(separator: "\n")
}
