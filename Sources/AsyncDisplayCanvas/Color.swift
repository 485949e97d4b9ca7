/// A colour with straight (not premultiplied) red, green, blue and alpha components in 0...1.
public struct Color: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A grey of `white` (0 black ... 1 white).
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let clear = Color(white: 0, alpha: 0)
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 1, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 1)

    /// Whether the colour covers what is beneath it completely.
    public var isOpaque: Bool { alpha >= 1 }

    /// The colour as a premultiplied 8-bit pixel, each component rounded to nearest; components
    /// outside 0...1 (NaN included) are clamped.
    public var premultiplied: Pixel {
        let a = Self.unit(alpha)
        return Pixel(
            red: Self.byte(Self.unit(red) * a),
            green: Self.byte(Self.unit(green) * a),
            blue: Self.byte(Self.unit(blue) * a),
            alpha: Self.byte(a))
    }

    private static func unit(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }

    private static func byte(_ unit: Double) -> UInt8 {
        UInt8((unit * 255).rounded())
    }
}
