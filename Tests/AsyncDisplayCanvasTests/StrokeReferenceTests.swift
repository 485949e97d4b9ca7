import Foundation
import Testing

@testable import AsyncDisplayCanvas

/// One convex piece of the naive stroke: a polygon, or a disk sector between two rays.
private enum Piece {
    case polygon([Point])
    /// The points within `radius` of `center` on the inner side of both rays (`from` turning
    /// positively to `to`, less than a half turn apart, or exactly a half turn).
    case sector(center: Point, radius: Double, from: Point, to: Point)

    /// Whether `point` lies inside the piece shrunk by `margin` (grown, for a negative margin).
    func contains(_ point: Point, margin: Double) -> Bool {
        switch self {
        case .polygon(let corners):
            var area = 0.0
            for index in corners.indices {
                let (a, b) = (corners[index], corners[(index + 1) % corners.count])
                area += a.x * b.y - b.x * a.y
            }
            guard abs(area) > 1e-9 else { return false }
            let sign: Double = area > 0 ? 1 : -1
            for index in corners.indices {
                let (a, b) = (corners[index], corners[(index + 1) % corners.count])
                let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                guard length > 0 else { continue }
                let inward = sign * ((b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)) / length
                if inward < margin { return false }
            }
            return true
        case .sector(let center, let radius, let from, let to):
            let dx = point.x - center.x
            let dy = point.y - center.y
            guard (dx * dx + dy * dy).squareRoot() <= radius - margin else { return false }
            // Inside: positively turned from `from` and negatively from `to`.
            let fromLength = (from.x * from.x + from.y * from.y).squareRoot()
            let toLength = (to.x * to.x + to.y * to.y).squareRoot()
            return (from.x * dy - from.y * dx) / fromLength >= margin && (dx * to.y - dy * to.x) / toLength >= margin
        }
    }
}

/// The stroke of `points` as separate pieces, straight from the definitions: a rect per
/// segment, a join per corner on its outer side, a cap per open end.
private func naivePieces(_ points: [Point], closed: Bool, style: StrokeStyle) -> [Piece] {
    let h = style.width / 2
    let count = points.count
    let segmentCount = closed ? count : count - 1
    func direction(_ index: Int) -> Point {
        let (a, b) = (points[index], points[(index + 1) % count])
        let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        return Point(x: (b.x - a.x) / length, y: (b.y - a.y) / length)
    }
    func offset(_ point: Point, _ normal: Point, _ scale: Double) -> Point {
        Point(x: point.x + normal.x * scale, y: point.y + normal.y * scale)
    }
    var pieces: [Piece] = []
    for index in 0..<segmentCount {
        let (a, b, u) = (points[index], points[(index + 1) % count], direction(index))
        let n = Point(x: -u.y * h, y: u.x * h)
        pieces.append(.polygon([offset(a, n, 1), offset(b, n, 1), offset(b, n, -1), offset(a, n, -1)]))
    }
    for index in (closed ? 0 : 1)..<(closed ? count : count - 1) {
        let p = points[index]
        let a = direction((index + segmentCount - 1) % segmentCount)
        let b = direction(index)
        let cross = a.x * b.y - a.y * b.x
        let dot = a.x * b.x + a.y * b.y
        let side: Double = cross >= 0 ? -1 : 1
        let outerA = Point(x: -a.y * h * side, y: a.x * h * side)
        let outerB = Point(x: -b.y * h * side, y: b.x * h * side)
        let bevel = Piece.polygon([p, offset(p, outerA, 1), offset(p, outerB, 1)])
        switch style.lineJoin {
        case .bevel:
            pieces.append(bevel)
        case .miter:
            let miter = 1 / (1 + dot)
            if style.miterLimit >= 1 && style.miterLimit * style.miterLimit * (1 + dot) >= 2 {
                let tip = Point(x: p.x + (outerA.x + outerB.x) * miter, y: p.y + (outerA.y + outerB.y) * miter)
                pieces.append(.polygon([p, offset(p, outerA, 1), tip, offset(p, outerB, 1)]))
            } else {
                pieces.append(bevel)
            }
        case .round:
            pieces.append(
                cross >= 0
                    ? .sector(center: p, radius: h, from: outerA, to: outerB)
                    : .sector(center: p, radius: h, from: outerB, to: outerA))
        }
    }
    if !closed {
        for (end, u) in [
            (points[count - 1], direction(count - 2)),
            (points[0], Point(x: -direction(0).x, y: -direction(0).y)),
        ] {
            let n = Point(x: -u.y * h, y: u.x * h)
            switch style.lineCap {
            case .butt:
                break
            case .square:
                let far = offset(end, u, h)
                pieces.append(.polygon([offset(end, n, 1), offset(far, n, 1), offset(far, n, -1), offset(end, n, -1)]))
            case .round:
                pieces.append(.sector(center: end, radius: h, from: Point(x: -n.x, y: -n.y), to: n))
            }
        }
    }
    return pieces
}

@Suite("Path strokes against a naive reference")
struct StrokeReferenceTests {
    @Test("Random polylines' outlines wind positively exactly over the union of the stroke's pieces")
    func randomPolylines() {
        var random = TestRandom(seed: 0x5742_0E4E)
        let joins: [StrokeStyle.LineJoin] = [.miter, .round, .bevel]
        let caps: [StrokeStyle.LineCap] = [.butt, .round, .square]
        var checked = 0
        for shape in 0..<400 {
            let width = random.range(0.5, 12)
            var points = [Point(x: random.range(5, 45), y: random.range(5, 45))]
            for _ in 0..<(1 + random.int(5)) {
                let last = points[points.count - 1]
                switch random.int(4) {
                case 0:
                    // A short step, often shorter than the width: the joins overlap.
                    points.append(Point(x: last.x + random.range(-3, 3), y: last.y + random.range(-3, 3)))
                case 1 where points.count > 1:
                    // Almost doubling back.
                    let previous = points[points.count - 2]
                    let back = random.range(0.3, 1.5)
                    points.append(
                        Point(
                            x: last.x + (previous.x - last.x) * back + random.range(-0.5, 0.5),
                            y: last.y + (previous.y - last.y) * back))
                default:
                    points.append(Point(x: random.range(5, 45), y: random.range(5, 45)))
                }
            }
            let closed = points.count > 2 && shape % 3 == 0
            let style = StrokeStyle(
                width: width, lineCap: caps[shape % 3], lineJoin: joins[(shape / 3) % 3],
                miterLimit: random.range(1, 8))
            let outline = polylinePath(points, closed: closed).strokedPath(style)
            let pieces = naivePieces(points, closed: closed, style: style)
            // Round pieces are inscribed polygons, up to 0.3 % of the radius inside the circle.
            let margin = 0.005 * width + 1e-6
            for _ in 0..<300 {
                let point = Point(x: random.range(-10, 60), y: random.range(-10, 60))
                let winding = windingNumber(of: outline, at: point)
                #expect(winding >= 0)
                if pieces.contains(where: { $0.contains(point, margin: margin) }) {
                    #expect(winding > 0, "shape \(shape) misses \(point)")
                    checked += 1
                } else if !pieces.contains(where: { $0.contains(point, margin: -margin) }) {
                    #expect(winding == 0, "shape \(shape) covers \(point)")
                    checked += 1
                }
            }
        }
        // Nearly every point is decided.
        #expect(checked > 400 * 290)
    }
}
