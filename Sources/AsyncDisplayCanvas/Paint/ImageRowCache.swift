/// Image rows filtered across for spans of device columns, kept from one device row to the next
/// within a draw: an unrotated image maps a span to the same image columns on every row, so
/// device rows that read the same image row share its filtering.
///
/// Each span (the rasterizer hands a row over in several: edges, and the inside cut every 256
/// pixels) has an entry, found by its first column, length and first image position, whose two
/// rows lie at the span's columns of two area-wide buffer rows; two rows are enough for a draw
/// that moves through the image one way (down, or up when flipped). At the same columns of two
/// more buffers, the entry's plan: each pixel's image column and weight, worked out once for
/// all the image rows the span reads. Entries whose columns a new span overlaps are dropped,
/// so the entries kept never share buffer columns.
///
/// Concurrency: a value owned by one sink for one composite; its buffers belong to the canvas's
/// `RasterScratch`, which only a uniquely referenced canvas uses, so one thread at a time.
struct ImageRowCache {
    /// One span's kept rows.
    struct Entry {
        /// The span's first column (from the buffer's first) and length.
        var column: Int
        var count: Int
        /// The span's first position across the image, in 16.16 fixed point.
        var u: Int
        /// The image row in each buffer row, −1 for none.
        var lines: (Int, Int)
        /// Pixels before the run whose image pixel pairs lie inside the image, and that run's
        /// groups of four (see `Plan`).
        var lead: Int
        var groups: Int
    }

    /// Where an entry's pixels read the image: the run whose pairs of image pixels lie inside
    /// it, and for each of its pixels the left column and the weight of the right one.
    struct Plan {
        /// Pixels before the run.
        let lead: Int
        /// Groups of four pixels in the run.
        let groups: Int
        /// The left image column of each pixel, from the span's first.
        let columns: UnsafeMutablePointer<Int32>
        /// The weight (0...255) of each pixel in both of its 16-bit halves, from the span's first.
        let weights: UnsafeMutablePointer<UInt32>
    }

    /// Spans shorter than this are shaded pixel by pixel: filtering ahead saves them little.
    static let minimumCount = 8
    /// The most entries kept.
    static let entryCapacity = 16

    /// Two rows of `capacity` pixels.
    private let buffer: UnsafeMutablePointer<UInt32>
    /// `capacity` columns and weights, for the plans.
    private let columns: UnsafeMutablePointer<Int32>
    private let weights: UnsafeMutablePointer<UInt32>
    /// Pixels per buffer row.
    let capacity: Int
    /// The device column of the buffer's first.
    private let left: Int
    /// `entryCapacity` entries, the first `entryCount` in use.
    private let entries: UnsafeMutablePointer<Entry>
    private var entryCount = 0

    /// An empty cache whose buffer rows start at device column `left`; while it is used,
    /// `buffer` must hold `2 × capacity` pixels, `columns` and `weights` `capacity` values each
    /// and `entries` `entryCapacity` entries.
    init(
        buffer: UnsafeMutablePointer<UInt32>, columns: UnsafeMutablePointer<Int32>,
        weights: UnsafeMutablePointer<UInt32>, capacity: Int, left: Int, entries: UnsafeMutablePointer<Entry>
    ) {
        self.buffer = buffer
        self.columns = columns
        self.weights = weights
        self.capacity = capacity
        self.left = left
        self.entries = entries
    }

    /// Whether a span of `count` pixels from device column `x` fits the buffer and is long
    /// enough to keep.
    @inline(__always)
    func accepts(x: Int, count: Int) -> Bool {
        count >= Self.minimumCount && x >= left && x - left <= capacity - count
    }

    /// The entry for the span of `count` pixels from device column `x` whose first image
    /// position is `u`, made empty (in place of the entries it overlaps) if there is none; a new
    /// one needs its plan set (`setPlan(of:lead:groups:)`) before its rows are used.
    ///
    /// - Precondition: `accepts(x:count:)`.
    mutating func entry(x: Int, count: Int, u: Int) -> (index: Int, isNew: Bool) {
        let column = x - left
        // Safe: indices stay below `entryCount`, at most `entryCapacity`.
        for index in 0..<entryCount {
            let entry = entries[index]
            if entry.column == column && entry.count == count && entry.u == u { return (index, false) }
        }
        var index = 0
        while index < entryCount {
            let entry = entries[index]
            if entry.column < column + count && column < entry.column + entry.count {
                entryCount -= 1
                entries[index] = entries[entryCount]
            } else {
                index += 1
            }
        }
        if entryCount == Self.entryCapacity { entryCount -= 1 }
        (entries + entryCount).initialize(
            to: Entry(column: column, count: count, u: u, lines: (-1, -1), lead: 0, groups: 0))
        entryCount += 1
        return (entryCount - 1, true)
    }

    /// The plan of entry `index`: its run as last set, and where its columns and weights go.
    @inline(__always)
    func plan(of index: Int) -> Plan {
        // Safe: `index` is an entry in use, whose columns lie within the plan buffers.
        let entry = entries[index]
        return Plan(
            lead: entry.lead, groups: entry.groups, columns: columns + entry.column, weights: weights + entry.column)
    }

    /// Sets the run of entry `index`, whose columns and weights have been written.
    mutating func setPlan(of index: Int, lead: Int, groups: Int) {
        // Safe: `index` is an entry in use.
        entries[index].lead = lead
        entries[index].groups = groups
    }

    /// Where image row `line` filtered for entry `index` is, or is to be written at once if
    /// `isFiltered` is false, in the buffer row that does not hold row `kept`.
    mutating func place(
        for line: Int, keeping kept: Int, entry index: Int
    ) -> (row: UnsafeMutablePointer<UInt32>, isFiltered: Bool) {
        // Safe: `index` is an entry in use, whose columns lie within each buffer row.
        let first = buffer + entries[index].column
        let lines = entries[index].lines
        if lines.0 == line { return (first, true) }
        if lines.1 == line { return (first + capacity, true) }
        if lines.0 == kept {
            entries[index].lines.1 = line
            return (first + capacity, false)
        }
        entries[index].lines.0 = line
        return (first, false)
    }
}
