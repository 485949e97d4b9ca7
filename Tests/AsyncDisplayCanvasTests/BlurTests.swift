import Foundation
import Testing

@testable import AsyncDisplayCanvas

/// The naive reference: each axis convolved with the three boxes' combined kernel (built by
/// explicit convolution), summed directly, then divided by the kernel's total, rounded to nearest.
private func naiveBlur(_ mask: CoverageMask, widths: [Int]) -> (width: Int, height: Int, levels: [Int]) {
    var kernel = [1]
    for width in widths {
        var next = [Int](repeating: 0, count: kernel.count + width - 1)
        for (index, weight) in kernel.enumerated() {
            for offset in 0..<width { next[index + offset] += weight }
        }
        kernel = next
    }
    let total = kernel.reduce(0, +)
    let reach = (kernel.count - 1) / 2
    func blurAxis(_ levels: [Int], width: Int, height: Int) -> [Int] {
        // Along rows; the result is transposed: (width + 2 reach) rows of `height`.
        let blurredWidth = width + 2 * reach
        var result = [Int](repeating: 0, count: blurredWidth * height)
        for y in 0..<height {
            for x in 0..<blurredWidth {
                var sum = 0
                for (k, weight) in kernel.enumerated() {
                    let source = x - 2 * reach + k
                    if source >= 0 && source < width { sum += weight * levels[y * width + source] }
                }
                result[x * height + y] = (sum + (total - 1) / 2) / total
            }
        }
        return result
    }
    let columns = blurAxis(mask.levels.map(Int.init), width: mask.width, height: mask.height)
    let levels = blurAxis(columns, width: mask.height, height: mask.width + 2 * reach)
    return (mask.width + 2 * reach, mask.height + 2 * reach, levels)
}

private func widths(_ boxes: BlurBoxes) -> [Int] { [boxes.widths.0, boxes.widths.1, boxes.widths.2] }

private func dot(size: Int) -> CoverageMask {
    var levels = [UInt8](repeating: 0, count: size * size)
    levels[size / 2 * size + size / 2] = 255
    return CoverageMask(width: size, height: size, levels: levels)!
}

@Suite("Coverage blur")
struct BlurTests {
    @Test(
        "Random masks blur exactly as the naive three-box reference", arguments: [0.3, 0.8, 1, 1.7, 2, 3.3, 5, 8.9, 14])
    func matchesReference(radius: Double) {
        var random = TestRandom(seed: 0xB1_0B + UInt64(radius * 10))
        for _ in 0..<12 {
            let width = random.int(13)
            let height = random.int(13)
            let levels = (0..<(width * height)).map { _ in
                random.unit() < 0.4 ? UInt8(random.int(256)) : (random.unit() < 0.5 ? 255 : 0)
            }
            let mask = CoverageMask(width: width, height: height, originX: 7, originY: -3, levels: levels)!
            let blurred = mask.blurred(radius: radius)
            let boxes = BlurBoxes(radius: radius)
            let expected = naiveBlur(mask, widths: widths(boxes))
            #expect(blurred.width == expected.width && blurred.height == expected.height)
            #expect(blurred.levels.map(Int.init) == expected.levels)
            #expect(blurred.originX == 7 - boxes.extent && blurred.originY == -3 - boxes.extent)
        }
    }

