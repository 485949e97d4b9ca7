/// The glyph cache's state: images in an array, found through an open-addressed index, and
/// evicted by the clock (second-chance) policy when their bytes pass a budget.
///
/// Lookups hash three integers with a multiply and a shift and probe linearly: no `Hasher`,
/// no allocation.
struct GlyphCacheTable {
    struct Key: Equatable {
        var font: UInt64
        /// The pixel size's bit pattern.
        var size: UInt64
        /// The glyph index shifted left by 2, or-ed with the subpixel position (0...3).
        var glyph: UInt32
    }

    private struct Entry {
        var key: Key
        var image: GlyphImage
        /// Set by a lookup, cleared by the clock hand: an entry survives one sweep after use.
        var isReferenced: Bool
    }

    let byteLimit: Int
    private(set) var byteCount = 0
    private(set) var hits = 0
    private(set) var misses = 0
    private(set) var evictions = 0
    private var entries: [Entry] = []
    /// Entry index + 1 per slot, 0 for empty; a power of two at least twice the entries.
    private var slots = [Int32](repeating: 0, count: 64)
    private var hand = 0

    init(byteLimit: Int) {
        self.byteLimit = byteLimit
    }

    var count: Int { entries.count }

    private static func slot(of key: Key, mask: Int) -> Int {
        var hash = key.font &* 0x9E37_79B9_7F4A_7C15
        hash ^= key.size &* 0xC2B2_AE3D_27D4_EB4F
        hash ^= UInt64(key.glyph) &* 0x1656_67B1_9E37_79F9
        hash ^= hash >> 29
        return Int(truncatingIfNeeded: hash) & mask
    }

    /// The image stored under `key`, marked as used; nil (counted as a miss) when absent.
    mutating func image(for key: Key) -> GlyphImage? {
        let mask = slots.count - 1
        var slot = Self.slot(of: key, mask: mask)
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            if entries[index].key == key {
                hits += 1
                entries[index].isReferenced = true
                return entries[index].image
            }
            slot = (slot + 1) & mask
        }
        misses += 1
        return nil
    }

    /// Stores `image` under `key` (unless an image is there already), then evicts down to
    /// three quarters of the budget if it is exceeded.
    mutating func insert(_ image: GlyphImage, for key: Key) {
        let mask = slots.count - 1
        var slot = Self.slot(of: key, mask: mask)
        while slots[slot] != 0 {
            if entries[Int(slots[slot]) - 1].key == key { return }
            slot = (slot + 1) & mask
        }
        entries.append(Entry(key: key, image: image, isReferenced: false))
        slots[slot] = Int32(entries.count)
        byteCount += image.byteCost
        if byteCount > byteLimit {
            evict(downTo: byteLimit / 4 * 3)
        } else if entries.count * 2 > slots.count {
            rebuildSlots()
        }
    }

    mutating func removeAll() {
        entries.removeAll()
        slots = [Int32](repeating: 0, count: 64)
        byteCount = 0
        hand = 0
    }

    /// Sweeps the clock hand, clearing referenced marks and evicting unmarked entries, until
    /// the bytes held are at most `target`.
    ///
    /// Complexity: O(entries); each entry is visited at most twice.
    private mutating func evict(downTo target: Int) {
        var isEvicted = [Bool](repeating: false, count: entries.count)
        var remaining = 2 * entries.count
        while byteCount > target, remaining > 0 {
            remaining -= 1
            if hand >= entries.count { hand = 0 }
            if entries[hand].isReferenced {
                entries[hand].isReferenced = false
            } else if !isEvicted[hand] {
                isEvicted[hand] = true
                byteCount -= entries[hand].image.byteCost
                evictions += 1
            }
            hand += 1
        }
        var kept: [Entry] = []
        kept.reserveCapacity(entries.count)
        var newHand = 0
        for (index, entry) in entries.enumerated() where !isEvicted[index] {
            if index < hand { newHand += 1 }
            kept.append(entry)
        }
        entries = kept
        hand = newHand
        rebuildSlots()
    }

    /// Makes the index again at a size at least four times the entries.
    private mutating func rebuildSlots() {
        var capacity = 64
        while capacity < entries.count * 4 { capacity *= 2 }
        slots = [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for (index, entry) in entries.enumerated() {
            var slot = Self.slot(of: entry.key, mask: mask)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }
}
