/// A drop shadow under what is drawn, as YYLabel and CoreGraphics draw it: the shape's coverage,
/// blurred, in `color`, moved by `offset`.
public struct Shadow: Sendable, Hashable {
    /// How far the shadow falls, in points (not affected by the canvas transform, as in
    /// CoreGraphics).
    public var offset: Size
    /// The blur radius in points; 0 is a hard shadow.
    public var blur: Double
    public var color: Color

    public init(offset: Size, blur: Double, color: Color) {
        self.offset = offset
        self.blur = blur
        self.color = color
    }
}
