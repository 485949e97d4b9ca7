import Testing

@testable import AsyncDisplayCanvas

/// A chunk of a PNG file: where it starts and how long its contents are.
private struct ChunkSpan {
    let offset: Int
    let length: Int
    var type: String
}

/// The chunks of `png` as far as their lengths make sense.
private func chunkSpans(_ png: [UInt8]) -> [ChunkSpan] {
    var spans: [ChunkSpan] = []
    var offset = 8
    while offset + 12 <= png.count {
        let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        guard offset + 12 + length <= png.count else { break }
        spans.append(
            ChunkSpan(
                offset: offset, length: length, type: String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)))
        offset += 12 + length
    }
    return spans
}

/// Rewrites the CRC of the chunk at `span`, so a mutation of its contents gets past the check.
private func fixCRC(_ png: inout [UInt8], _ span: ChunkSpan) {
    let crc = CRC32.checksum(png[span.offset + 4..<span.offset + 8 + span.length])
    for index in 0..<4 {
        png[span.offset + 8 + span.length + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * index))
    }
}

/// One seeded mutation of a valid file.
private func mutate(_ png: [UInt8], _ random: inout TestRandom) -> [UInt8] {
    var png = png
    let spans = chunkSpans(png)
    let span = spans[random.below(spans.count)]
    switch random.below(9) {
    case 0:
        for _ in 0...random.below(4) {
            png[random.below(png.count)] ^= 1 << UInt8(random.below(8))
        }
    case 1:
        png = Array(png.prefix(random.below(png.count)))
    case 2:
        let at = random.below(png.count + 1)
        png.insert(contentsOf: (0...random.below(8)).map { _ in random.byte() }, at: at)
    case 3:
        let start = random.below(png.count)
        png.removeSubrange(start..<min(png.count, start + 1 + random.below(16)))
    case 4:
        // A chunk length: random, huge, or off by a little.
        let lengths = [random.next() & 0xFFFF_FFFF, 0x7FFF_FFFF, 0x8000_0000, UInt64(span.length + 1), 0]
        let length = lengths[random.below(lengths.count)]
        for index in 0..<4 { png[span.offset + index] = UInt8(truncatingIfNeeded: length >> UInt64(24 - 8 * index)) }
    case 5, 6, 7:
        // The contents of a chunk, mostly the image data, with the CRC made right again.
        let idat = spans.filter { $0.type == "IDAT" }
        let target = random.below(4) == 0 || idat.isEmpty ? span : idat[random.below(idat.count)]
        guard target.length > 0 else { break }
        for _ in 0...random.below(3) {
            let index = target.offset + 8 + random.below(target.length)
            png[index] = random.below(2) == 0 ? random.byte() : png[index] ^ (1 << UInt8(random.below(8)))
        }
        fixCRC(&png, target)
    default:
        // Chunks repeated or swapped.
        let other = spans[random.below(spans.count)]
        let first = Array(png[span.offset..<span.offset + 12 + span.length])
        if random.below(2) == 0 {
            png.insert(contentsOf: first, at: other.offset)
        } else if other.offset > span.offset {
            let second = Array(png[other.offset..<other.offset + 12 + other.length])
            png.replaceSubrange(other.offset..<other.offset + 12 + other.length, with: first)
            png.replaceSubrange(span.offset..<span.offset + 12 + span.length, with: second)
        }
    }
    return png
}

@Suite("PNG fuzzing")
struct PNGFuzzTests {
    @Test("Thousands of mutated files each decode or throw a PNGError, never crash or hang", .timeLimit(.minutes(1)))
    func mutations() throws {
        var canvas = Canvas(width: 24, height: 16, background: .white)
        canvas.fill(Rect(x: 2.5, y: 3, width: 15, height: 9), with: Color(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.7))
        let drawn = canvas.makeBitmap()
        let seeds =
            try [drawn.pngData(compression: .default), drawn.pngData(compression: .fast)]
            + pngFixtures.enumerated().filter { $0.offset % 4 == 0 }.map(\.element.data)
        var random = TestRandom(seed: 7)
        var decoded = 0
        var errors: Set<PNGError> = []
        for iteration in 0..<3000 {
            let mutated = mutate(seeds[iteration % seeds.count], &random)
            do {
                let bitmap = try Bitmap(pngData: mutated, limits: PNGLimits(maxPixelCount: 1 << 14))
                #expect(bitmap.width > 0 && bitmap.height > 0)
                decoded += 1
            } catch {
                errors.insert(error)
            }
        }
        // The mutations reach every layer: chunks, headers, the zlib stream and the rows.
        #expect(decoded > 0)
        #expect(errors.contains(.truncated))
        #expect(errors.contains { if case .badCRC = $0 { true } else { false } })
        #expect(errors.contains(.corruptImageData(.deflateStream)))
        #expect(errors.contains(.corruptImageData(.checksum)))
        #expect(errors.count >= 10)
    }
}
