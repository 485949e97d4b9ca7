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

/// A tiny deterministic generator (SplitMix64) for seeded tests.
struct TestRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    mutating func int(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
}

extension Path {
    /// The box of every point the path names, control points included, or nil when empty.
    var controlPointBounds: Rect? {
        var points: [Point] = []
        for element in elements {
            switch element {
            case .move(let point), .line(let point): points.append(point)
            case .quad(let point, let control): points += [point, control]
            case .cubic(let point, let control1, let control2): points += [point, control1, control2]
            case .close: break
            }
        }
        guard let first = points.first else { return nil }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for point in points {
            (minX, minY) = (min(minX, point.x), min(minY, point.y))
            (maxX, maxY) = (max(maxX, point.x), max(maxY, point.y))
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
