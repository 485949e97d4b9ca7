import Testing

@testable import AsyncDisplayCanvas

/// The bitwise CRC-32 of PNG, one bit at a time.
private func naiveCRC32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

/// Adler-32 straight from its definition, modulo at every step.
private func naiveAdler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
        a = (a + UInt32(byte)) % 65521
        b = (b + a) % 65521
    }
    return b << 16 | a
}

@Suite("Checksums")
struct ChecksumTests {
    @Test("CRC-32 gives the published check values")
    func crcVectors() {
        #expect(CRC32.checksum([UInt8]()) == 0)
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
        #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082)
    }

    @Test("CRC-32 matches the bitwise definition for every length up to 100 and in pieces")
    func crcMatchesNaive() {
        var random = TestRandom(seed: 1)
        for length in 0...100 {
            let bytes = (0..<length).map { _ in random.byte() }
            #expect(CRC32.checksum(bytes) == naiveCRC32(bytes))
        }
        let long = (0..<10_000).map { _ in random.byte() }
        var pieces = CRC32()
        var offset = 0
        for size in [1, 7, 8, 9, 1000, 3, 5000] {
            pieces.update(long[offset..<offset + size])
            offset += size
        }
        pieces.update(long[offset...])
        #expect(pieces.value == naiveCRC32(long))
    }

    @Test("Adler-32 gives the published check values")
    func adlerVectors() {
        #expect(Adler32.checksum([UInt8]()) == 1)
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Adler32.checksum(Array("123456789".utf8)) == 0x091E_01DE)
    }

    @Test("Adler-32 matches its definition across the deferred-modulo boundaries")
    func adlerMatchesNaive() {
        var random = TestRandom(seed: 2)
        for length in Array(0...40) + [255, 256, 257, 271, 4095, 4096, 4097, 5551, 5552, 5553, 11_104, 20_000] {
            let bytes = (0..<length).map { _ in random.byte() }
            #expect(Adler32.checksum(bytes) == naiveAdler32(bytes))
        }
        // All 0xFF bytes make the sums grow fastest.
        let ones = [UInt8](repeating: 0xFF, count: 100_000)
        #expect(Adler32.checksum(ones) == naiveAdler32(ones))
        var pieces = Adler32()
        for size in [3, 16, 17, 5552, 6000] {
            ones.withUnsafeBytes { pieces.update(UnsafeRawBufferPointer(rebasing: $0[0..<size])) }
        }
        let joined = [UInt8](repeating: 0xFF, count: 3 + 16 + 17 + 5552 + 6000)
        #expect(pieces.value == naiveAdler32(joined))
    }
}
