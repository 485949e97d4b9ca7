/// The slot of each live operation, by identity: an open-addressing hash table.
///
/// The manager looks an identity up for every step it is given and drops it for every operation
/// it retires. Identities are increasing numbers, mostly made in runs, so they are placed by
/// their low bits (see `home(of:)`): a batch's lookups go through memory in order, where
/// `Dictionary` would run SipHash for each and scatter them.
///
/// Linear probing; removal shifts the entries after the hole back, so there are no tombstones
/// and probe runs stay short. The table is kept at most half full.
///
/// Complexity: O(1) expected to look up, insert and remove; O(capacity) to empty.
struct SlotTable: Sendable {
    /// Identity numbers by bucket, 0 for an empty one (`OperationID.next()` starts at 1).
    private var keys: [UInt64]
    private var slots: [Int]
    private(set) var count = 0
    /// How many buckets there are; `removeAll()` writes each.
    var bucketCount: Int { mask + 1 }
    /// Buckets minus one; the bucket count is a power of two.
    private var mask: Int

    init() {
        keys = [UInt64](repeating: 0, count: 16)
        slots = [Int](repeating: 0, count: 16)
        mask = 15
    }

    /// The slot of `id`; nil if it is not in the table. Setting nil removes it.
    subscript(id: OperationID) -> Int? {
        get {
            let key = id.rawValue
            var bucket = home(of: key)
            while keys[bucket] != 0 {
                if keys[bucket] == key { return slots[bucket] }
                bucket = (bucket + 1) & mask
            }
            return nil
        }
        set {
            if let newValue { insert(id.rawValue, newValue) } else { remove(id.rawValue) }
        }
    }

    /// Makes room for `capacity` identities without growing again.
    mutating func reserveCapacity(_ capacity: Int) {
        var buckets = mask + 1
        while buckets < 2 * capacity { buckets *= 2 }
        if buckets > mask + 1 { rehash(buckets: buckets) }
    }

    /// Removes every identity, keeping the buckets.
    mutating func removeAll() {
        guard count > 0 else { return }
        for bucket in keys.indices { keys[bucket] = 0 }
        count = 0
    }

    /// The bucket probing for `key` starts at: the key's low bits. Consecutive identities (steps
    /// made one after another) land in consecutive buckets, so a batch fills the table in
    /// order rather than at random, and never collide while the live identities span less than
    /// the table. Only identities a multiple of the table's size apart share a home bucket.
    private func home(of key: UInt64) -> Int {
        Int(truncatingIfNeeded: key) & mask
    }

    private mutating func insert(_ key: UInt64, _ slot: Int) {
        if 2 * (count + 1) > mask + 1 { rehash(buckets: 2 * (mask + 1)) }
        var bucket = home(of: key)
        while keys[bucket] != 0 {
            if keys[bucket] == key {
                slots[bucket] = slot
                return
            }
            bucket = (bucket + 1) & mask
        }
        keys[bucket] = key
        slots[bucket] = slot
        count += 1
    }

    private mutating func remove(_ key: UInt64) {
        var hole = home(of: key)
        while keys[hole] != key {
            guard keys[hole] != 0 else { return }
            hole = (hole + 1) & mask
        }
        // Pull back each later entry of the probe run that may live in the hole: one whose home
        // bucket is no later than the hole, going round the end of the table.
        var next = (hole + 1) & mask
        while keys[next] != 0 {
            if (next - home(of: keys[next])) & mask >= (next - hole) & mask {
                keys[hole] = keys[next]
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        keys[hole] = 0
        count -= 1
    }

    private mutating func rehash(buckets: Int) {
        let oldKeys = keys
        let oldSlots = slots
        keys = [UInt64](repeating: 0, count: buckets)
        slots = [Int](repeating: 0, count: buckets)
        mask = buckets - 1
        count = 0
        for bucket in oldKeys.indices where oldKeys[bucket] != 0 { insert(oldKeys[bucket], oldSlots[bucket]) }
    }
}
