#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The clock draws are measured with.
enum ThreadClock {
    /// CPU time the calling thread has used, in nanoseconds: what a draw cost, whatever else the
    /// machine was doing meanwhile.
    static func cpuNanoseconds() -> UInt64 {
        read(CLOCK_THREAD_CPUTIME_ID)
    }

    private static func read(_ clock: clockid_t) -> UInt64 {
        var time = timespec()
        guard clock_gettime(clock, &time) == 0 else { return 0 }
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
