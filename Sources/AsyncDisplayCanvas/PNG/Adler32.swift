/// The Adler-32 checksum that ends a zlib stream: sixteen bytes per step in vector lanes, with
/// the modulo deferred to once per 5,552 bytes (the most that keeps the lanes within 32 bits).
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
            // Sixteen bytes per step as four 32-bit lanes of four bytes, which needs the bytes of
            // a lane in little-endian order; elsewhere every byte takes the scalar loop.
            #if _endian(little)
            let steps = chunk / 16
            #else
            let steps = 0
            #endif
            // Per lane: its bytes summed; the lane sums before each step, summed; and each byte
            // times its place in the lane (0...3), summed.
            var laneSums = SIMD4<UInt32>()
            var earlierSums = SIMD4<UInt32>()
            var placeSums = SIMD4<UInt32>()
            // Safe: each step reads 16 bytes below `pointer + chunk`, inside `bytes`. Lanes stay
            // below 2³²: at most 347 steps of at most 4 × 255 per lane.
            for step in 0..<steps {
                let word = (pointer + step &* 16).loadUnaligned(as: SIMD4<UInt32>.self)
                let byte1 = (word &>> 8) & 0xFF
                let byte2 = (word &>> 16) & 0xFF
                let byte3 = word &>> 24
                earlierSums &+= laneSums
                laneSums &+= (word & 0xFF) &+ byte1 &+ byte2 &+ byte3
                placeSums &+= byte1 &+ byte2 &<< 1 &+ byte3 &+ byte3 &<< 1
            }
            // Byte k of lane L is byte 4L + k of the step, added to sum2 16 − 4L − k times.
            let laneWeights = SIMD4<UInt32>(16, 12, 8, 4)
            b += 16 * (UInt64(steps) * a + UInt64(earlierSums.wrappedSum()))
            b += UInt64((laneSums &* laneWeights).wrappedSum()) - UInt64(placeSums.wrappedSum())
            a += UInt64(laneSums.wrappedSum())
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
}
