import AsyncDisplay

/// Draws the layers of a cell (its content and each photo), checking `isCancelled()` between
/// steps; each call returns false when it stopped early.
///
/// Each expects a canvas already filled with `CellStyle.background` (the cell layers are opaque
/// with that background).
public enum CellPainter {
    /// Draws the content part: the separator from the post above (none on the first post), the
    /// avatar (its image once loaded, a grey disc before), name, timestamp and body text.
    @discardableResult
    public static func drawContent<Engine: TextEngine>(
        _ layout: CellLayout<Engine.Layout>, of post: Post, loaded: LoadedImages, engine: Engine,
        in canvas: inout Canvas, isCancelled: () -> Bool
    ) -> Bool {
        if post.id > 0 { drawSeparator(width: layout.width, in: &canvas) }
        if loaded.avatar {
            let image = AvatarPainter.image(seed: post.avatarSeed, side: layout.avatar.width, scale: canvas.scale)
            guard !isCancelled() else { return false }
            AvatarPainter.draw(image, clippedToCircleIn: layout.avatar, in: &canvas)
        } else {
            var disc = Path()
            disc.addEllipse(in: layout.avatar)
            canvas.fill(disc, with: CellStyle.avatarPlaceholder)
        }
        guard !isCancelled() else { return false }
        engine.draw(layout.name, at: layout.nameOrigin, in: &canvas)
        engine.draw(layout.timestamp, at: layout.timestampOrigin, in: &canvas)
        return engine.draw(layout.body, at: layout.bodyOrigin, in: &canvas, isCancelled: isCancelled)
    }

    /// Draws one photo filling a layer of `size` points (or, before it has loaded, the grey
    /// placeholder tile); each photo of a grid has a layer of its own, so a photo arriving redraws
    /// only itself, as Texture's network image nodes do.
    @discardableResult
    public static func drawPhoto(
        _ photo: Photo, isLoaded: Bool, size: Size, in canvas: inout Canvas, isCancelled: () -> Bool
    ) -> Bool {
        let frame = Rect(origin: .zero, size: size)
        guard isLoaded else {
            PhotoPainter.drawPlaceholder(in: frame, canvas: &canvas)
            return true
        }
        return PhotoPainter.draw(
            seed: photo.seed, in: frame, background: CellStyle.background, canvas: &canvas, isCancelled: isCancelled)
    }

    /// A one-pixel line across the top of the cell, inset on the left like a table view's.
    private static func drawSeparator(width: Double, in canvas: inout Canvas) {
        canvas.fill(
            Rect(x: CellStyle.padding, y: 0, width: width - CellStyle.padding, height: 1 / canvas.scale),
            with: CellStyle.separator)
    }
}
