#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `asyncdisplay-bench [prefix…] [--json] [--write-images DIR]`: runs the cases whose names
/// start with a prefix (all cases without one) and prints a line per case; with `--json`, only
/// one JSON object per line. `--write-images DIR` first writes the canvas scenes (a), (b) and
/// (c) as PNG files into DIR.
var arguments = Array(CommandLine.arguments.dropFirst())
if let flag = arguments.firstIndex(of: "--write-images") {
    guard flag + 1 < arguments.count else {
        print("--write-images needs a folder")
        exit(2)
    }
    let directory = arguments[flag + 1]
    arguments.removeSubrange(flag...(flag + 1))
    do {
        for file in try writeSceneImages(to: directory) { print("wrote \(file)") }
    } catch {
        print("Couldn't write the scene images to \(directory): \(error)")
        exit(1)
    }
}
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
