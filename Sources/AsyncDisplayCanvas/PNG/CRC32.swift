/// The CRC-32 of PNG chunks (and zlib's gzip): the reflected polynomial 0xEDB88320, computed
/// eight bytes at a time from eight lookup tables ("slice-by-8").
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
            // Safe: `tables` holds 8 × 256 entries and every index below is masked to 0...255
            // (plus a multiple of 256 under 2048); `pointer` stays inside `bytes`.
            let table = tables.baseAddress!
            while remaining >= 8 {
                let word = UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self))
                let low = UInt32(truncatingIfNeeded: word) ^ crc
                let high = UInt32(truncatingIfNeeded: word >> 32)
                crc =
                    table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                    ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ table[256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
                pointer += 8
                remaining -= 8
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
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            tables[byte] = crc
        }
        for slice in 1..<8 {
            for byte in 0..<256 {
                let previous = tables[(slice - 1) * 256 + byte]
                tables[slice * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()
}
