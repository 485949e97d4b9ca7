import AsyncDisplay
import Foundation

/// Writes the images of scenes (a), (b) and (c) as PNG files into `directory` (made if
/// missing), so they can be set beside other renderers' output by eye; returns the files.
func writeSceneImages(to directory: String) throws -> [String] {
    let folder = URL(fileURLWithPath: directory, isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let scenes: [(String, Bitmap)] = [
        ("a_rrects.png", roundedRectImage()), ("b_circles.png", circleImage()), ("c_text.png", try renderTextScene()),
    ]
    return try scenes.map { name, image in
        let file = folder.appendingPathComponent(name)
        try Data(image.pngData()).write(to: file)
        return file.path
    }
}
