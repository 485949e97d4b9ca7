extension Path {
    /// How closely `strokedPath(_:)` follows curves and round pieces, in the path's units: a
    /// fortieth of a pixel at 3 pixels per point.
    static let strokeTolerance = 0.025 / 3

    /// The outline of this path stroked with `style`: a path of straight segments that, filled
    /// with the non-zero rule, covers exactly what the stroke covers.
    ///
    /// Curves, round joins and round caps are flattened to within 1/120 of a unit (a fortieth of
    /// a pixel at 3 pixels per point), and every circle to at least 40 chords. Within a curve the
    /// flattened vertices are joined round; the line's join style applies where elements meet.
    /// Segments of zero length are skipped, as are points with non-finite coordinates. A subpath
    /// whose segments all have zero length draws a dot with round or square caps, as in
    /// CoreGraphics. A zero, negative or non-finite width gives an empty path.
    ///
    /// Complexity: O(elements + chords + dashes).
    public func strokedPath(_ style: StrokeStyle) -> Path {
        strokedPath(style, tolerance: Self.strokeTolerance)
    }

    /// The outline of this path stroked with `style`, curves and round pieces flattened to within
    /// `tolerance` (`strokeTolerance` when it is not positive and finite).
    func strokedPath(_ style: StrokeStyle, tolerance: Double) -> Path {
        guard style.width > 0, style.width.isFinite, !isEmpty else { return Path() }
        let tolerance = tolerance > 0 && tolerance.isFinite ? tolerance : Self.strokeTolerance
        var stroker = PathStroker(style: style, tolerance: tolerance)
        var polyline = Polyline()
        polyline.reserveCapacity(256)
        if let pattern = DashPattern(style) {
            var dash = Polyline()
            forEachPolyline(tolerance: tolerance, into: &polyline) { polyline in
                pattern.forEachDash(in: polyline, into: &dash) { stroker.add($0) }
            }
        } else {
            forEachPolyline(tolerance: tolerance, into: &polyline) { stroker.add($0) }
        }
        return stroker.outline
    }
}

extension Canvas {
    /// Strokes `path` (in user space) with `color` in `style`, through the graphics state.
    ///
    /// Complexity: that of `Path.strokedPath(_:)` and of filling the outline.
    public mutating func stroke(_ path: Path, with color: Color, style: StrokeStyle) {
        stroke(path, with: .color(color), style: style)
    }

    /// Strokes `path` (in user space) with `paint` in `style`: fills the stroke's outline with
    /// the non-zero rule, its curves and round pieces flattened to within a twentieth of a
    /// device pixel.
    ///
    /// Complexity: that of `Path.strokedPath(_:)` and of filling the outline.
    public mutating func stroke(_ path: Path, with paint: Paint, style: StrokeStyle) {
        let device = deviceTransform
        // How much user space is magnified on the device, on average over directions.
        let magnification = abs(device.a * device.d - device.b * device.c).squareRoot()
        fill(path.strokedPath(style, tolerance: 0.05 / magnification), with: paint, rule: .nonZero)
    }
}
