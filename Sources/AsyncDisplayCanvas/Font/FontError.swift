/// Why a font could not be loaded, or one of its glyphs read.
///
/// Tables are named by their four-letter tag (`"cmap"`, `"glyf"`…).
public enum FontError: Error, Hashable, Sendable {
    /// The file at the path could not be opened or read.
    case unreadableFile(path: String)
    /// The data is not a TrueType font (nor a collection of them); fonts with PostScript (CFF)
    /// outlines are not supported either.
    case notTrueType
    /// The font lacks a table it needs.
    case missingTable(String)
    /// A table, or the header (`"sfnt"`), ends before the data it declares.
    case truncated(String)
    /// A table holds values that contradict each other or the rest of the font.
    case malformed(String)
    /// A table uses a format this parser does not read.
    case unsupportedFormat(table: String, format: Int)
}

extension FontError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unreadableFile(let path): "cannot read the font file \(path)"
        case .notTrueType: "not a TrueType font"
        case .missingTable(let tag): "the font has no '\(tag)' table"
        case .truncated(let tag): "the font's '\(tag)' data is truncated"
        case .malformed(let tag): "the font's '\(tag)' table is malformed"
        case .unsupportedFormat(let tag, let format): "the font's '\(tag)' table has unsupported format \(format)"
        }
    }
}
