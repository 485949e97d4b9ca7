extension Int {
    /// `self − other`, clamped to `Int.min` instead of overflowing.
    func subtractingClamped(_ other: Int) -> Int {
        let (result, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other > 0 ? Int.min : Int.max) : result
    }

    /// `self + other`, clamped to the range of `Int` instead of overflowing.
    func addingClamped(_ other: Int) -> Int {
        let (result, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? Int.max : Int.min) : result
    }
}
