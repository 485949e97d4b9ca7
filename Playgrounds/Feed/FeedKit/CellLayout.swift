import AsyncDisplay

/// Where everything in a post's cell goes at one width: a pure function of the post, the width
/// and the text engine, so it can run on any thread and be tested alone.
///
/// A cell has two parts: the content (avatar, name, timestamp, body text) on top, one layer, and,
/// for a post with photos, the photo grid below it, a layer per photo. No layer draws the gaps
/// between photos or the padding under them: the background shows through.
///
/// ```
/// ┌──────────────────────────────────────┐
/// │ (av)  Name                           │  content part
/// │       12m                            │
/// │       Body text, wrapped, up to      │
/// │       eight lines, truncated…        │
/// ├──────────────────────────────────────┤
/// │       [photo] [photo] [photo]        │  photo grid
/// └──────────────────────────────────────┘
/// ```
public struct CellLayout<Text: TextBlock>: Sendable {
    public let width: Double
    /// The avatar's frame in the content part.
    public let avatar: Rect
    public let name: Text
    public let nameOrigin: Point
    public let timestamp: Text
    public let timestampOrigin: Point
    public let body: Text
    public let bodyOrigin: Point
    /// Each photo's frame, from the top of the photo grid.
    public let photos: [Rect]
    /// The content part's height.
    public let contentHeight: Double
    /// The photo grid's height with the padding under it: zero for a post without photos.
    public let photoHeight: Double

    /// The whole cell's height.
    public var height: Double { contentHeight + photoHeight }

    /// Lays out `post` in a cell `width` points wide. A width that is not a finite number of zero
    /// or more counts as zero (the text then gets one character a line).
    public init<Engine: TextEngine>(post: Post, width: Double, engine: Engine) where Engine.Layout == Text {
        let width = width.isFinite ? max(width, 0) : 0
        let padding = CellStyle.padding
        let columnX = padding + CellStyle.avatarSize + CellStyle.columnGap
        let column = max(width - columnX - padding, 0)
        self.width = width
        avatar = Rect(x: padding, y: padding, width: CellStyle.avatarSize, height: CellStyle.avatarSize)
        name = engine.layOut(post.author, style: CellStyle.name, width: column, maximumLines: 1)
        nameOrigin = Point(x: columnX, y: padding)
        timestamp = engine.layOut(post.timestamp, style: CellStyle.timestamp, width: column, maximumLines: 1)
        timestampOrigin = Point(x: columnX, y: padding + CellStyle.name.lineHeight)
        body = engine.layOut(post.text, style: CellStyle.body, width: column, maximumLines: CellStyle.maximumBodyLines)
        bodyOrigin = Point(
            x: columnX, y: timestampOrigin.y + CellStyle.timestamp.lineHeight + CellStyle.headerGap)
        let textBottom = max(avatar.maxY, bodyOrigin.y + body.size.height)
        photos = Self.grid(count: post.photos.count, x: columnX, width: column)
        if let last = photos.last {
            contentHeight = textBottom + 2 * CellStyle.photoGap
            photoHeight = last.maxY + padding
        } else {
            contentHeight = textBottom + padding
            photoHeight = 0
        }
    }

    /// Frames for `count` photos from the top of the photo grid: one wide photo, two columns for
    /// two or four, three columns otherwise; square tiles `photoGap` apart.
    static func grid(count: Int, x: Double, width: Double) -> [Rect] {
        guard count > 0 else { return [] }
        if count == 1 {
            let photoWidth = min(CellStyle.singlePhotoWidth, width)
            return [Rect(x: x, y: 0, width: photoWidth, height: photoWidth * 3 / 4)]
        }
        let columns = count == 2 || count == 4 ? 2 : 3
        let gap = CellStyle.photoGap
        let side = max((width - Double(columns - 1) * gap) / Double(columns), 0)
        return (0..<count).map { index in
            Rect(
                x: x + Double(index % columns) * (side + gap), y: Double(index / columns) * (side + gap), width: side,
                height: side)
        }
    }
}
