import AsyncDisplayLocks

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Font {
    /// Loads the font in the file at `path`; for a collection (`.ttc`), the font at `index`.
    ///
    /// - Throws: `FontError.unreadableFile` when the file cannot be read, or what
    ///   `init(data:index:)` throws.
    public init(contentsOfFile path: String, index: Int = 0) throws(FontError) {
        guard let bytes = Self.readFile(atPath: path) else { throw .unreadableFile(path: path) }
        try self.init(data: bytes, index: index)
    }

    /// The platform's default sans-serif text font, loaded once per process and shared: DejaVu
    /// Sans (or DejaVu Sans Bold) from /usr/share/fonts/truetype/dejavu on Linux, Arial from
    /// /System/Library/Fonts/Supplemental on Darwin.
    ///
    /// - Throws: `FontError.unreadableFile` when the platform has no such file (on Linux,
    ///   install the fonts-dejavu-core package).
    public static func systemDefault(bold: Bool = false) throws(FontError) -> Font {
        let path = systemDefaultPath(bold: bold)
        if let font = loadedSystemFonts.withLock({ $0[path] }) { return font }
        let font = try Font(contentsOfFile: path)
        // Two threads may race to load it; the first to finish is kept, so identity stays shared.
        return loadedSystemFonts.withLock { fonts in
            if let existing = fonts[path] { return existing }
            fonts[path] = font
            return font
        }
    }

    /// Where `systemDefault(bold:)` looks for its font.
    public static func systemDefaultPath(bold: Bool = false) -> String {
        #if canImport(Darwin)
        bold ? "/System/Library/Fonts/Supplemental/Arial Bold.ttf" : "/System/Library/Fonts/Supplemental/Arial.ttf"
        #else
        bold
            ? "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf" : "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        #endif
    }

    private static let loadedSystemFonts = LockedState<[String: Font]>([:])

    /// The whole file at `path`, or nil when it cannot be opened or read.
    private static func readFile(atPath path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            bytes.append(contentsOf: chunk[..<count])
            if count < chunk.count { break }
        }
        return ferror(file) == 0 ? bytes : nil
    }
}
