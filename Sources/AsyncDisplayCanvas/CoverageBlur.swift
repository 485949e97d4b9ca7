/// The three box widths whose successive blurs approximate a Gaussian blur.
///
/// A box of odd width `w` has variance (w² − 1) / 12, and variances add under convolution, so
/// three boxes of odd widths `w` and `w + 2` (as many of each as brings the sum nearest σ²) come
/// within a few percent of the Gaussian. Odd widths keep every box centred on its pixel: the
/// blur shifts nothing and stays symmetric.
struct BlurBoxes {
    /// The widths, each odd, at most 255.
    let widths: (Int, Int, Int)

    /// How far the blur reaches on each side, in pixels: the sum of the boxes' half-widths.
    var extent: Int { (widths.0 + widths.1 + widths.2 - 3) / 2 }

    /// The boxes for a blur of `radius` pixels (σ = radius / 2), `radius` within
    /// `0...CoverageMask.maximumBlurRadius`.
    init(radius: Double) {
        let variance = radius * radius / 4
        // Three equal boxes of width w would need 3 (w² − 1) / 12 = σ².
        let ideal = (4 * variance + 1).squareRoot()
        var narrow = Int(ideal.rounded(.down))
        if narrow % 2 == 0 { narrow -= 1 }
        // How many narrow boxes (the rest two wider) bring the variance nearest σ².
        let wide = Double(narrow + 2)
        let narrowCount = ((3 * (wide * wide - 1) - 12 * variance) / Double(4 * narrow + 4)).rounded()
        let count = narrowCount > 0 ? (narrowCount < 3 ? Int(narrowCount) : 3) : 0
        widths = (count > 0 ? narrow : narrow + 2, count > 1 ? narrow : narrow + 2, count > 2 ? narrow : narrow + 2)
    }
}

extension CoverageMask {
    /// The largest blur radius, in pixels; larger radii blur as much as this.
    package static let maximumBlurRadius = 250.0

    /// The mask blurred by `radius` pixels, as a shadow's blur: a Gaussian of standard deviation
    /// radius / 2 (the CSS and CoreGraphics convention), approximated by three box blurs along
    /// each axis.
    ///
    /// The result is larger by the blur's reach on each side, its origin moved up and left by as
    /// much. Each axis sums exactly in integers and rounds once to nearest, so the total coverage
    /// is kept but for that rounding. A radius of zero, negative or NaN returns the mask
    /// unchanged; radii past `maximumBlurRadius` (infinity too) are clamped to it.
    ///
    /// Complexity: O(result pixels), whatever the radius.
    package func blurred(radius: Double) -> CoverageMask {
        guard radius > 0 else { return self }
        let boxes = BlurBoxes(radius: min(radius, Self.maximumBlurRadius))
        let extent = boxes.extent
        guard extent > 0 else { return self }
        let blurredWidth = width + 2 * extent
        let blurredHeight = height + 2 * extent
        var scratch = BoxBlurScratch(length: max(blurredWidth, blurredHeight), boxes: boxes)
        // Rows, written transposed, then the transposed rows (the columns), transposed back.
        // Safe: each output row fills one whole column of its destination, so every level of
        // both buffers is written before it is read or counted as initialized.
        let columns = [UInt8](unsafeUninitializedCapacity: blurredWidth * height) { buffer, count in
            levels.withUnsafeBufferPointer { levels in
                scratch.blurRows(
                    levels.baseAddress, rowCount: height, rowLength: width, intoTransposed: buffer.baseAddress)
            }
            count = blurredWidth * height
        }
        return CoverageMask(
            width: blurredWidth, height: blurredHeight, originX: originX.subtractingClamped(extent),
            originY: originY.subtractingClamped(extent)
        ) { buffer in
            columns.withUnsafeBufferPointer { columns in
                scratch.blurRows(
                    columns.baseAddress, rowCount: blurredWidth, rowLength: height, intoTransposed: buffer.baseAddress)
            }
        }
    }
}

