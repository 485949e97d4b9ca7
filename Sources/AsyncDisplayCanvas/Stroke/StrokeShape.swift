#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The pieces of a stroke around single points: the offsets of a segment's ends, joins, caps and
/// dots, as points along the outline's sides.
///
/// A segment's direction `u` is a unit vector; its left offset is `u` turned a quarter towards
/// +y (`(−u.y, u.x)`), times half the width. Every piece is wound with positive area (clockwise on
/// screen, y pointing down), so the pieces add up under the non-zero rule.
struct StrokeShape {
    let halfWidth: Double
    let cap: StrokeStyle.LineCap
    let join: StrokeStyle.LineJoin
    let miterLimit: Double
    /// The largest angle one chord of a round join, cap or dot spans.
    let arcStep: Double
    /// The cosine of `arcStep`: smooth vertices turning less than it get a single outer point.
    private let smoothCosine: Double

    init(style: StrokeStyle, tolerance: Double) {
        halfWidth = style.width / 2
        cap = style.lineCap
        join = style.lineJoin
        miterLimit = style.miterLimit
        // Chords within `tolerance` of the circle, at least 40 per turn (an inscribed 40-gon keeps
        // 99.6 % of the disk's area) and at most 1024.
        let byTolerance = tolerance < halfWidth ? 2 * acos(1 - tolerance / halfWidth) : Double.pi
        arcStep = min(max(byTolerance, 2 * Double.pi / 1024), 2 * Double.pi / 40)
        smoothCosine = cos(arcStep)
    }

    /// Appends the right and left offsets of `point` on a segment going `direction`.
    func appendOffsets<Right: StrokePointSink, Left: StrokePointSink>(
        of point: Point, along direction: Point, right: inout Right, left: inout Left
    ) {
        let nx = -direction.y * halfWidth
        let ny = direction.x * halfWidth
        right.append(Point(x: point.x - nx, y: point.y - ny))
        left.append(Point(x: point.x + nx, y: point.y + ny))
    }

    /// Appends the points of the joint at `point` between a segment going `incoming` and one going
    /// `outgoing`: the join on the outer side, and on the inner side either the point where the
    /// two inner edges cross or, when that lies further back than `room` allows on either segment,
    /// the ends of both inner edges with `point` between them. Returns how far the crossing lies
    /// back along the segments when it was used, else 0.
    func appendJoint<Right: StrokePointSink, Left: StrokePointSink>(
        at point: Point, from incoming: Point, to outgoing: Point, isCorner: Bool,
        room: (before: Double, after: Double), right: inout Right, left: inout Left
    ) -> Double {
        let h = halfWidth
        let cross = incoming.x * outgoing.y - incoming.y * outgoing.x
        let dot = incoming.x * outgoing.x + incoming.y * outgoing.y
        // Left offsets of both segments at the point.
        let leftIn = Point(x: -incoming.y * h, y: incoming.x * h)
        let leftOut = Point(x: -outgoing.y * h, y: outgoing.x * h)
        let rightIn = Point(x: -leftIn.x, y: -leftIn.y)
        let rightOut = Point(x: -leftOut.x, y: -leftOut.y)
        // The inner edges cross h·tan(δ/2) back along each segment, δ the turn:
        // tan(δ/2) = sin δ / (1 + cos δ). NaN or infinite for a reversal, which fails the test.
        let inverse = 1 / (1 + dot)
        let cut = h * abs(cross) * inverse
        let isCut = cut <= room.before && cut <= room.after
        let backX = incoming.x * cut
        let backY = incoming.y * cut
        // Turning towards +y (cross ≥ 0), the right side is outer.
        let (outerIn, outerOut, innerIn, innerOut) =
            cross >= 0 ? (rightIn, rightOut, leftIn, leftOut) : (leftIn, leftOut, rightIn, rightOut)
        func appendInner<Side: StrokePointSink>(into side: inout Side) {
            if isCut {
                side.append(Point(x: point.x + innerIn.x - backX, y: point.y + innerIn.y - backY))
            } else {
                side.append(Point(x: point.x + innerIn.x, y: point.y + innerIn.y))
                side.append(point)
                side.append(Point(x: point.x + innerOut.x, y: point.y + innerOut.y))
            }
        }
        func appendOuter<Side: StrokePointSink>(into side: inout Side) {
            if !isCorner && dot >= smoothCosine {
                // Inside a curve, a slight turn gets one point where the offset edges meet: as far
                // outside the true offset as a bevel's edge falls inside it.
                side.append(
                    Point(
                        x: point.x + (outerIn.x + outerOut.x) * inverse, y: point.y + (outerIn.y + outerOut.y) * inverse
                    ))
                return
            }
            side.append(Point(x: point.x + outerIn.x, y: point.y + outerIn.y))
            appendJoin(
                isCorner ? join : .round, at: point, from: outerIn, to: outerOut, cross: cross, dot: dot, into: &side)
            side.append(Point(x: point.x + outerOut.x, y: point.y + outerOut.y))
        }
        if cross >= 0 {
            appendOuter(into: &right)
            appendInner(into: &left)
        } else {
            appendOuter(into: &left)
            appendInner(into: &right)
        }
        return isCut ? cut : 0
    }

