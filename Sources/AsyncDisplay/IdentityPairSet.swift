/// A set of (object, object) identity pairs for the transaction coalescer's deduplication:
/// open addressing with linear probing and a multiplicative hash, cheaper than `Set` with
/// SipHash on the hot path of `commit`.
///
/// Complexity: `insert` is amortised O(1); `removeAll` is O(capacity).
struct IdentityPairSet: Sendable {
    private var firsts: [UInt]
    private var seconds: [UInt]
    private var count = 0
    private var mask: Int

    init(capacity: Int = 64) {
        let size = max(16, capacity.nextPowerOfTwo)
        firsts = Array(repeating: 0, count: size)
        seconds = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// Inserts the pair; false if it was already there.
    mutating func insert(_ first: ObjectIdentifier, _ second: ObjectIdentifier) -> Bool {
        insert(first.bitPattern, second.bitPattern)
    }

    private mutating func insert(_ a: UInt, _ b: UInt) -> Bool {
        var index = Self.slot(a, b, mask)
        while firsts[index] != 0 {
            if firsts[index] == a && seconds[index] == b { return false }
            index = (index + 1) & mask
        }
        firsts[index] = a
        seconds[index] = b
        count += 1
        if count * 2 > firsts.count { grow() }
        return true
    }

    /// Empties the set, keeping its capacity.
    mutating func removeAll() {
        guard count > 0 else { return }
        for index in firsts.indices { firsts[index] = 0 }
        count = 0
    }

    private mutating func grow() {
        let oldFirsts = firsts
        let oldSeconds = seconds
        firsts = Array(repeating: 0, count: oldFirsts.count * 2)
        seconds = Array(repeating: 0, count: oldFirsts.count * 2)
        mask = firsts.count - 1
        count = 0
        for index in oldFirsts.indices where oldFirsts[index] != 0 {
            _ = insert(oldFirsts[index], oldSeconds[index])
        }
    }

    @inline(__always)
    private static func slot(_ a: UInt, _ b: UInt, _ mask: Int) -> Int {
        let mixed = (a &* 0x9E37_79B9_7F4A_7C15) ^ (b &* 0xC2B2_AE3D_27D4_EB4F)
        return Int(truncatingIfNeeded: mixed >> 32) & mask
    }
}

extension ObjectIdentifier {
    /// The object's address, never zero.
    fileprivate var bitPattern: UInt { UInt(bitPattern: self) }
}

extension Int {
    fileprivate var nextPowerOfTwo: Int {
        self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount)
    }
}
