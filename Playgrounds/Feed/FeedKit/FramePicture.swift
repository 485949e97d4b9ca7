import AsyncDisplay

/// Pictures of what the screen showed: a layer-tree snapshot composed by the package's
/// `Compositor`, with cell parts not drawn yet marked (pink, crossed out in red).
enum FramePicture {
    /// The marker's fill.
    static let markerFill = Color(red: 1, green: 0.3, blue: 0.4, alpha: 0.22)
    /// The marker's outline and cross.
    static let markerInk = Color(red: 0.9, green: 0.05, blue: 0.15, alpha: 0.85)

    /// Composes `snapshot` on `compositor`, then marks `undrawn` (screen rects in points).
    static func compose(_ snapshot: LayerTreeSnapshot, undrawn: [Rect], on compositor: Compositor) async -> Bitmap {
        let frame = await compositor.composeWhole(snapshot)
        return marking(undrawn, on: frame)
    }

    /// A copy of `frame` with each of `areas` marked; `frame` itself when there are none.
    static func marking(_ areas: [Rect], on frame: Bitmap) -> Bitmap {
        guard !areas.isEmpty else { return frame }
        var canvas = Canvas(width: frame.width, height: frame.height, scale: frame.scale, background: .white)
        canvas.draw(frame, at: .zero)
        for area in areas where !area.isEmpty {
            canvas.fill(area, with: markerFill)
            let line = min(2, area.height / 4)
            var outline = Path()
            outline.addRect(area)
            outline.addRect(
                Rect(
                    x: area.minX + line, y: area.minY + line, width: area.width - 2 * line,
                    height: area.height - 2 * line))
            canvas.fill(outline, with: markerInk, rule: .evenOdd)
            canvas.fill(
                diagonal(from: Point(x: area.minX, y: area.minY), to: Point(x: area.maxX, y: area.maxY), line),
                with: markerInk)
            canvas.fill(
                diagonal(from: Point(x: area.maxX, y: area.minY), to: Point(x: area.minX, y: area.maxY), line),
                with: markerInk)
        }
        return canvas.makeBitmap()
    }

    /// A straight band `thickness` points wide from `start` to `end`.
    private static func diagonal(from start: Point, to end: Point, _ thickness: Double) -> Path {
        let dx = end.x - start.x
        let dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        var path = Path()
        guard length > 0 else { return path }
        let nx = -dy / length * thickness / 2
        let ny = dx / length * thickness / 2
        path.move(to: Point(x: start.x + nx, y: start.y + ny))
        path.addLine(to: Point(x: end.x + nx, y: end.y + ny))
        path.addLine(to: Point(x: end.x - nx, y: end.y - ny))
        path.addLine(to: Point(x: start.x - nx, y: start.y - ny))
        path.closeSubpath()
        return path
    }
}

extension Compositor {
    /// Composes `snapshot` over the whole screen and returns the frame, in one step on the
    /// compositor's executor.
    func composeWhole(_ snapshot: LayerTreeSnapshot) -> Bitmap {
        compose(snapshot, sequence: lastComposedSequence + 1, fullRecomposition: true)
        return currentFrame
    }
}
