import Synchronization

/// An atomic integer alone in a 128-byte block (a cache line and its prefetch pair), so that one
/// thread writing it doesn't slow another thread reading the fields that would sit beside it.
///
/// Concurrency: all access goes through `Atomic`; the block is freed in deinit, when no thread
/// can hold the owner any more.
struct PaddedAtomicInt: ~Copyable, @unchecked Sendable {
    // Safe to send: the pointer is only dereferenced for atomic operations.
    private let value: UnsafeMutablePointer<Atomic<Int>>

    init(_ initial: Int) {
        let block = UnsafeMutableRawPointer.allocate(byteCount: 128, alignment: 128)
        value = block.bindMemory(to: Atomic<Int>.self, capacity: 1)
        value.initialize(to: Atomic(initial))
    }

    deinit {
        value.deinitialize(count: 1)
        UnsafeMutableRawPointer(value).deallocate()
    }

    /// The atomic itself; call its operations through `pointee`.
    var atomic: UnsafeMutablePointer<Atomic<Int>> {
        @inline(__always) get { value }
    }
}
