/// The CRC-32 of PNG chunks (and gzip): the reflected polynomial 0xEDB88320, computed sixteen
/// bytes at a time from sixteen lookup tables ("slice-by-16").
struct CRC32 {
    private var state: UInt32 = 0xFFFF_FFFF

    /// The checksum of the bytes so far.
    var value: UInt32 { ~state }

    /// Adds `bytes` to the checksum.
    ///
    /// Complexity: O(bytes).
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var pointer = bytes.baseAddress else { return }
        var remaining = bytes.count
        var crc = state
        CRC32.tables.withUnsafeBufferPointer { tables in
            // Safe: `tables` holds 16 × 256 entries and every index below is a table's start
            // plus a byte; `pointer` stays inside `bytes`.
            let table = tables.baseAddress!
            @inline(__always) func entry(_ slice: Int, _ byte: UInt32) -> UInt32 {
                table[slice << 8 | Int(byte & 0xFF)]
            }
            while remaining >= 16 {
                let first = UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self))
                let second = UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                let a = UInt32(truncatingIfNeeded: first) ^ crc
                let b = UInt32(truncatingIfNeeded: first >> 32)
                let c = UInt32(truncatingIfNeeded: second)
                let d = UInt32(truncatingIfNeeded: second >> 32)
                crc =
                    entry(15, a) ^ entry(14, a >> 8) ^ entry(13, a >> 16) ^ entry(12, a >> 24)
                    ^ entry(11, b) ^ entry(10, b >> 8) ^ entry(9, b >> 16) ^ entry(8, b >> 24)
                    ^ entry(7, c) ^ entry(6, c >> 8) ^ entry(5, c >> 16) ^ entry(4, c >> 24)
                    ^ entry(3, d) ^ entry(2, d >> 8) ^ entry(1, d >> 16) ^ entry(0, d >> 24)
                pointer += 16
                remaining -= 16
            }
            while remaining > 0 {
                crc = table[Int((crc ^ UInt32(pointer.load(as: UInt8.self))) & 0xFF)] ^ (crc >> 8)
                pointer += 1
                remaining -= 1
            }
        }
        state = crc
    }

    /// Adds `bytes` to the checksum.
    mutating func update(_ bytes: some Sequence<UInt8>) {
        if let handled: Void = bytes.withContiguousStorageIfAvailable({ update(UnsafeRawBufferPointer($0)) }) {
            return handled
        }
        let copy = Array(bytes)
        copy.withUnsafeBytes { update($0) }
    }

    /// The checksum of `bytes`.
    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }

    /// Table `k` (entries `256k ..< 256(k+1)`) maps a byte to its CRC after `k` more zero bytes.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 16 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            tables[byte] = crc
        }
        for slice in 1..<16 {
            for byte in 0..<256 {
                let previous = tables[(slice - 1) * 256 + byte]
                tables[slice * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()
}
