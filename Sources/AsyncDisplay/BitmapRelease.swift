/// Releases bitmaps on a background thread, so that freeing large pixel buffers never costs the
/// main actor (YYAsyncLayer's release queue).
enum BitmapRelease {
    /// A dedicated low-priority thread that parks at once when idle.
    private static let executor = ThreadExecutor(
        name: "asyncdisplay.release", qualityOfService: .background, spinDuration: .zero)

    /// Drops `bitmap` on the release thread (its memory is freed there if this was the last
    /// reference).
    static func release(_ bitmap: consuming Bitmap?) {
        guard let bitmap else { return }
        executor.execute { withExtendedLifetime(bitmap) {} }
    }

    /// Suspends until everything released before this call has been dropped.
    static func drain() async {
        await withCheckedContinuation { continuation in
            executor.execute { continuation.resume() }
        }
    }
}
