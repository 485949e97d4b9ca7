@testable import AsyncDisplayCanvas

/// SplitMix64, for seeded test data (this target cannot use AsyncDisplayTesting's copy).
struct TestRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in `0..<1`.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// A value in `0..<range`.
    mutating func next(_ range: Double) -> Double { unit() * range }

    mutating func range(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }

    /// An integer in `0..<bound` (0 when the bound is not positive).
    mutating func int(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { int(bound) }

    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }

    /// A random valid premultiplied pixel.
    mutating func premultipliedPixel() -> Pixel {
        let alpha = byte()
        func component() -> UInt8 { UInt8(next(Double(alpha) + 1)) }
        return Pixel(red: component(), green: component(), blue: component(), alpha: alpha)
    }
}
