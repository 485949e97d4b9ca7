/// The Adler-32 checksum that ends a zlib stream: sixteen bytes per step in 16-bit vector
/// lanes, summed sixteen steps at a time before they are widened, with the modulo deferred to
/// once per 5,552 bytes (the most that keeps the sums within 32 bits).
struct Adler32 {
    private var sum1: UInt32 = 1
    private var sum2: UInt32 = 0

    /// The checksum of the bytes so far.
    var value: UInt32 { sum2 << 16 | sum1 }

    /// Adds `bytes` to the checksum.
    ///
    /// Complexity: O(bytes).
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var pointer = bytes.baseAddress else { return }
        var remaining = bytes.count
        var a = UInt64(sum1)
        var b = UInt64(sum2)
        while remaining > 0 {
            let chunk = min(remaining, Adler32.deferredCount)
            // Sixteen bytes per step as eight 16-bit lanes of two, which needs the bytes of a
            // lane in little-endian order; elsewhere every byte takes the scalar loop.
            #if _endian(little)
            let steps = chunk / 16
            #else
            let steps = 0
            #endif
            var sums = StepSums()
            var step = 0
            while step < steps {
                let count = min(Adler32.stepsPerBlock, steps - step)
                sums.add(pointer + step * 16, steps: count)
                step += count
            }
            // Byte k of a step is added to sum2 16 − k times in its own step, 16 in each later one.
            b += 16 * (UInt64(steps) * a + UInt64(sums.earlierTotal)) + UInt64(sums.weightedTotal)
            a += UInt64(sums.total)
            let tail = pointer + steps * 16
            for index in 0..<(chunk - steps * 16) {
                a += UInt64(tail.load(fromByteOffset: index, as: UInt8.self))
                b += a
            }
            a %= UInt64(Adler32.modulus)
            b %= UInt64(Adler32.modulus)
            pointer += chunk
            remaining -= chunk
        }
        sum1 = UInt32(a)
        sum2 = UInt32(b)
    }

    /// The checksum of `bytes`.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var adler = Adler32()
        adler.update(bytes)
        return adler.value
    }

    /// The checksum of `bytes`.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    private static let modulus: UInt32 = 65521
    /// The largest n with 255·n(n+1)/2 + (n+1)(modulus−1) < 2³².
    private static let deferredCount = 5552
    /// Steps summed in 16-bit lanes before widening: a lane's sum of earlier sums stays below
    /// 255 × 16 × 15 ÷ 2 < 2¹⁶.
    fileprivate static let stepsPerBlock = 16
}

/// The sums of a run of 16-byte steps, one lane per byte position: even positions (0, 2, …,
/// 14) and odd ones.
private struct StepSums {
    /// Per position, its bytes summed.
    var even = SIMD8<UInt32>()
    var odd = SIMD8<UInt32>()
    /// Per position, the sums of its bytes before each step, summed.
    var earlierEven = SIMD8<UInt32>()
    var earlierOdd = SIMD8<UInt32>()

    /// All bytes summed.
    var total: UInt32 { (even &+ odd).wrappedSum() }

    /// The earlier sums of all positions summed.
    var earlierTotal: UInt32 { (earlierEven &+ earlierOdd).wrappedSum() }

    /// Each position's sum times 16 − position, summed: what its own step adds to sum2.
    var weightedTotal: UInt32 {
        (even &* SIMD8(16, 14, 12, 10, 8, 6, 4, 2) &+ odd &* SIMD8(15, 13, 11, 9, 7, 5, 3, 1)).wrappedSum()
    }

    /// Adds the `steps` (at most `Adler32.stepsPerBlock`) steps of sixteen bytes at `bytes`.
    ///
    /// Stays within 32 bits for the 347 steps of a deferred-modulo chunk: a position's sum
    /// below 255 × 347 and its earlier sums below 255 × 347 × 346 ÷ 2.
    @inline(__always)
    mutating func add(_ bytes: UnsafeRawPointer, steps: Int) {
        var blockEven = SIMD8<UInt16>()
        var blockOdd = SIMD8<UInt16>()
        var blockEarlierEven = SIMD8<UInt16>()
        var blockEarlierOdd = SIMD8<UInt16>()
        // Safe: the caller passes `steps` × 16 readable bytes.
        for step in 0..<steps {
            let word = bytes.loadUnaligned(fromByteOffset: step &* 16, as: SIMD8<UInt16>.self)
            blockEarlierEven &+= blockEven
            blockEarlierOdd &+= blockOdd
            blockEven &+= word & 0xFF
            blockOdd &+= word &>> 8
        }
        let count = SIMD8<UInt32>(repeating: UInt32(steps))
        earlierEven &+= even &* count &+ SIMD8(truncatingIfNeeded: blockEarlierEven)
        earlierOdd &+= odd &* count &+ SIMD8(truncatingIfNeeded: blockEarlierOdd)
        even &+= SIMD8(truncatingIfNeeded: blockEven)
        odd &+= SIMD8(truncatingIfNeeded: blockOdd)
    }
}
