/// Undoes the filter of a decoded row, in place.
enum PNGUnfilter {
    /// Restores the `count` bytes at `row`, filtered with `type`; `previous` is the restored row
    /// above (nil for the first row of a pass, which PNG treats as zeros) and `stride` the bytes
    /// per pixel.
    ///
    /// - Throws: `.corruptImageData(.filterType)` for a type above 4.
    /// - Complexity: O(count).
    static func unfilter(
        _ row: UnsafeMutablePointer<UInt8>, type: UInt8, previous: UnsafePointer<UInt8>?, count: Int, stride: Int
    ) throws(PNGError) {
        let stride = min(stride, count)
        // Safe: every index is below `count`, the length of `row` and `previous`; indices to
        // the left start at `stride`.
        switch (type, previous) {
        case (0, _), (2, nil):
            return
        case (1, _), (4, nil):
            for index in stride..<count { row[index] &+= row[index - stride] }
        case (2, let above?):
            for index in 0..<count { row[index] &+= above[index] }
        case (3, nil):
            for index in stride..<count { row[index] &+= row[index - stride] >> 1 }
        case (3, let above?):
            for index in 0..<stride { row[index] &+= above[index] >> 1 }
            for index in stride..<count {
                row[index] &+= UInt8(truncatingIfNeeded: (UInt16(row[index - stride]) + UInt16(above[index])) >> 1)
            }
        case (4, let above?):
            for index in 0..<stride { row[index] &+= above[index] }
            for index in stride..<count {
                row[index] &+= paethPredictor(row[index - stride], above[index], above[index - stride])
            }
        default:
            throw .corruptImageData(.filterType(type))
        }
    }
}
