import AsyncDisplayOperations

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One benchmark case: a name, a unit, and a sample function run after warm-ups.
struct Benchmark: Sendable {
    enum Unit: String, Sendable {
        case nanoseconds = "ns"
        case milliseconds = "ms"
        case count
        case operationsPerSecond = "ops/s"
        /// A ratio to a reference value (1 is the reference).
        case ratio = "x"
    }

    let name: String
    let unit: Unit
    var warmups = 1
    var samples = 7
    /// Extra fields for the result (such as a byte count), computed once after the samples.
    var extra: (@Sendable () async throws -> [String: Double])? = nil
    /// Measures once and returns the value in `unit`.
    let sample: @Sendable () async throws -> Double
}

/// What one case measured.
struct BenchmarkResult: Sendable {
    let name: String
    let unit: Benchmark.Unit
    let values: [Double]
    var extra: [String: Double] = [:]

    /// The middle value (0 with none: `Benchmark.run()` always takes at least one sample).
    var median: Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// One line of JSON in the tracked shape.
    var json: String {
        var fields = [
            "\"case\": \"\(name)\"",
            "\"unit\": \"\(unit.rawValue)\"",
            "\"median\": \(format(median))",
            "\"min\": \(format(values.min() ?? 0))",
            "\"max\": \(format(values.max() ?? 0))",
            "\"samples\": \(values.count)",
        ]
        for (key, value) in extra.sorted(by: { $0.key < $1.key }) {
            fields.append("\"\(key)\": \(format(value))")
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// One aligned line for people.
    var text: String {
        let label = name + String(repeating: " ", count: max(1, 34 - name.count))
        return "\(label) median \(format(median)) \(unit.rawValue)  (min \(format(values.min() ?? 0)), "
            + "max \(format(values.max() ?? 0)), \(values.count) samples)"
    }

    /// A number as JSON: whole numbers without a point, others to three decimals, and `null`
    /// for what JSON has no number for (infinities, NaN).
    private func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        return String((value * 1000).rounded() / 1000)
    }

    /// The JSON line of a case that failed: its name and the error, as escaped JSON strings.
    static func errorJSON(case name: String, _ error: any Error) -> String {
        "{\"case\": \"\(name.jsonEscaped)\", \"error\": \"\(String(describing: error).jsonEscaped)\"}"
    }
}

extension Benchmark {
    /// Runs the warm-ups, then the samples.
    func run() async throws -> BenchmarkResult {
        precondition(samples > 0, "\(name): a benchmark takes at least one sample")
        for _ in 0..<warmups { _ = try await sample() }
        var values: [Double] = []
        for _ in 0..<samples { values.append(try await sample()) }
        var result = BenchmarkResult(name: name, unit: unit, values: values)
        if let extra { result.extra = try await extra() }
        return result
    }
}

/// Nanoseconds on the monotonic clock.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Times `body` and returns nanoseconds per `iterations`.
@inline(__always)
func nanosecondsPer(_ iterations: Int, _ body: () async throws -> Void) async rethrows -> Double {
    let start = monotonicNanoseconds()
    try await body()
    return Double(monotonicNanoseconds() - start) / Double(iterations)
}
