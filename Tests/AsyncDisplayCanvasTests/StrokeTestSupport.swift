@testable import AsyncDisplayCanvas

/// The area `path` covers when filled (non-zero) on a `width × height` canvas at `scale`, in
/// points: the sum of alpha / 255 over every pixel, divided by scale².
func filledArea(_ path: Path, width: Int = 100, height: Int = 100, scale: Double = 1) -> Double {
    var canvas = Canvas(width: width, height: height, scale: scale)
    canvas.fill(path, with: .black)
    return alphaSum(canvas) / (scale * scale)
}

/// The area a stroke of `path` covers on a `width × height` canvas, in points.
func strokedArea(_ path: Path, style: StrokeStyle, width: Int = 100, height: Int = 100, scale: Double = 1) -> Double {
    var canvas = Canvas(width: width, height: height, scale: scale)
    canvas.stroke(path, with: .black, style: style)
    return alphaSum(canvas) / (scale * scale)
}

/// The sum of alpha / 255 over every pixel of `canvas`.
func alphaSum(_ canvas: Canvas) -> Double {
    var sum = 0.0
    for y in 0..<canvas.height {
        for x in 0..<canvas.width { sum += Double(canvas[x: x, y: y].alpha) / 255 }
    }
    return sum
}

/// A path through `points`, closed if asked.
func polylinePath(_ points: [Point], closed: Bool = false) -> Path {
    var path = Path()
    guard let first = points.first else { return path }
    path.move(to: first)
    for point in points.dropFirst() { path.addLine(to: point) }
    if closed { path.closeSubpath() }
    return path
}

/// How many times `path`'s outline (every subpath closed, curves flattened) winds around
/// `point`, counted positive for contours wound clockwise on screen (y pointing down).
func windingNumber(of path: Path, at point: Point) -> Int {
    var winding = 0
    path.forEachLine(scale: 1) { a, b in
        let side = (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y)
        if a.y <= point.y && b.y > point.y && side > 0 {
            winding += 1
        } else if b.y <= point.y && a.y > point.y && side < 0 {
            winding -= 1
        }
    }
    return winding
}
