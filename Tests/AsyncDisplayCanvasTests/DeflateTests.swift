import Testing

@testable import AsyncDisplayCanvas

/// Inputs that exercise each path of the encoder.
private func deflateInputs() -> [(String, [UInt8])] {
    var random = TestRandom(seed: 3)
    let noise = (0..<70_000).map { _ in random.byte() }
    let text = Array(
        Array(repeating: "the quick brown fox jumps over the lazy dog; ", count: 2000).joined().utf8)
    let runs = (0..<200_000).map { UInt8(($0 / 300) % 3) }
    let tile = (0..<37).map { _ in random.byte() }
    let tiled = (0..<100_000).map { tile[$0 % 37] }
    let mixed = (0..<150_000).map { index -> UInt8 in
        switch (index / 5000) % 3 {
        case 0: noise[index % noise.count]
        case 1: 0
        default: tile[index % 37]
        }
    }
    // Byte k Fibonacci(k) times, shuffled: a code that the 15-bit limit has to flatten.
    var fibonacci: [UInt8] = []
    var counts = (1, 1)
    for symbol in 0..<24 {
        fibonacci += [UInt8](repeating: UInt8(symbol * 11), count: counts.0)
        counts = (counts.1, counts.0 + counts.1)
    }
    for index in fibonacci.indices.reversed() { fibonacci.swapAt(index, random.below(index + 1)) }
    var inputs: [(String, [UInt8])] = [
        ("empty", []), ("noise", noise), ("text", text), ("runs", runs), ("tiled", tiled), ("mixed", mixed),
        ("fibonacci", fibonacci),
    ]
    for length in [1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 258, 259, 65_535, 65_536, 65_537] {
        inputs.append(("\(length) bytes", (0..<length).map { UInt8(($0 * $0) % 7) }))
    }
    return inputs
}

@Suite("Deflate")
struct DeflateTests {
    @Test("Every level round-trips every input through inflate", arguments: DeflateLevel.allCases)
    func roundTrips(level: DeflateLevel) throws {
        for (name, input) in deflateInputs() {
            let compressed = ZlibEncoder.compress(input, level: level)
            let restored = try Inflater.inflateZlib(compressed, limit: input.count)
            #expect(restored == input, "\(name)")
            // Blocks hold at least 32,768 bytes unless they are the last, and a stored one costs
            // 5 bytes: nothing grows more than that (plus zlib's 6 bytes).
            #expect(compressed.count <= input.count + 5 * (input.count / 32_768 + 1) + 6, "\(name)")
        }
    }

    @Test("Small blocks round-trip, with runs and matches reaching into earlier blocks")
    func smallBlocks() throws {
        for level in [DeflateLevel.runLength, .default] {
            for (name, input) in deflateInputs() where input.count <= 70_000 {
                for blockSize in input.count <= 300 ? [7, 1000] : [1000] {
                    var writer = DeflateBlockWriter(output: ByteBuffer(capacity: 64))
                    writer.putBits(0x9C78, count: 16)
                    input.withUnsafeBytes {
                        DeflateEncoder(level: level, blockSize: blockSize).compress($0, into: &writer)
                    }
                    var stream = writer.finish()
                    stream.append(bigEndian: Adler32.checksum(input))
                    let restored = try Inflater.inflateZlib(stream.makeArray(), limit: input.count)
                    #expect(restored == input, "\(name), \(level), blocks of \(blockSize)")
                }
            }
        }
    }

