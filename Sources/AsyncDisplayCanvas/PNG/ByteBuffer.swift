/// A growable byte array written through a raw pointer, for encoders that append in hot loops.
///
/// Unlike `[UInt8]` it has no per-append uniqueness or bounds checks: writers call `reserve(_:)`
/// for a batch, then write up to that many bytes at `end` and `advance(by:)`.
struct ByteBuffer: ~Copyable {
    /// The start of the allocation; `count` bytes from here are initialized.
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The first unwritten byte.
    var end: UnsafeMutablePointer<UInt8> { base + count }

    /// Makes room for `additional` more bytes after `count`, moving the bytes if it has to.
    ///
    /// Complexity: amortized O(1) per byte.
    mutating func reserve(_ additional: Int) {
        let needed = count + additional
        guard needed > capacity else { return }
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Marks `written` bytes after `end` as part of the buffer.
    ///
    /// - Precondition: they were reserved and written.
    mutating func advance(by written: Int) {
        assert(count + written <= capacity, "advanced past the reserved bytes")
        count += written
    }

    /// Forgets the bytes after the first `count`.
    mutating func truncate(to count: Int) {
        precondition(count <= self.count, "truncating to more bytes than written")
        self.count = count
    }

    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    mutating func append(bigEndian value: UInt32) {
        reserve(4)
        base[count] = UInt8(truncatingIfNeeded: value >> 24)
        base[count + 1] = UInt8(truncatingIfNeeded: value >> 16)
        base[count + 2] = UInt8(truncatingIfNeeded: value >> 8)
        base[count + 3] = UInt8(truncatingIfNeeded: value)
        count += 4
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        UnsafeMutableRawPointer(end).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// The bytes written so far, from `offset`.
    func bytes(from offset: Int = 0) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + offset, count: count - offset)
    }

    /// A copy of the bytes as an array.
    func makeArray() -> [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }
}
