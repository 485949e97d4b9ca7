import AsyncDisplay

/// Draws the two parts of a cell from its layout, checking `isCancelled()` between steps; each
/// call returns false when it stopped early.
///
/// Both expect a canvas already filled with `CellStyle.background` (the cell layers are opaque
/// with that background).
public enum CellPainter {
    /// Draws the content part: the avatar (its image once loaded, a grey disc before), name,
    /// timestamp and body text, and the separator when the post has no photos.
    @discardableResult
    public static func drawContent<Engine: TextEngine>(
        _ layout: CellLayout<Engine.Layout>, of post: Post, loaded: LoadedImages, engine: Engine,
        in canvas: inout Canvas, isCancelled: () -> Bool
    ) -> Bool {
        if loaded.avatar {
            let image = AvatarPainter.image(seed: post.avatarSeed, side: layout.avatar.width, scale: canvas.scale)
            AvatarPainter.draw(
                image, clippedToCircleIn: layout.avatar, in: &canvas)
        } else {
            var disc = Path()
            disc.addEllipse(in: layout.avatar)
            canvas.fill(disc, with: CellStyle.avatarPlaceholder)
        }
        guard !isCancelled() else { return false }
        engine.draw(layout.name, at: layout.nameOrigin, in: &canvas)
        engine.draw(layout.timestamp, at: layout.timestampOrigin, in: &canvas)
        guard !isCancelled() else { return false }
        engine.draw(layout.body, at: layout.bodyOrigin, in: &canvas)
        if layout.photos.isEmpty { drawSeparator(width: layout.width, bottom: layout.contentHeight, in: &canvas) }
        return true
    }

    /// Draws the photo part: each photo (or its placeholder before it has loaded) and the
    /// separator.
    @discardableResult
    public static func drawPhotos<Text: TextBlock>(
        _ layout: CellLayout<Text>, of post: Post, loaded: LoadedImages, in canvas: inout Canvas,
        isCancelled: () -> Bool
    ) -> Bool {
        for (index, (rect, photo)) in zip(layout.photos, post.photos).enumerated() {
            guard !isCancelled() else { return false }
            if loaded.hasPhoto(index) {
                guard
                    PhotoPainter.draw(
                        seed: photo.seed, in: rect, background: CellStyle.background, canvas: &canvas,
                        isCancelled: isCancelled)
                else { return false }
            } else {
                PhotoPainter.drawPlaceholder(in: rect, canvas: &canvas)
            }
        }
        drawSeparator(width: layout.width, bottom: layout.photoHeight, in: &canvas)
        return true
    }

    /// A one-pixel line across the bottom of the cell, inset on the left like a table view's.
    private static func drawSeparator(width: Double, bottom: Double, in canvas: inout Canvas) {
        let thickness = 1 / canvas.scale
        canvas.fill(
            Rect(x: CellStyle.padding, y: bottom - thickness, width: width - CellStyle.padding, height: thickness),
            with: CellStyle.separator)
    }
}
