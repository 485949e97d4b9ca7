import Testing

@testable import AsyncDisplayCanvas

/// A zlib stream made by Python's zlib (level and strategy in the name) and the bytes it holds.
struct ZlibVector: CustomTestStringConvertible, Sendable {
    enum Data: Sendable {
        case empty(Int)
        case text(Int)
        case skewed(Int)
        case zeros(Int)
        case pattern(Int)
    }

    let name: String
    let data: Data
    let hex: String

    var testDescription: String { name }

    var compressed: [UInt8] { bytes(fromHex: hex) }

    /// The uncompressed bytes, rebuilt by the formula the Python script used.
    var expected: [UInt8] {
        switch data {
        case .empty: return []
        case .text(let count):
            let sentence =
                "It was the best of times, it was the worst of times, it was the age of wisdom, "
                + "it was the age of foolishness. "
            return Array(Array(repeating: sentence, count: 4).joined().utf8.prefix(count))
        case .skewed(let count):
            return (0..<count).map { (index: Int) -> UInt8 in
                let step = (index * index + index / 3) % 19
                return UInt8(97 + step % (1 + index % 7))
            }
        case .zeros(let count): return [UInt8](repeating: 0, count: count)
        case .pattern(let count): return (0..<count).map { UInt8(($0 * 7 + ($0 >> 3)) % 251) }
        }
    }

    static let all: [ZlibVector] = [
        ZlibVector(
            name: "empty", data: .empty(0),
            hex: "78da030000000001"),
        ZlibVector(
            name: "text, fixed Huffman", data: .text(440),
            hex: """
                7801f32c51284f2c5628c94855484a2d2e51c84f5328c9cc4d2dd651c844c894e717e1924a4c4f0549946716a7e4e762
                9349cbcfcfc92ccec84b2d2ed653f01cb58d4ab6010003f89955
                """),
        ZlibVector(
            name: "text, stored", data: .text(440),
            hex: """
                780101b80147fe497420776173207468652062657374206f662074696d65732c206974207761732074686520776f7273
                74206f662074696d65732c206974207761732074686520616765206f6620776973646f6d2c2069742077617320746865
                20616765206f6620666f6f6c6973686e6573732e20497420776173207468652062657374206f662074696d65732c2069
                74207761732074686520776f727374206f662074696d65732c206974207761732074686520616765206f662077697364
                6f6d2c206974207761732074686520616765206f6620666f6f6c6973686e6573732e2049742077617320746865206265
                7374206f662074696d65732c206974207761732074686520776f727374206f662074696d65732c206974207761732074
                686520616765206f6620776973646f6d2c206974207761732074686520616765206f6620666f6f6c6973686e6573732e
                20497420776173207468652062657374206f662074696d65732c206974207761732074686520776f727374206f662074
                696d65732c206974207761732074686520616765206f6620776973646f6d2c206974207761732074686520616765206f
                6620666f6f6c6973686e6573732e2003f89955
                """),
        ZlibVector(
            name: "skewed, dynamic Huffman", data: .skewed(1500),
            hex: """
                78daed51d115c430089a5590dcfe1b1cd0be5be07ef351531344d00148cc8033eb8ff9498a49c63d791c9d75dc7d5ec5
                cde59cc61582143e032303308b21c07b0c3790553a0da49463cbc22634e7272c8f98d94703f13452231411080b82b416
                2c54a80e53009c54b70dadb76a5c1211db6bc65720d2cf8a4b95eedb7293b172db3406dac8b779e37907549b1d880f4f
                29a23a898a0f74eaa844ee17a1ced4dad844c6ab7a6004723b96bb8ebb8ebb8ebb8effd7f10583e84050
                """),
        ZlibVector(
            name: "skewed, Huffman only", data: .skewed(1500),
            hex: """
                780105c1010103410c0421adcce6befe1d14d4168d1b6bd032b6fb22ef3bb96bf076c447dc8bedf5531eaced54db29bb
                d8bd85de3bea76b477346f3fb62d7268ad231ed13be92d6ddbe87a68ef9b567d72a1b97ba0a7dc8519b9de83b7637a3f
                76f5a9bdc58ed869747b53db376858d758f725edc51cd4fcd8ec70f5d83c9a2dd9eed1b5a776476dd1b8b1062d63bb2f
                f2be93bb066f477cc4bdd85e3fe5c1da4eb59db28bdd5be8bda36e477b47f3f663db2287d63ae211bd93ded2b68dae87
                f6be69d527179abb077aca5d9891eb3d783ba6f763579fda5bec889d46b737b57d8386758d755fd25ecc41cd8fcd0e57
                8fcda3d992ed1e5d7b6a77d4168d1b6bd032b6fb22ef3bb96bf076c447dc8bedf5531eaced54db29bbd8bd85de3bea76
                b477346f3fb62d7268ad231ed13be92d6ddbe87a68ef9b567d72a1b97ba0a7dc8519b9de83b7637a3f76f5a9bdc58ed8
                69747b53db376858d758f725edc51cd4fcd8ec70f5d83c9a2dd9eed1b5a776476dd1b8b1062d63bb2ff2be93bb066f47
                7cc4bdd85e3fe5c1da4eb59db28bdd5be8bda36e477b47f3f663db2287d63ae211bd93ded2b68dae87f6be69d527179a
                bb077aca5d9891eb3d783ba6f763579fda5bec889d46b737fd0183e84050
                """),
        ZlibVector(
            name: "zeros, run-length", data: .zeros(1000),
            hex: "7801631805a360140c7b000003e80001"),
        ZlibVector(
            name: "pattern with a full flush between blocks", data: .pattern(300),
            hex: """
                789c0064009bff00070e151c232a313940474e555c636a727980878e959ca3abb2b9c0c7ced5dce4ebf2f9050c131a22
                2930373e454c535b626970777e858c949ba2a9b0b7bec5cdd4dbe2e9f0f7030b121920272e353c444b525960676e757d
                848b9299a0a7aeb6bdc4cb000000ffff01c80037ffd2d9e0e7eff6020910171e252d343b424950575e666d747b828990
                979fa6adb4bbc2c9d0d8dfe6edf400070e161d242b323940474f565d646b727980888f969da4abb2b9c1c8cfd6dde4eb
                f2fa060d141b222930383f464d545b626971787f868d949ba2aab1b8bfc6cdd4dbe3eaf1f8040b121921282f363d444b
                525a61686f767d848b939aa1a8afb6bdc4ccd3dae1e8eff6020a11181f262d343b434a51585f666d747c838a91989fa6
                adb5bcc3cad1d8dfe6eef501080f161d242c333a41484f565d656c737a9e7c8dcb
                """),
    ]
}

