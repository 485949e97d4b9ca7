import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `asyncdisplay-bench [prefix…] [--json] [--write-images DIR]`: runs the cases whose names
/// start with a prefix (all cases without one) and prints a line per case; with `--json`, only
/// one JSON object per line on standard output (everything else goes to standard error).
/// `--write-images DIR` first writes the canvas scenes (a), (b) and (c) as PNG files into DIR.
/// Exits with status 1 when a case failed, 2 for a bad command line.
let usage = "usage: asyncdisplay-bench [prefix…] [--json] [--write-images DIR]"
var arguments = Array(CommandLine.arguments.dropFirst())
let isJSON = arguments.contains("--json")
arguments.removeAll { $0 == "--json" }

/// Prints a line meant for people: on standard error in JSON mode, so standard output stays JSON.
func note(_ line: String) {
    if isJSON {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    } else {
        print(line)
    }
}

if let flag = arguments.firstIndex(of: "--write-images") {
    guard flag + 1 < arguments.count else {
        note("--write-images needs a folder\n\(usage)")
        exit(2)
    }
    let directory = arguments[flag + 1]
    arguments.removeSubrange(flag...(flag + 1))
    do {
        for file in try writeSceneImages(to: directory) { note("wrote \(file)") }
    } catch {
        note("Couldn't write the scene images to \(directory): \(error)")
        exit(1)
    }
}
if let unknown = arguments.first(where: { $0.hasPrefix("-") }) {
    note(unknown == "--help" || unknown == "-h" ? usage : "Unknown option \(unknown)\n\(usage)")
    exit(unknown == "--help" || unknown == "-h" ? 0 : 2)
}
let prefixes = arguments

let allCases: [Benchmark] =
    executorBenchmarks() + semaphoreBenchmarks() + displayBenchmarks() + transactionBenchmarks() + frameBenchmarks()
    + canvasBenchmarks() + textBenchmarks() + pngBenchmarks() + strokeBenchmarks() + operationBenchmarks()
let selected = allCases.filter { benchmark in
    prefixes.isEmpty || prefixes.contains { benchmark.name.hasPrefix($0) }
}
if selected.isEmpty {
    note("No benchmark matches \(prefixes). Cases:")
    for benchmark in allCases { note("  \(benchmark.name)") }
    exit(2)
}
var failures = 0
for benchmark in selected {
    do {
        let result = try await benchmark.run()
        print(isJSON ? result.json : result.text)
    } catch {
        failures += 1
        print(isJSON ? BenchmarkResult.errorJSON(case: benchmark.name, error) : "\(benchmark.name) failed: \(error)")
    }
}
exit(failures == 0 ? 0 : 1)
