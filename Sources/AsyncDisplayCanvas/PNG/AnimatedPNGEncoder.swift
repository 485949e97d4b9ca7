/// Builds an animated PNG (APNG): full-size frames shown one after another, each for its delay.
///
/// Frames are compressed as they are added, so the encoder holds compressed bytes rather than
/// bitmaps. The first frame is also the file's default image, which viewers without APNG
/// support (and `Bitmap(pngData:)`) show.
///
/// ```swift
/// var animation = AnimatedPNGEncoder(width: 320, height: 480)
/// for frame in frames { try animation.addFrame(frame, delay: .milliseconds(16)) }
/// let data = try animation.makeData()
/// ```
public struct AnimatedPNGEncoder: Sendable {
    /// The size of every frame, in pixels.
    public let width: Int
    public let height: Int
    /// How many times the animation plays; 0 repeats it forever.
    public var loopCount: Int
    public let compression: PNGCompression
    private var frames: [Frame] = []
    /// The most image data put in one chunk.
    var chunkSize = PNGEncoder.maxChunkDataCount

    /// One compressed frame and how long it shows.
    private struct Frame {
        let imageData: [UInt8]
        let delayNumerator: UInt16
        let delayDenominator: UInt16
    }

    /// An animation of `width × height` frames, played `loopCount` times (0: forever; values
    /// outside 0...4,294,967,295 are clamped), each frame compressed at `compression`.
    public init(width: Int, height: Int, loopCount: Int = 0, compression: PNGCompression = .default) {
        self.width = width
        self.height = height
        self.loopCount = loopCount
        self.compression = compression
    }

    /// The frames added so far.
    public var frameCount: Int { frames.count }

    /// Appends a frame shown for `delay`.
    ///
    /// The delay is stored as a fraction of a second: in milliseconds, or in 600ths of a second
    /// when that is exact (1/60, 1/30, 1/25, 1/24 s), at most 65,535 seconds; a negative delay
    /// counts as 0, which viewers show as fast as they can.
    ///
    /// - Throws: `PNGError.frameSizeMismatch` if the bitmap is not `width × height`, or
    ///   `PNGError.emptyImage` if that size has no pixels.
    /// - Complexity: O(pixels), compressing the frame.
    public mutating func addFrame(_ bitmap: Bitmap, delay: Duration) throws(PNGError) {
        guard width > 0 && height > 0 else { throw .emptyImage }
        guard bitmap.width == width && bitmap.height == height else {
            throw .frameSizeMismatch(width: bitmap.width, height: bitmap.height)
        }
        let (numerator, denominator) = Self.fraction(of: delay)
        frames.append(
            Frame(
                imageData: PNGEncoder.compressedImageData(of: bitmap, compression: compression).makeArray(),
                delayNumerator: numerator, delayDenominator: denominator))
    }

    /// The APNG file of the frames so far.
    ///
    /// - Throws: `PNGError.noFrames` before the first frame.
    public func makeData() throws(PNGError) -> [UInt8] {
        guard !frames.isEmpty else { throw .noFrames }
        var png = pngSignature
        png.appendChunk(.header, PNGEncoder.header(width: width, height: height))
        var control: [UInt8] = []
        control.appendBigEndian(UInt32(frames.count))
        control.appendBigEndian(UInt32(clamping: max(loopCount, 0)))
        png.appendChunk(.animationControl, control)
        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            png.appendChunk(.frameControl, frameControl(frame, sequence: sequence))
            sequence += 1
            frame.imageData.withUnsafeBytes { data in
                if index == 0 {
                    PNGEncoder.appendChunks(.imageData, data, to: &png, chunkSize: chunkSize)
                    return
                }
                var offset = 0
                repeat {
                    let end = min(offset + chunkSize, data.count)
                    var contents: [UInt8] = []
                    contents.reserveCapacity(4 + end - offset)
                    contents.appendBigEndian(sequence)
                    contents.append(contentsOf: data[offset..<end])
                    png.appendChunk(.frameData, contents)
                    sequence += 1
                    offset = end
                } while offset < data.count
            }
        }
        png.appendChunk(.end, [])
        return png
    }

    /// The `fcTL` contents: the whole canvas, replaced (not blended) and left in place.
    private func frameControl(_ frame: Frame, sequence: UInt32) -> [UInt8] {
        var contents: [UInt8] = []
        contents.appendBigEndian(sequence)
        contents.appendBigEndian(UInt32(width))
        contents.appendBigEndian(UInt32(height))
        contents.appendBigEndian(UInt32(0))
        contents.appendBigEndian(UInt32(0))
        contents.appendBigEndian(frame.delayNumerator)
        contents.appendBigEndian(frame.delayDenominator)
        // Dispose: none (the frame stays as the next one's background); blend: source.
        contents += [0, 0]
        return contents
    }

    /// `delay` as a numerator and denominator of seconds (see `addFrame`).
    static func fraction(of delay: Duration) -> (UInt16, UInt16) {
        let (seconds, attoseconds) = delay.components
        let total = Double(seconds) + Double(attoseconds) * 1e-18
        guard total > 0 else { return (0, 1000) }
        if attoseconds % 1_000_000_000_000_000 == 0 && seconds <= 65 {
            let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
            if milliseconds <= 65535 { return (UInt16(milliseconds), 1000) }
        }
        let sixHundredths = (total * 600).rounded()
        if sixHundredths <= 65535 && abs(sixHundredths / 600 - total) < 1e-9 {
            return (UInt16(sixHundredths), 600)
        }
        for denominator in [1000.0, 100, 10, 1] where (total * denominator).rounded() <= 65535 {
            return (UInt16((total * denominator).rounded()), UInt16(denominator))
        }
        return (65535, 1)
    }
}
