import Testing

@testable import AsyncDisplayCanvas

/// The Paeth filter straight from its definition: each byte less the scalar predictor of its
/// left, above and upper-left bytes (0 outside the row).
private func naivePaethFilter(_ row: [UInt8], above: [UInt8], bytesPerPixel: Int) -> [UInt8] {
    row.indices.map { index in
        let left = index >= bytesPerPixel ? row[index - bytesPerPixel] : 0
        let upperLeft = index >= bytesPerPixel ? above[index - bytesPerPixel] : 0
        return row[index] &- paethPredictor(left, above[index], upperLeft)
    }
}

@Suite("Paeth filter on byte lanes")
struct PaethFilterTests {
    @Test(
        "The byte-lane predictor matches the scalar one for every left, above and upper-left",
        arguments: stride(from: 0, to: 256, by: 32).map { $0..<$0 + 32 })
    func predictorMatchesScalar(upperLefts: Range<Int>) {
        var mismatches = 0
        for upperLeft in upperLefts {
            let c = ByteVector(repeating: UInt8(upperLeft))
            for above in 0...255 {
                let b = ByteVector(repeating: UInt8(above))
                for start in stride(from: 0, to: 256, by: 16) {
                    let a = ByteVector((0..<16).map { UInt8(start + $0) })
                    let predicted = paethPredictor(a, b, c)
                    for lane in 0..<16
                    where predicted[lane] != paethPredictor(a[lane], UInt8(above), UInt8(upperLeft)) {
                        mismatches += 1
                    }
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("Fixed Paeth filtering matches the definition for rows of every length up to 70 and a long one")
    func filterMatchesDefinition() {
        var random = TestRandom(seed: 0x9AE7)
        for bytesPerPixel in [1, 3, 4] {
            for count in Array(1...70) + [4096] {
                // Runs and noise, as in drawn images.
                let row = (0..<count).map { $0 % 9 < 5 ? UInt8(200) : random.byte() }
                let above = (0..<count).map { $0 % 7 < 3 ? UInt8(200) : random.byte() }
                let filter = PNGRowFilter(rowByteCount: count, bytesPerPixel: bytesPerPixel, strategy: .fixed(.paeth))
                var output = [UInt8](repeating: 0, count: count + 1)
                row.withUnsafeBytes { row in
                    above.withUnsafeBytes { above in
                        output.withUnsafeMutableBufferPointer {
                            filter.filter(row.baseAddress!, previous: above.baseAddress!, into: $0.baseAddress!)
                        }
                    }
                }
                #expect(output[0] == PNGFilterType.paeth.rawValue)
                #expect(
                    Array(output[1...]) == naivePaethFilter(row, above: above, bytesPerPixel: bytesPerPixel),
                    "\(count) bytes, \(bytesPerPixel) per pixel")
            }
        }
    }
}
