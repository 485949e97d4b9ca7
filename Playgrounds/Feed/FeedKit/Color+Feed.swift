import AsyncDisplay

extension Color {
    /// A colour from hue (turns; wraps around), saturation and brightness (0...1).
    init(hue: Double, saturation: Double, brightness: Double, alpha: Double = 1) {
        let turns = hue - hue.rounded(.down)
        let sector = turns * 6
        let index = sector.rounded(.down)
        let fraction = sector - index
        let p = brightness * (1 - saturation)
        let q = brightness * (1 - saturation * fraction)
        let t = brightness * (1 - saturation * (1 - fraction))
        let v = brightness
        let (red, green, blue): (Double, Double, Double)
        switch index {
        case 0: (red, green, blue) = (v, t, p)
        case 1: (red, green, blue) = (q, v, p)
        case 2: (red, green, blue) = (p, v, t)
        case 3: (red, green, blue) = (p, q, v)
        case 4: (red, green, blue) = (t, p, v)
        default: (red, green, blue) = (v, p, q)
        }
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The colour `fraction` (0...1) of the way to `other`.
    func mixed(with other: Color, by fraction: Double) -> Color {
        Color(
            red: red + (other.red - red) * fraction, green: green + (other.green - green) * fraction,
            blue: blue + (other.blue - blue) * fraction, alpha: alpha + (other.alpha - alpha) * fraction)
    }
}
