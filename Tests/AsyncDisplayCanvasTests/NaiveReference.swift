import Foundation

@testable import AsyncDisplayCanvas

/// The area of `polygon` inside the unit pixel at (`x`, `y`): the polygon clipped to the pixel
/// square (Sutherland–Hodgman), then the shoelace formula. Exact for simple polygons.
func naiveCoverage(_ polygon: [Point], x: Int, y: Int) -> Double {
    var points = polygon
    let edges: [(Point) -> Double] = [
        { $0.x - Double(x) }, { Double(x + 1) - $0.x }, { $0.y - Double(y) }, { Double(y + 1) - $0.y },
    ]
    for inside in edges {
        guard !points.isEmpty else { break }
        var clipped: [Point] = []
        for index in points.indices {
            let current = points[index]
            let previous = points[(index + points.count - 1) % points.count]
            let (a, b) = (inside(previous), inside(current))
            if b >= 0 {
                if a < 0 { clipped.append(intersection(previous, current, a, b)) }
                clipped.append(current)
            } else if a >= 0 {
                clipped.append(intersection(previous, current, a, b))
            }
        }
        points = clipped
    }
    var area = 0.0
    for index in points.indices {
        let p = points[index]
        let q = points[(index + 1) % points.count]
        area += p.x * q.y - q.x * p.y
    }
    return abs(area) / 2
}

private func intersection(_ p: Point, _ q: Point, _ a: Double, _ b: Double) -> Point {
    let t = a / (a - b)
    return Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
}

/// A convex polygon of `corners` random points in `width × height` (sorted by angle around
/// their centre, so it is simple).
func randomConvexPolygon(_ random: inout TestRandom, corners: Int, width: Double, height: Double) -> [Point] {
    var polygon = (0..<corners).map { _ in Point(x: random.next(width), y: random.next(height)) }
    let cx = polygon.map(\.x).reduce(0, +) / Double(corners)
    let cy = polygon.map(\.y).reduce(0, +) / Double(corners)
    polygon.sort { atan2($0.y - cy, $0.x - cx) < atan2($1.y - cy, $1.x - cx) }
    return polygon
}

extension Path {
    /// A closed polygon through `points`.
    init(polygon points: [Point]) {
        self.init()
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
        closeSubpath()
    }
}

/// The largest difference of any channel between two pixels.
func channelDistance(_ a: Pixel, _ b: Pixel) -> Int {
    max(
        abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)),
        abs(Int(a.alpha) - Int(b.alpha)))
}

/// The largest channel difference between two canvases of the same size.
func largestDifference(_ a: Canvas, _ b: Canvas) -> Int {
    var worst = 0
    for y in 0..<a.height {
        for x in 0..<a.width { worst = max(worst, channelDistance(a[x: x, y: y], b[x: x, y: y])) }
    }
    return worst
}
