import Synchronization

/// A TrueType font loaded from bytes: character mapping, metrics, kerning and glyph outlines.
///
/// The tables that every lookup needs (`head`, `hhea`, `maxp`, `hmtx`, `cmap`, `loca`, and
/// `kern` when present) are read and checked when the font loads; a glyph's outline is parsed
/// from `glyf` when it is asked for, and a malformed glyph throws then (text drawing treats it
/// as blank). Metrics are in font units unless a method takes a `size`.
///
/// A font is a value that shares its parsed tables: copies are O(1) and compare equal, and it
/// can cross any isolation.
public struct Font: Sendable {
    let face: FontFace

    /// Loads the font in `data`; for a collection (`.ttc`), the font at `index`.
    ///
    /// - Throws: `FontError` when the data is not a TrueType font or a table it needs is
    ///   missing, truncated or malformed.
    public init(data: [UInt8], index: Int = 0) throws(FontError) {
        face = try FontFace(bytes: data, index: index)
    }

    /// The font's vertical metrics, in font units.
    public var metrics: FontMetrics { face.metrics }

    /// How many glyphs the font has.
    public var glyphCount: Int { face.horizontalMetrics.advances.count }

    /// Whether the font has pair kerning (a `kern` table this parser reads).
    public var hasKerning: Bool { !face.kerning.isEmpty }

    /// The glyph for `scalar`, or nil when the font has none (it would draw glyph 0, the
    /// missing-glyph box).
    public func glyphIndex(for scalar: Unicode.Scalar) -> GlyphIndex? {
        let glyph = face.glyph(for: scalar)
        return glyph == 0 ? nil : GlyphIndex(rawValue: glyph)
    }

    /// How far `glyph` moves the pen, in font units (0 for a glyph the font lacks).
    public func advance(of glyph: GlyphIndex) -> Int { face.advance(of: glyph.rawValue) }

    /// The distance from the pen to the left of `glyph`'s bounding box, in font units.
    public func leftSideBearing(of glyph: GlyphIndex) -> Int {
        let bearings = face.horizontalMetrics.leftBearings
        return Int(glyph.rawValue) < bearings.count ? Int(bearings[Int(glyph.rawValue)]) : 0
    }

    /// The adjustment to the pen between `left` and `right` from the `kern` table, in font units
    /// (negative moves them closer; 0 without a pair).
    public func kerning(between left: GlyphIndex, and right: GlyphIndex) -> Int {
        face.kerning.adjustment(between: left.rawValue, and: right.rawValue)
    }

    /// The outline of `glyph` at `size` points per em, in points, with y pointing down and the
    /// origin at the pen position on the baseline (ready to fill on a canvas after a move).
    ///
    /// Pass `Double(metrics.unitsPerEm)` as the size for font units (y still flipped).
    ///
    /// - Throws: `FontError` when the glyph's data is malformed; a glyph without an outline (a
    ///   space) gives an empty path.
    public func outline(of glyph: GlyphIndex, size: Double) throws(FontError) -> Path {
        let scale = size / Double(metrics.unitsPerEm)
        return try face.glyphs.outline(of: Int(glyph.rawValue)).path(
            scaleX: scale, scaleY: -scale, offsetX: 0, offsetY: 0)
    }

    /// The bounding box `glyph`'s header records, at `size` points per em, in points, y down,
    /// relative to the pen on the baseline; nil for a glyph without an outline.
    ///
    /// - Throws: `FontError` when the glyph's location is malformed.
    public func bounds(of glyph: GlyphIndex, size: Double) throws(FontError) -> Rect? {
        guard let box = try face.glyphs.recordedBounds(of: Int(glyph.rawValue)) else { return nil }
        let scale = size / Double(metrics.unitsPerEm)
        return Rect(
            x: Double(box.0) * scale, y: -Double(box.3) * scale, width: Double(box.2 - box.0) * scale,
            height: Double(box.3 - box.1) * scale)
    }

    /// The advance of `string` on one line at `size` points per em, in points: each character's
    /// glyph advance, plus kerning between neighbours when `usesKerning`.
    ///
    /// Complexity: O(characters × log kerning pairs).
    public func width(of string: String, size: Double, usesKerning: Bool = true) -> Double {
        guard size.isFinite, size > 0 else { return 0 }
        var total = 0
        var previous: UInt16?
        for scalar in string.unicodeScalars where !scalar.isInvisibleControl {
            let glyph = face.glyph(for: scalar)
            total += face.advance(of: glyph)
            if usesKerning, let previous { total += face.kerning.adjustment(between: previous, and: glyph) }
            previous = glyph
        }
        return Double(total) * size / Double(metrics.unitsPerEm)
    }

