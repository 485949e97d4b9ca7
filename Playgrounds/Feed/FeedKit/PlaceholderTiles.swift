import AsyncDisplay

/// The grey tile a photo shows until it loads, drawn once per size and shared by every photo
/// layer of that size, as an app shares one placeholder image (or Texture a network image
/// node's default image): a photo still loading costs a contents assignment, not a render.
///
/// Concurrency: main-actor state, read as cells are configured.
@MainActor
final class PlaceholderTiles {
    private struct Key: Hashable {
        let width: Int
        let height: Int
        let scale: Double
    }

    private var tiles: [Key: Bitmap] = [:]

    nonisolated init() {}

    /// The tile for a photo layer of `size` points at `scale`: the pixels its render would draw
    /// (the placeholder over the white an opaque layer starts from).
    func tile(size: Size, scale: Double) -> Bitmap {
        let width = Int((size.width * scale).rounded(.up))
        let height = Int((size.height * scale).rounded(.up))
        let key = Key(width: width, height: height, scale: scale)
        if let tile = tiles[key] { return tile }
        var canvas = Canvas(width: width, height: height, scale: scale, background: .white)
        PhotoPainter.drawPlaceholder(in: Rect(origin: .zero, size: size), canvas: &canvas)
        let tile = canvas.makeBitmap()
        tiles[key] = tile
        return tile
    }

    /// Tiles drawn so far.
    var count: Int { tiles.count }
}
