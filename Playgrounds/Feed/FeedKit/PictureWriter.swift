import AsyncDisplay
import Foundation

/// The picture writer the feed uses.
///
/// The seam for PNG: a writer conforming to `PictureWriter` that encodes PNG stills and an
/// animated PNG replaces this one here, and nothing else in the feed changes.
public typealias FeedPictureWriter = PortablePixmapWriter

/// Writes the feed's pictures: the seam where the canvas's PNG encoder plugs in.
public protocol PictureWriter: Sendable {
    /// Writes `bitmap` as the still named `name` (no extension) in `directory`; returns its file.
    func writeStill(_ bitmap: Bitmap, named name: String, in directory: URL) throws(PictureWriteError) -> URL

    /// Writes `frames` as the animation named `name` in `directory`, each shown for
    /// `frameDuration`; returns where it went.
    func writeAnimation(
        _ frames: [Bitmap], frameDuration: Duration, named name: String, in directory: URL
    ) throws(PictureWriteError) -> URL
}

/// Why a picture could not be written.
public enum PictureWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or folder could not be created or written.
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "Couldn't write \(path): \(reason)"
        }
    }
}

/// A stand-in writer until PNG lands: binary PPM (P6) stills, 8-bit RGB with alpha divided out,
/// and an animation as a folder of numbered PPM frames.
public struct PortablePixmapWriter: PictureWriter {
    public init() {}

    public func writeStill(_ bitmap: Bitmap, named name: String, in directory: URL) throws(PictureWriteError) -> URL {
        let file = directory.appendingPathComponent(name + ".ppm")
        try write(Self.encode(bitmap), to: file, creating: directory)
        return file
    }

    public func writeAnimation(
        _ frames: [Bitmap], frameDuration: Duration, named name: String, in directory: URL
    ) throws(PictureWriteError) -> URL {
        let folder = directory.appendingPathComponent(name, isDirectory: true)
        for (index, frame) in frames.enumerated() {
            let number = String(index)
            let file = folder.appendingPathComponent(
                "frame-" + String(repeating: "0", count: max(0, 3 - number.count)) + number + ".ppm")
            try write(Self.encode(frame), to: file, creating: folder)
        }
        return folder
    }

    /// The P6 bytes of `bitmap`: a text header, then red, green, blue per pixel, row by row.
    ///
    /// Complexity: O(pixels).
    public static func encode(_ bitmap: Bitmap) -> Data {
        var data = Data("P6\n\(bitmap.width) \(bitmap.height)\n255\n".utf8)
        let headerCount = data.count
        data.count += bitmap.width * bitmap.height * 3
        data.withUnsafeMutableBytes { (bytes: UnsafeMutableRawBufferPointer) in
            bitmap.withPackedPixels { pixels in
                var index = headerCount
                for packed in pixels {
                    let alpha = packed >> 24
                    for shift in stride(from: UInt32(0), through: 16, by: 8) {
                        let component = packed >> shift & 0xFF
                        // Premultiplied components never exceed alpha; divide it out, rounding.
                        let straight = alpha == 255 ? component : alpha == 0 ? 0 : (component * 255 + alpha / 2) / alpha
                        bytes[index] = UInt8(truncatingIfNeeded: straight)
                        index += 1
                    }
                }
            }
        }
        return data
    }

    private func write(_ data: Data, to file: URL, creating directory: URL) throws(PictureWriteError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: file)
        } catch {
            throw .cannotWrite(path: file.path, reason: "\(error)")
        }
    }
}