    /// Identifies the loaded font: equal for copies, different for every load.
    var identity: UInt64 { face.identity }
}

extension Font: Hashable {
    /// Copies of one loaded font are equal; two loads of the same bytes are not.
    public static func == (lhs: Font, rhs: Font) -> Bool { lhs.face === rhs.face }

    public func hash(into hasher: inout Hasher) { hasher.combine(face.identity) }
}

/// A glyph's number within its font.
public struct GlyphIndex: RawRepresentable, Hashable, Sendable {
    public var rawValue: UInt16

    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Glyph 0, drawn for characters the font lacks.
    public static let missing = GlyphIndex(rawValue: 0)
}

/// A font's vertical metrics from `hhea`, in font units (y up: the descender is negative).
public struct FontMetrics: Sendable, Hashable {
    /// Font units per em: the size a font-unit value is relative to.
    public var unitsPerEm: Int
    /// How far the tallest glyphs rise above the baseline.
    public var ascender: Int
    /// How far glyphs reach below the baseline, as a negative number.
    public var descender: Int
    /// Extra space the font asks for between lines.
    public var lineGap: Int
}

extension Unicode.Scalar {
    /// Whether the scalar is a C0 or C1 control character (tabs and newlines included), which
    /// text drawing skips instead of showing the missing glyph.
    var isInvisibleControl: Bool { value < 0x20 || (value >= 0x7F && value < 0xA0) }
}

/// The parsed tables behind a `Font`.
///
/// Concurrency: immutable after init (every stored property is a `let` of a Sendable value), so
/// any thread may read it.
final class FontFace: Sendable {
    let identity: UInt64
    let metrics: FontMetrics
    let horizontalMetrics: HorizontalMetrics
    let characterMap: CharacterMap
    let kerning: KerningTable
    let glyphs: GlyphTable
    /// Glyphs of the 128 ASCII characters, looked up once so plain text skips the map's search.
    private let asciiGlyphs: [UInt16]

    private static let nextIdentity = Atomic<UInt64>(1)

    init(bytes: [UInt8], index: Int) throws(FontError) {
        let directory = try TableDirectory(bytes: bytes, index: index)
        let header = try FontHeaderTables(directory)
        metrics = FontMetrics(
            unitsPerEm: header.unitsPerEm, ascender: header.ascender, descender: header.descender,
            lineGap: header.lineGap)
        horizontalMetrics = try HorizontalMetrics(
            directory.table("hmtx"), metricCount: header.horizontalMetricCount, glyphCount: header.glyphCount)
        let characterMap = try CharacterMap(table: directory.table("cmap"))
        self.characterMap = characterMap
        // A broken kern table only loses kerning: it is optional, and text reads fine without it.
        kerning =
            directory.contains("kern")
            ? (try? KerningTable(table: directory.table("kern"))) ?? KerningTable() : KerningTable()
        glyphs = try GlyphTable(
            glyf: directory.table("glyf"), loca: directory.table("loca"), glyphCount: header.glyphCount,
            usesLongLocations: header.usesLongLocations)
        let glyphCount = header.glyphCount
        asciiGlyphs = (0..<128).map { code in
            let glyph = characterMap.glyph(for: UInt32(code))
            return Int(glyph) < glyphCount ? glyph : 0
        }
        identity = Self.nextIdentity.add(1, ordering: .relaxed).oldValue
    }

    /// The glyph for `scalar`; 0 where the font has none (or the map names a glyph past the
    /// font's end).
    @inline(__always)
    func glyph(for scalar: Unicode.Scalar) -> UInt16 {
        if scalar.value < 128 { return asciiGlyphs[Int(scalar.value)] }
        let glyph = characterMap.glyph(for: scalar.value)
        return Int(glyph) < horizontalMetrics.advances.count ? glyph : 0
    }

    /// The advance of `glyph` in font units; 0 for a glyph past the font's end.
    @inline(__always)
    func advance(of glyph: UInt16) -> Int {
        let advances = horizontalMetrics.advances
        return Int(glyph) < advances.count ? Int(advances[Int(glyph)]) : 0
    }
}
