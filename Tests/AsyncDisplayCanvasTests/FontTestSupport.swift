import Foundation

@testable import AsyncDisplayCanvas

/// Fonts and helpers shared by the font and text tests.
enum TestFonts {
    static let dejaVuSansPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// DejaVu Sans, or nil where it is not installed (the tests that need it are then skipped).
    static let dejaVuSans: Font? = try? Font(contentsOfFile: dejaVuSansPath)

    /// DejaVu Sans's bytes, or nil where it is not installed.
    static let dejaVuSansBytes: [UInt8]? = FileManager.default.contents(atPath: dejaVuSansPath).map { Array($0) }

    static var hasDejaVuSans: Bool { dejaVuSans != nil }

    /// The font, for tests that only run when it is present.
    static var font: Font { dejaVuSans! }

    static func glyph(_ scalar: Unicode.Scalar) -> GlyphIndex { font.glyphIndex(for: scalar)! }
}

/// Big-endian byte building for hand-made font tables.
struct TableBytes {
    var bytes: [UInt8] = []

    mutating func u8(_ value: Int) { bytes.append(UInt8(truncatingIfNeeded: value)) }
    mutating func u16(_ value: Int) {
        bytes += [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }
    mutating func u32(_ value: Int) {
        u16(value >> 16)
        u16(value)
    }

    var reader: FontDataReader { FontDataReader(bytes: bytes, tag: "test") }
}
