import AsyncDisplay
import Foundation

/// The picture writer the feed uses.
public typealias FeedPictureWriter = PNGPictureWriter

/// Writes the feed's pictures (a test can plug in its own).
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

/// Writes PNG stills and an animated PNG (APNG, which browsers play and other viewers show as
/// its first frame), with the canvas's encoder.
public struct PNGPictureWriter: PictureWriter {
    public init() {}

    public func writeStill(_ bitmap: Bitmap, named name: String, in directory: URL) throws(PictureWriteError) -> URL {
        let file = directory.appendingPathComponent(name + ".png")
        try write(to: file, creating: directory) { try bitmap.pngData() }
        return file
    }

    public func writeAnimation(
        _ frames: [Bitmap], frameDuration: Duration, named name: String, in directory: URL
    ) throws(PictureWriteError) -> URL {
        let file = directory.appendingPathComponent(name + ".png")
        try write(to: file, creating: directory) {
            guard let first = frames.first else { throw PNGError.noFrames }
            var encoder = AnimatedPNGEncoder(width: first.width, height: first.height, compression: .fast)
            for frame in frames { try encoder.addFrame(frame, delay: frameDuration) }
            return try encoder.makeData()
        }
        return file
    }

    private func write(
        to file: URL, creating directory: URL, _ encode: () throws -> [UInt8]
    ) throws(PictureWriteError) {
        do {
            let bytes = try encode()
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(bytes).write(to: file)
        } catch {
            throw .cannotWrite(path: file.path, reason: "\(error)")
        }
    }
}