/// The row buffers of a three-box blur, reused from row to row.
private struct BoxBlurScratch {
    let boxes: BlurBoxes
    /// Two running-sum buffers, ping-ponged between the passes.
    private var first: [UInt32]
    private var second: [UInt32]
    /// The product of the widths: what one axis' sums are divided by.
    private let divisor: UInt64
    /// ⌊2⁶⁴ / divisor⌋ + 1: multiplying by it and keeping the high 64 bits divides exactly for
    /// every dividend below 2⁶⁴ / divisor (sums here stay below 2³²; the divisor below 2²⁴).
    private let reciprocal: UInt64

    init(length: Int, boxes: BlurBoxes) {
        self.boxes = boxes
        first = [UInt32](repeating: 0, count: length)
        second = [UInt32](repeating: 0, count: length)
        divisor = UInt64(boxes.widths.0 * boxes.widths.1 * boxes.widths.2)
        // The divisor is odd, so it does not divide 2⁶⁴ and ⌊(2⁶⁴ − 1) / d⌋ = ⌊2⁶⁴ / d⌋.
        reciprocal = divisor > 1 ? UInt64.max / divisor + 1 : 0
    }

    /// Blurs each of `rowCount` rows of `rowLength` levels along the row, writing output row `r`
    /// as column `r` of `destination` (`rowLength + 2 × extent` rows of `rowCount`).
    ///
    /// Complexity: O(rowCount × (rowLength + 2 × extent)).
    mutating func blurRows(
        _ source: UnsafePointer<UInt8>?, rowCount: Int, rowLength: Int,
        intoTransposed destination: UnsafeMutablePointer<UInt8>?
    ) {
        guard let destination else { return }
        let outputLength = rowLength + 2 * boxes.extent
        let (w0, w1, w2) = boxes.widths
        let half = (divisor - 1) / 2
        let reciprocal = self.reciprocal
        first.withUnsafeMutableBufferPointer { first in
            second.withUnsafeMutableBufferPointer { second in
                // Safe: both buffers hold `max(width, height) + 2 × extent` sums, at least
                // `outputLength`; every pass writes and reads within it.
                guard let a = first.baseAddress, let b = second.baseAddress else { return }
                for row in 0..<rowCount {
                    if let source {
                        let line = source + row * rowLength
                        for index in 0..<rowLength { a[index] = UInt32(line[index]) }
                    }
                    Self.boxPass(a, count: rowLength, width: w0, into: b)
                    Self.boxPass(b, count: rowLength + w0 - 1, width: w1, into: a)
                    Self.boxPass(a, count: rowLength + w0 + w1 - 2, width: w2, into: b)
                    // Round to nearest (the odd divisor leaves no ties): ⌊(sum + (d − 1) / 2) / d⌋.
                    var target = destination + row
                    for index in 0..<outputLength {
                        let level = (UInt64(b[index]) + half).multipliedFullWidth(by: reciprocal).high
                        target.pointee = UInt8(truncatingIfNeeded: level)
                        target += rowCount
                    }
                }
            }
        }
    }

    /// Running sums of `width` consecutive values (zero outside `0..<count`): `count + width − 1`
    /// of them, the `i`-th summing `source[i − width + 1 ... i]`.
    ///
    /// Complexity: O(count + width).
    private static func boxPass(
        _ source: UnsafeMutablePointer<UInt32>, count: Int, width: Int, into target: UnsafeMutablePointer<UInt32>
    ) {
        let total = count + width - 1
        var sum: UInt32 = 0
        var index = 0
        // Filling the window.
        while index < min(count, width) {
            sum &+= source[index]
            target[index] = sum
            index += 1
        }
        // Sliding it (a long row), or holding it whole (a short one).
        while index < count {
            sum &+= source[index]
            sum &-= source[index - width]
            target[index] = sum
            index += 1
        }
        while index < min(width, total) {
            target[index] = sum
            index += 1
        }
        // Emptying it.
        while index < total {
            sum &-= source[index - width]
            target[index] = sum
            index += 1
        }
    }
}
