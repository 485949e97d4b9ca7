#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2D affine transform: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`, as in CoreGraphics.
public struct AffineTransform: Sendable, Hashable {
    public var a: Double
    public var b: Double
    public var c: Double
    public var d: Double
    public var tx: Double
    public var ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by `x`, `y`.
    public init(translationX x: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale by `x`, `y` about the origin.
    public init(scaleX x: Double, y: Double) {
        self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians about the origin; positive turns the x axis towards the y
    /// axis (clockwise on a canvas, whose y axis points down).
    public init(rotationAngle angle: Double) {
        let cosine = cos(angle)
        let sine = sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// `other` applied first, then this transform.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        // other maps p to p', self maps p' to p''.
        AffineTransform(
            a: a * other.a + c * other.b, b: b * other.a + d * other.b,
            c: a * other.c + c * other.d, d: b * other.c + d * other.d,
            tx: a * other.tx + c * other.ty + tx, ty: b * other.tx + d * other.ty + ty)
    }

    /// This transform, then a translation.
    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        concatenating(AffineTransform(translationX: x, y: y))
    }

    /// A scale, then this transform.
    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        concatenating(AffineTransform(scaleX: x, y: y))
    }

    /// A rotation, then this transform.
    public func rotated(by angle: Double) -> AffineTransform {
        concatenating(AffineTransform(rotationAngle: angle))
    }

    /// The transform that undoes this one, or nil when it collapses the plane (determinant 0
    /// or not finite).
    public func inverted() -> AffineTransform? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        let inverse = AffineTransform(
            a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
            tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
        return inverse.isFinite ? inverse : nil
    }

    /// `point` mapped by this transform.
    @inline(__always)
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// Whether it only scales and translates (axis-aligned rectangles stay axis-aligned).
    public var isAxisAligned: Bool { b == 0 && c == 0 }

    /// Whether every component is finite.
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// The smallest axis-aligned rectangle containing `rect` mapped by this transform.
    public func boundingBox(of rect: Rect) -> Rect {
        let corners = (
            apply(to: Point(x: rect.minX, y: rect.minY)), apply(to: Point(x: rect.maxX, y: rect.minY)),
            apply(to: Point(x: rect.minX, y: rect.maxY)), apply(to: Point(x: rect.maxX, y: rect.maxY))
        )
        let minX = min(corners.0.x, corners.1.x, corners.2.x, corners.3.x)
        let maxX = max(corners.0.x, corners.1.x, corners.2.x, corners.3.x)
        let minY = min(corners.0.y, corners.1.y, corners.2.y, corners.3.y)
        let maxY = max(corners.0.y, corners.1.y, corners.2.y, corners.3.y)
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
