import AsyncDisplayLocks

/// Releases bitmaps on a background thread, so that freeing large pixel buffers never costs the
/// main actor (YYAsyncLayer's release queue).
///
/// Only bitmaps of `offloadThreshold` bytes or more are handed over: glibc returns those to the
/// kernel (munmap), which is what costs; a smaller buffer is freed in place faster than another
/// thread can be woken for it.
enum BitmapRelease {
    /// The smallest bitmap released off the calling thread: 128 KiB, glibc's mmap threshold.
    static let offloadThreshold = 128 * 1024

    /// A dedicated low-priority thread that parks at once when idle.
    private static let executor = ThreadExecutor(
        name: "asyncdisplay.release", qualityOfService: .background, spinDuration: .zero)

    /// Bitmaps handed over and not yet dropped: one job on the release thread drops all that
    /// gathered before it runs, so a frame that releases many wakes the thread once.
    private static let pending = LockedState<[Bitmap]>([])

    /// Drops `bitmap` on the release thread (its memory is freed there if this was the last
    /// reference).
    static func release(_ bitmap: consuming Bitmap?) {
        guard let bitmap, bitmap.byteCount >= offloadThreshold else { return }
        let startsBatch = pending.withLock { pending in
            pending.append(bitmap)
            return pending.count == 1
        }
        guard startsBatch else { return }
        executor.execute {
            let batch = pending.withLock { pending in
                defer { pending.removeAll() }
                return pending
            }
            withExtendedLifetime(batch) {}
        }
    }

    /// Suspends until everything released before this call has been dropped (the batch holding
    /// it was queued before this call's job).
    static func drain() async {
        await withCheckedContinuation { continuation in
            executor.execute { continuation.resume() }
        }
    }
}
