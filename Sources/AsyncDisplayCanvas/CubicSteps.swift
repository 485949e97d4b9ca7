/// The values of a cubic polynomial `c0 + c1·t + c2·t² + c3·t³` in two lanes at `t = 0, h, 2h, …`,
/// by forward differences: three additions a step, no multiplications.
struct CubicSteps {
    /// The value at the current `t`.
    private(set) var value: SIMD2<Double>
    /// The first, second and third forward differences at the current `t`.
    private(set) var first: SIMD2<Double>
    private(set) var second: SIMD2<Double>
    let third: SIMD2<Double>

    /// Starts at `t = 0` with steps of `h`.
    init(_ c0: SIMD2<Double>, _ c1: SIMD2<Double>, _ c2: SIMD2<Double>, _ c3: SIMD2<Double>, step h: Double) {
        let (h2, h3) = (h * h, h * h * h)
        value = c0
        first = c1 * h + c2 * h2 + c3 * h3
        second = 2 * c2 * h2 + 6 * c3 * h3
        third = 6 * c3 * h3
    }

    /// Moves on by one step.
    @inline(__always)
    mutating func advance() {
        value += first
        first += second
        second += third
    }
}
