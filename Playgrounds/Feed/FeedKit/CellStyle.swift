import AsyncDisplay

/// The look of a feed cell: margins, sizes, type styles and colours, in points.
public enum CellStyle {
    /// Space around the cell's contents.
    public static let padding = 12.0
    /// The avatar's diameter.
    public static let avatarSize = 44.0
    /// Between the avatar and the text column.
    public static let columnGap = 10.0
    /// Between the header (name, timestamp) and the body.
    public static let headerGap = 6.0
    /// Between the body and the photo grid, and between photos.
    public static let photoGap = 4.0
    /// The widest a single photo is shown.
    public static let singlePhotoWidth = 240.0
    /// The most lines of body text a cell shows; longer texts are truncated.
    public static let maximumBodyLines = 8

    public static let name = TextStyle(fontSize: 16, lineHeight: 20, color: Color(white: 0.1), isBold: true)
    public static let timestamp = TextStyle(fontSize: 13, lineHeight: 16, color: Color(white: 0.45))
    public static let body = TextStyle(fontSize: 15, lineHeight: 20, color: Color(white: 0.15))

    public static let background = Color.white
    public static let separator = Color(white: 0.86)
    /// The avatar before its image has loaded.
    public static let avatarPlaceholder = Color(white: 0.88)
    /// A photo before its image has loaded.
    public static let photoPlaceholder = Color(white: 0.93)
}
