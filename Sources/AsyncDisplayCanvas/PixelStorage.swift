import Synchronization

/// The pixels behind bitmaps and canvases: `width × height` packed premultiplied RGBA8 words.
///
/// Every live storage is counted in `liveByteCount`, so memory held by bitmaps can be watched
/// (the feed demo reports its peak).
///
/// Concurrency: a storage is written only while a single `Canvas` owns it (checked with
/// `isKnownUniquelyReferenced` before every write) and never after it is frozen into a
/// `Bitmap`, so sharing a frozen storage between threads only ever reads it.
final class PixelStorage: @unchecked Sendable {
    // Safe to share: see the type's concurrency note; the pointer never changes.
    let pixels: UnsafeMutablePointer<UInt32>
    let count: Int

    /// Allocates `count` pixels, all set to `fill`.
    init(count: Int, fill: UInt32) {
        self.count = count
        pixels = .allocate(capacity: max(count, 1))
        pixels.initialize(repeating: fill, count: count)
        PixelStorage.live.add(count * 4, ordering: .relaxed)
    }

    /// Allocates a copy of `other`.
    init(copying other: PixelStorage) {
        count = other.count
        pixels = .allocate(capacity: max(count, 1))
        pixels.initialize(from: other.pixels, count: count)
        PixelStorage.live.add(count * 4, ordering: .relaxed)
    }

    deinit {
        pixels.deallocate()
        PixelStorage.live.subtract(count * 4, ordering: .relaxed)
    }

    /// Bytes held by every live storage in the process.
    static let live = Atomic<Int>(0)
}