/// The bytes written as hexadecimal digits in `hex` (whitespace ignored).
func bytes(fromHex hex: String) -> [UInt8] {
    let digits = hex.utf8.compactMap { character -> UInt8? in
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        default: nil
        }
    }
    return stride(from: 0, to: digits.count - 1, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
}

@Suite("Inflate")
struct InflateTests {
    @Test("Streams made by zlib decompress to their bytes", arguments: ZlibVector.all)
    func zlibStreams(vector: ZlibVector) throws {
        let expected = vector.expected
        #expect(try Inflater.inflateZlib(vector.compressed, limit: expected.count) == expected)
    }

    @Test("Every truncation of every stream throws instead of reading past the end")
    func truncations() {
        for vector in ZlibVector.all {
            let compressed = vector.compressed
            for length in 0..<compressed.count {
                #expect(throws: InflateError.self) {
                    try Inflater.inflateZlib(Array(compressed[..<length]), limit: 10_000)
                }
            }
        }
    }

    @Test("Output past the limit throws, and the limit itself is allowed")
    func outputLimit() throws {
        let vector = ZlibVector.all.first { $0.name.hasPrefix("zeros") }!
        #expect(try Inflater.inflateZlib(vector.compressed, limit: 1000).count == 1000)
        #expect(throws: InflateError.outputLimitExceeded) { try Inflater.inflateZlib(vector.compressed, limit: 999) }
    }

    @Test("Bad headers, block types, lengths, distances and checksums throw their errors")
    func malformedStreams() {
        // A preset dictionary; a method other than deflate; a header that is not a multiple of 31.
        #expect(throws: InflateError.invalidHeader) { try Inflater.inflateZlib([0x78, 0xBB, 0, 0, 0, 0], limit: 10) }
        #expect(throws: InflateError.invalidHeader) { try Inflater.inflateZlib([0x79, 0x9C, 3, 0], limit: 10) }
        #expect(throws: InflateError.invalidHeader) { try Inflater.inflateZlib([0x78, 0x9D, 3, 0], limit: 10) }
        // Block type 3.
        #expect(throws: InflateError.invalidBlockType) { try Inflater.inflateZlib([0x78, 0x9C, 0x07], limit: 10) }
        // A stored block whose length complement is wrong.
        #expect(throws: InflateError.invalidStoredLength) {
            try Inflater.inflateZlib([0x78, 0x9C, 0x01, 0x01, 0x00, 0xFF, 0xFF, 0x41], limit: 10)
        }
        // Fixed Huffman: the first symbol is a match (length 3, distance 1) with no output yet.
        #expect(throws: InflateError.invalidDistance) {
            try Inflater.inflateZlib([0x78, 0x9C, 0x03, 0x02, 0x00], limit: 10)
        }
        // An empty stored block, then a wrong Adler-32.
        #expect(throws: InflateError.checksumMismatch) {
            try Inflater.inflateZlib([0x78, 0x9C, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0, 0, 0, 2], limit: 10)
        }
    }

    @Test("Mutated streams inflate within the limit or throw", .timeLimit(.minutes(1)))
    func mutatedStreams() {
        var random = TestRandom(seed: 8)
        let seeds =
            ZlibVector.all.map(\.compressed)
            + DeflateLevel.allCases.map {
                ZlibEncoder.compress(
                    Array("abracadabra, abracadabra, abracadabra!".utf8) + [UInt8](repeating: 9, count: 300), level: $0)
            }
        var outcomes: Set<String> = []
        for iteration in 0..<2000 {
            var stream = seeds[iteration % seeds.count]
            for _ in 0...random.below(3) {
                let index = 2 + random.below(stream.count - 2)
                stream[index] ^= 1 << UInt8(random.below(8))
            }
            do {
                let output = try Inflater.inflateZlib(stream, limit: 2000)
                #expect(output.count <= 2000)
                outcomes.insert("inflated")
            } catch {
                outcomes.insert("\(error)")
            }
        }
        #expect(outcomes.count >= 5)
    }
}
