/// A stroke's dash pattern, ready to cut polylines into dashes: lengths drawn and skipped in
/// turn, measured along the flattened path.
struct DashPattern {
    /// An even number of finite lengths, none negative, with a positive, finite sum.
    private let intervals: [Double]
    private let period: Double
    /// The interval the pattern starts in, after the phase.
    private let startIndex: Int
    /// How much of that interval is left at the start.
    private let startRemaining: Double

    /// The most dashes cut from one polyline; past this, it is stroked solid (as Skia does).
    static let maximumDashCount = 1_000_000

    /// The pattern of `style`; `nil` when it draws a solid line (empty, all zero, or holding a
    /// negative or non-finite length).
    init?(_ style: StrokeStyle) {
        let pattern = style.dashPattern
        guard !pattern.isEmpty, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        let intervals = pattern.count % 2 == 0 ? pattern : pattern + pattern
        let period = intervals.reduce(0, +)
        guard period > 0, period.isFinite else { return nil }
        self.intervals = intervals
        self.period = period
        var offset = style.dashPhase.isFinite ? style.dashPhase.truncatingRemainder(dividingBy: period) : 0
        if offset < 0 { offset += period }
        // Skip the intervals the phase passes wholly; a zero-length dash stays only when the
        // phase lands exactly on it.
        var index = 0
        for _ in 0..<intervals.count {
            let length = intervals[index]
            guard offset > length || (offset == length && length > 0) else { break }
            offset -= length
            index = (index + 1) % intervals.count
        }
        startIndex = index
        startRemaining = max(intervals[index] - offset, 0)
    }

    /// Calls `body` with each dash of `polyline`, built in `dash`; a closed polyline's last dash
    /// continues into its first when the pattern is on at its start.
    ///
    /// A single point passes through when the pattern starts with a dash; a polyline that would
    /// make more than `maximumDashCount` dashes passes through whole.
    ///
    /// Complexity: O(points + dashes).
    func forEachDash(in polyline: Polyline, into dash: inout Polyline, _ body: (Polyline) -> Void) {
        let points = polyline.points
        let count = points.count
        var isOn = startIndex % 2 == 0
        guard count > 1 else {
            if isOn { body(polyline) }
            return
        }
        let segments = polyline.isClosed ? count : count - 1
        var total = 0.0
        for index in 0..<segments {
            total += Self.distance(points[index], points[index + 1 < count ? index + 1 : 0])
        }
        guard total / period * Double(intervals.count / 2) <= Double(Self.maximumDashCount) else {
            body(polyline)
            return
        }
        var index = startIndex
        var remaining = startRemaining
        var first: Polyline?
        var isFirst = polyline.isClosed && isOn
        dash.removeAll()
        if isOn { dash.append(points[0], isCorner: true) }
        for segment in 0..<segments {
            let a = points[segment]
            let endIndex = segment + 1 < count ? segment + 1 : 0
            let b = points[endIndex]
            let length = Self.distance(a, b)
            let direction = Point(x: (b.x - a.x) / length, y: (b.y - a.y) / length)
            var travelled = 0.0
            while remaining < length - travelled {
                travelled += remaining
                let point = Point(x: a.x + direction.x * travelled, y: a.y + direction.y * travelled)
                dash.append(point, isCorner: true)
                dash.dotDirection = direction
                dash.hasSegments = true
                if isOn {
                    if isFirst {
                        first = dash
                        isFirst = false
                    } else {
                        body(dash)
                    }
                    dash.removeAll()
                }
                isOn.toggle()
                index = index + 1 < intervals.count ? index + 1 : 0
                remaining = intervals[index]
            }
            remaining -= length - travelled
            if isOn { dash.append(b, isCorner: polyline.corners[endIndex]) }
        }
        guard isOn else {
            if let first { body(first) }
            return
        }
        if isFirst {
            // The pattern never turned off: the closed polyline is one dash.
            body(polyline)
            return
        }
        if let first {
            for index in first.points.indices { dash.append(first.points[index], isCorner: first.corners[index]) }
        }
        dash.hasSegments = true
        body(dash)
    }

    private static func distance(_ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x
        let dy = b.y - a.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
