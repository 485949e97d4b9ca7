/// Where each table of a TrueType font lies: the directory after the font's header.
///
/// Reads a plain font (`0x00010000` or `true`) or one font of a collection (`ttcf`). Table
/// ranges are checked to lie within the data when they are opened, not here, so a font with a
/// broken table it never uses still loads.
struct TableDirectory {
    private let bytes: [UInt8]
    private var tables: [String: (offset: Int, length: Int)] = [:]

    /// Reads the directory of the font at `index` in `bytes` (0 for a font that is not a
    /// collection).
    init(bytes: [UInt8], index: Int) throws(FontError) {
        self.bytes = bytes
        let file = FontDataReader(bytes: bytes, tag: "sfnt")
        var start = 0
        let tag = try file.uint32(at: 0)
        if tag == 0x7474_6366 {  // "ttcf"
            let fontCount = Int(try file.uint32(at: 8))
            guard index >= 0, index < fontCount else { throw .malformed("ttcf") }
            start = Int(try file.uint32(at: 12 + 4 * index))
        } else if index != 0 {
            throw .malformed("ttcf")
        }
        let version = try file.uint32(at: start)
        guard version == 0x0001_0000 || version == 0x7472_7565 else { throw .notTrueType }  // "true"
        let count = Int(try file.uint16(at: start + 4))
        for entry in 0..<count {
            let record = start + 12 + 16 * entry
            let rawTag = try file.uint32(at: record)
            let name = String(
                decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: rawTag >> $0) }, as: UTF8.self)
            let offset = Int(try file.uint32(at: record + 8))
            let length = Int(try file.uint32(at: record + 12))
            if tables[name] == nil { tables[name] = (offset, length) }
        }
    }

    /// Whether the font has a table tagged `tag`.
    func contains(_ tag: String) -> Bool { tables[tag] != nil }

    /// A reader of the table tagged `tag`; throws if it is absent or reaches past the data.
    func table(_ tag: String) throws(FontError) -> FontDataReader {
        guard let entry = tables[tag] else { throw .missingTable(tag) }
        return try FontDataReader(bytes: bytes, offset: entry.offset, length: entry.length, tag: tag)
    }
}