    /// Appends the points a join adds between the outer offsets `point + from` and `point + to`
    /// (exclusive), turning the way the path turns (the sign of `cross`).
    private func appendJoin<Side: StrokePointSink>(
        _ style: StrokeStyle.LineJoin, at point: Point, from: Point, to: Point, cross: Double, dot: Double,
        into side: inout Side
    ) {
        switch style {
        case .bevel:
            break
        case .miter:
            // The miter is 1 / cos(δ/2) widths long, and cos²(δ/2) = (1 + cos δ) / 2.
            guard miterLimit >= 1, miterLimit * miterLimit * (1 + dot) >= 2 else { return }
            let scale = 1 / (1 + dot)
            side.append(Point(x: point.x + (from.x + to.x) * scale, y: point.y + (from.y + to.y) * scale))
        case .round:
            let turn = atan2(abs(cross), dot)
            appendArc(around: point, from: from, angle: cross >= 0 ? turn : -turn, into: &side)
        }
    }

    /// Appends the points a cap adds at the end `point` of a segment pointing out along `direction`,
    /// between the end's offsets (exclusive), from the one on the right of `direction`.
    func appendCap<Side: StrokePointSink>(at point: Point, facing direction: Point, into side: inout Side) {
        let h = halfWidth
        // The offset to the right of `direction`, where the cap starts.
        let start = Point(x: direction.y * h, y: -direction.x * h)
        switch cap {
        case .butt:
            break
        case .square:
            side.append(Point(x: point.x + start.x + direction.x * h, y: point.y + start.y + direction.y * h))
            side.append(Point(x: point.x - start.x + direction.x * h, y: point.y - start.y + direction.y * h))
        case .round:
            appendArc(around: point, from: start, angle: Double.pi, into: &side)
        }
    }

    /// Appends the corners of a dot at `point`: a disk for round caps, a square facing
    /// `direction` for square caps, nothing for butt caps.
    func appendDot<Side: StrokePointSink>(at point: Point, facing direction: Point, into side: inout Side) {
        let h = halfWidth
        switch cap {
        case .butt:
            break
        case .square:
            // A segment from `point − h·direction` to `point + h·direction`, positively wound.
            let ax = direction.x * h
            let ay = direction.y * h
            side.append(Point(x: point.x - ax - ay, y: point.y - ay + ax))
            side.append(Point(x: point.x - ax + ay, y: point.y - ay - ax))
            side.append(Point(x: point.x + ax + ay, y: point.y + ay - ax))
            side.append(Point(x: point.x + ax - ay, y: point.y + ay + ax))
        case .round:
            let start = Point(x: h, y: 0)
            side.append(Point(x: point.x + h, y: point.y))
            appendArc(around: point, from: start, angle: 2 * Double.pi, into: &side)
        }
    }

    /// Appends the inner points of an arc around `center` starting at `center + from` and turning
    /// by `angle` (positive: towards +y), in chords of at most `arcStep`.
    private func appendArc<Side: StrokePointSink>(
        around center: Point, from: Point, angle: Double, into side: inout Side
    ) {
        let turns = abs(angle) / arcStep
        // `turns` is at most 1024 (arcStep ≥ 2π/1024 and |angle| ≤ 2π); NaN gives one chord.
        guard turns > 1 else { return }
        let count = Int(turns.rounded(.up))
        let step = angle / Double(count)
        let c = cos(step)
        let s = sin(step)
        var x = from.x
        var y = from.y
        for _ in 1..<count {
            let turned = x * c - y * s
            y = x * s + y * c
            x = turned
            side.append(Point(x: center.x + x, y: center.y + y))
        }
    }
}
