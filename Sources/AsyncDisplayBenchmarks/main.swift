#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `asyncdisplay-bench [prefix…] [--json]`: runs the cases whose names start with a prefix
/// (all cases without one) and prints a line per case; with `--json`, only one JSON object
/// per line.
let arguments = Array(CommandLine.arguments.dropFirst())
let isJSON = arguments.contains("--json")
let prefixes = arguments.filter { !$0.hasPrefix("--") }

let allCases: [Benchmark] =
    executorBenchmarks() + semaphoreBenchmarks() + displayBenchmarks() + transactionBenchmarks() + frameBenchmarks()
    + canvasBenchmarks() + textBenchmarks() + pngBenchmarks() + strokeBenchmarks() + operationBenchmarks()
let selected = allCases.filter { benchmark in
    prefixes.isEmpty || prefixes.contains { benchmark.name.hasPrefix($0) }
}
if selected.isEmpty {
    print("No benchmark matches \(prefixes). Cases:")
    for benchmark in allCases { print("  \(benchmark.name)") }
    exit(1)
}
for benchmark in selected {
    do {
        let result = try await benchmark.run()
        print(isJSON ? result.json : result.text)
    } catch {
        print(
            isJSON ? "{\"case\": \"\(benchmark.name)\", \"error\": \"\(error)\"}" : "\(benchmark.name) failed: \(error)"
        )
    }
}