    @Test("The boxes' variance is the nearest to σ² = (radius / 2)² that odd widths allow")
    func boxVariance() {
        for tenth in 1...2_500 {
            let radius = Double(tenth) / 10
            let boxes = widths(BlurBoxes(radius: radius))
            let variance = boxes.map { Double($0 * $0 - 1) / 12 }.reduce(0, +)
            let target = radius * radius / 4
            #expect(boxes.allSatisfy { $0 % 2 == 1 && $0 <= 255 })
            #expect(boxes.max()! - boxes.min()! <= 2)
            // Widening one box from w to w + 2 adds (w + 1) / 3: at most half that step is missed.
            #expect(abs(variance - target) <= Double(boxes.min()! + 1) / 6 + 1e-9, "radius \(radius)")
            if radius >= 8 { #expect(abs(variance - target) <= 0.1 * target, "radius \(radius)") }
        }
    }

    @Test("A straight edge blurs like a Gaussian of σ = radius / 2")
    func edgeProfile() {
        // Left half covered: across the edge the blur follows the normal distribution's CDF.
        let levels = (0..<(200 * 120)).map { $0 % 200 < 100 ? UInt8(255) : 0 }
        let mask = CoverageMask(width: 200, height: 120, levels: levels)!
        let radius = 24.0
        let blurred = mask.blurred(radius: radius)
        let extent = BlurBoxes(radius: radius).extent
        let sigma = radius / 2
        for offset in stride(from: -30, through: 30, by: 6) {
            // Pixel centre `offset + 0.5` right of the edge, in the middle row.
            let level = Double(blurred[x: extent + 100 + offset, y: extent + 60])
            let gaussian = 255 * 0.5 * erfc((Double(offset) + 0.5) / (sigma * 2.0.squareRoot()))
            #expect(abs(level - gaussian) <= 4, "offset \(offset): \(level) vs \(gaussian)")
        }
    }

    @Test("Blurring keeps the total coverage but for rounding")
    func sumPreserved() {
        var levels = [UInt8](repeating: 0, count: 40 * 30)
        for y in 5..<25 { for x in 8..<33 { levels[y * 40 + x] = y == 5 || x == 8 ? 128 : 255 } }
        let mask = CoverageMask(width: 40, height: 30, levels: levels)!
        let before = levels.reduce(0) { $0 + Int($1) }
        for radius in [1.5, 4, 9, 20] {
            let after = mask.blurred(radius: radius).levels.reduce(0) { $0 + Int($1) }
            #expect(abs(Double(after - before)) / Double(before) < 0.002, "radius \(radius)")
        }
    }

    @Test("A centred dot stays symmetric and falls off monotonically")
    func symmetry() {
        let blurred = dot(size: 9).blurred(radius: 7)
        let size = blurred.width
        #expect(blurred.height == size)
        let middle = size / 2
        for y in 0..<size {
            for x in 0..<size {
                let level = blurred[x: x, y: y]
                #expect(level == blurred[x: size - 1 - x, y: y])
                #expect(level == blurred[x: x, y: size - 1 - y])
                #expect(level == blurred[x: y, y: x])
                if x > middle { #expect(level <= blurred[x: x - 1, y: y]) }
                if y > middle { #expect(level <= blurred[x: x, y: y - 1]) }
            }
        }
        #expect(blurred[x: middle, y: middle] > blurred[x: middle + 3, y: middle])
    }

    @Test("The result grows by the blur's reach on each side")
    func outputSize() {
        let mask = CoverageMask(
            width: 5, height: 3, originX: 10, originY: 20, levels: [UInt8](repeating: 9, count: 15))!
        // σ = 5: boxes 9, 9 and 11 (variance 23.3), reaching 13 pixels each way.
        #expect(widths(BlurBoxes(radius: 10)) == [9, 9, 11])
        let blurred = mask.blurred(radius: 10)
        #expect(blurred.width == 5 + 26 && blurred.height == 3 + 26)
        #expect(blurred.originX == -3 && blurred.originY == 7)
        let empty = CoverageMask(width: 0, height: 4, levels: [])!.blurred(radius: 10)
        #expect(empty.width == 26 && empty.height == 30 && empty.levels.allSatisfy { $0 == 0 })
    }

    @Test("A zero, negative or NaN radius returns the mask unchanged; huge radii are clamped")
    func radiusLimits() {
        let mask = dot(size: 3)
        for radius: Double in [0, -4, .nan, -.infinity] { #expect(mask.blurred(radius: radius) == mask) }
        let clamped = mask.blurred(radius: CoverageMask.maximumBlurRadius)
        #expect(mask.blurred(radius: 1e12) == clamped)
        #expect(mask.blurred(radius: Double.infinity) == clamped)
        #expect(clamped.width == 3 + 2 * BlurBoxes(radius: CoverageMask.maximumBlurRadius).extent)
    }

    @Test("A mask needs exactly width × height levels")
    func maskValidation() {
        #expect(CoverageMask(width: 2, height: 2, levels: [1, 2, 3]) == nil)
        #expect(CoverageMask(width: -1, height: -1, levels: [1]) == nil)
        #expect(CoverageMask(width: Int.max, height: 2, levels: []) == nil)
        #expect(CoverageMask(width: 2, height: 1, levels: [1, 2])?[x: 1, y: 0] == 2)
        #expect(CoverageMask(width: 2, height: 1, levels: [1, 2])?[x: 2, y: 0] == 0)
    }
}
