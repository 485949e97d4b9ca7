#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The threads of this process, as Linux lists them under /proc/self/task.
///
/// Used by tests and benchmarks to prove that pools never add threads. Elsewhere (no /proc)
/// the lists are empty.
package enum ProcessThreads {
    /// The number of threads in the process now.
    package static func count() -> Int {
        taskIDs().count
    }

    /// The kernel names of the process's threads now, one per thread.
    package static func names() -> [String] {
        taskIDs().compactMap { readFirstLine("/proc/self/task/\($0)/comm") }
    }

    /// The nice value of the thread whose kernel name is `name`, if exactly one has it.
    package static func niceValue(ofThreadNamed name: String) -> Int? {
        let matches = taskIDs().filter { readFirstLine("/proc/self/task/\($0)/comm") == name }
        guard matches.count == 1, let stat = readFirstLine("/proc/self/task/\(matches[0])/stat"),
            let end = stat.lastIndex(of: ")")
        else { return nil }
        // Fields after "(comm)": state is field 3; nice is field 19.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        return fields.count > 16 ? Int(fields[16]) : nil
    }

    private static func taskIDs() -> [String] {
        guard let directory = opendir("/proc/self/task") else { return [] }
        defer { closedir(directory) }
        var ids: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.first?.isNumber == true { ids.append(name) }
        }
        return ids
    }

    private static func readFirstLine(_ path: String) -> String? {
        let file = open(path, O_RDONLY)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let length = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
        guard length > 0 else { return nil }
        let text = String(decoding: buffer[..<length], as: UTF8.self)
        return text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
    }
}