    @Test("Dynamic headers listing all 19 code-length codes decode at every bit offset")
    func headersAtEveryBitOffset() throws {
        // Code-length code: the first 13 in header order get 4 bits, the last 6 get 5 (complete).
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for (rank, symbol) in Deflate.codeLengthOrder.enumerated() { codeLengthLengths[symbol] = rank < 13 ? 4 : 5 }
        let codeLengthCodes = HuffmanCode.codes(for: codeLengthLengths)
        func putCodeLength(_ symbol: Int, extra: UInt64 = 0, extraCount: Int = 0, _ writer: inout DeflateBlockWriter) {
            let length = Int(codeLengthLengths[symbol])
            writer.putBits(UInt64(codeLengthCodes[symbol]) | extra << UInt64(length), count: length + extraCount)
        }
        for prefixCount in 0..<8 {
            var writer = DeflateBlockWriter(output: ByteBuffer(capacity: 64))
            writer.putBits(0x9C78, count: 16)
            // Fixed-Huffman blocks of the literal 200 (19 bits each) shift where the next starts.
            for _ in 0..<prefixCount { writer.putBits(0b010 | 0b10_0111 << 3, count: 19) }
            // Dynamic, final: 257 literal/length codes, 1 distance code, 19 code-length codes.
            writer.putBits(0b101 | 0 << 3 | 0 << 8 | 15 << 13, count: 17)
            for symbol in Deflate.codeLengthOrder { writer.putBits(UInt64(codeLengthLengths[symbol]), count: 3) }
            // Literal 0 and end-of-block get 1 bit each, everything between none; one distance code.
            putCodeLength(1, &writer)
            putCodeLength(18, extra: 127, extraCount: 7, &writer)
            putCodeLength(18, extra: 106, extraCount: 7, &writer)
            putCodeLength(1, &writer)
            putCodeLength(1, &writer)
            // The data: literal 0 (code 0), end of block (code 1).
            writer.putBits(0b10, count: 2)
            var stream = writer.finish()
            let expected = [UInt8](repeating: 200, count: prefixCount) + [0]
            stream.append(bigEndian: Adler32.checksum(expected))
            #expect(
                try Inflater.inflateZlib(stream.makeArray(), limit: 100) == expected, "\(prefixCount) blocks before")
        }
    }

    @Test("Runs and repeats compress, noise does not grow")
    func ratios() {
        let inputs = Dictionary(uniqueKeysWithValues: deflateInputs())
        for level in [DeflateLevel.runLength, .default] {
            #expect(ZlibEncoder.compress(inputs["runs"]!, level: level).count < 2000)
            #expect(ZlibEncoder.compress(inputs["noise"]!, level: level).count <= 70_000 + 21)
        }
        // Only matching at longer distances finds the repeats of text and tiles.
        #expect(ZlibEncoder.compress(inputs["text"]!, level: .default).count < 2000)
        #expect(ZlibEncoder.compress(inputs["tiled"]!, level: .default).count < 2000)
        #expect(ZlibEncoder.compress(inputs["tiled"]!, level: .runLength).count > 50_000)
    }
}

/// The cost of the cheapest code no longer than `limit` for `frequencies`, by trying every
/// assignment of lengths that satisfies Kraft's inequality.
private func bruteForceCost(_ frequencies: [UInt32], limit: Int) -> Int {
    let used = frequencies.filter { $0 > 0 }
    var best = Int.max
    var lengths = [Int](repeating: 1, count: used.count)
    while true {
        let kraft = lengths.reduce(0) { $0 + 1 << (limit - $1) }
        if kraft <= 1 << limit {
            best = min(best, zip(used, lengths).reduce(0) { $0 + Int($1.0) * $1.1 })
        }
        var digit = 0
        while digit < lengths.count && lengths[digit] == limit {
            lengths[digit] = 1
            digit += 1
        }
        if digit == lengths.count { return best }
        lengths[digit] += 1
    }
}

@Suite("Huffman codes")
struct HuffmanCodeTests {
    @Test("Lengths are optimal under the limit, checked against every possible code")
    func optimalAgainstBruteForce() {
        var random = TestRandom(seed: 4)
        for trial in 0..<300 {
            let count = 2 + random.below(5)
            let limit = 3 + random.below(2)
            let skewed = trial % 2 == 0
            let frequencies = (0..<count).map { index -> UInt32 in
                skewed ? UInt32(1 << (index * 3)) + UInt32(random.below(3)) : UInt32(random.below(50))
            }
            guard frequencies.filter({ $0 > 0 }).count >= 2 else { continue }
            let lengths = HuffmanCode.lengths(for: frequencies, limit: limit)
            let cost = zip(frequencies, lengths).reduce(0) { $0 + Int($1.0) * Int($1.1) }
            #expect(cost == bruteForceCost(frequencies, limit: limit), "\(frequencies) limit \(limit)")
            #expect(lengths.allSatisfy { $0 <= limit })
        }
    }

    @Test("Codes are complete and respect the limit even for Fibonacci frequencies")
    func limitAndCompleteness() {
        var fibonacci: [UInt32] = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        for limit in [7, 15] {
            let lengths = HuffmanCode.lengths(for: fibonacci, limit: limit)
            #expect(lengths.max() == UInt8(limit))
            #expect(lengths.reduce(0) { $0 + (1 << (limit - Int($1))) } == 1 << limit)
        }
    }

    @Test("Fewer than two used symbols still give a two-code code")
    func degenerate() {
        #expect(HuffmanCode.lengths(for: [0, 0, 0], limit: 15) == [1, 1, 0])
        #expect(HuffmanCode.lengths(for: [0, 0, 9], limit: 15) == [1, 0, 1])
        #expect(HuffmanCode.lengths(for: [9, 0, 0], limit: 15) == [1, 1, 0])
    }

    @Test("Canonical codes follow RFC 1951's example, bit-reversed")
    func canonicalCodes() {
        // RFC 1951 §3.2.2: lengths (3, 3, 3, 3, 3, 2, 4, 4) give 010, 011, 100, 101, 110, 00, 1110, 1111.
        let codes = HuffmanCode.codes(for: [3, 3, 3, 3, 3, 2, 4, 4])
        #expect(codes == [0b010, 0b110, 0b001, 0b101, 0b011, 0b00, 0b0111, 0b1111])
    }
}
