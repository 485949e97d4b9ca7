/// An 8-bit coverage mask (A8) placed on a pixel grid: how much of each pixel a shape covers,
/// 0 (none) to 255 (all), as a shadow is drawn from.
package struct CoverageMask: Sendable, Hashable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// The grid column of the mask's first column.
    package var originX: Int
    /// The grid row of the mask's first row.
    package var originY: Int
    /// The levels, row by row: `width × height` of them.
    package let levels: [UInt8]

    /// A mask holding `levels`, row by row; `nil` unless there are exactly `width × height` of
    /// them (both zero or more).
    package init?(width: Int, height: Int, originX: Int = 0, originY: Int = 0, levels: [UInt8]) {
        guard width >= 0, height >= 0 else { return nil }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count == levels.count else { return nil }
        self.width = width
        self.height = height
        self.originX = originX
        self.originY = originY
        self.levels = levels
    }

    /// The mask of nothing.
    static let empty = CoverageMask(width: 0, height: 0, originX: 0, originY: 0) { _ in }

    /// A mask of `width × height` levels made by `body`, which must initialize all of them.
    init(
        width: Int, height: Int, originX: Int, originY: Int,
        initializingWith body: (UnsafeMutableBufferPointer<UInt8>) -> Void
    ) {
        self.width = width
        self.height = height
        self.originX = originX
        self.originY = originY
        let count = width * height
        levels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            // The buffer may be longer than asked: `body` sees exactly `count` levels.
            body(UnsafeMutableBufferPointer(rebasing: buffer[..<count]))
            initialized = count
        }
    }

    /// The level at column `x`, row `y` of the mask (not of the grid); 0 outside it.
    package subscript(x x: Int, y y: Int) -> UInt8 {
        guard x >= 0, x < width, y >= 0, y < height else { return 0 }
        return levels[y * width + x]
    }
}
