/// Huffman codes for the encoder: optimal length-limited code lengths, and canonical codes.
enum HuffmanCode {
    /// Optimal code lengths, none longer than `limit`, for symbols with `frequencies`; unused
    /// symbols get 0.
    ///
    /// An unrestricted Huffman code is built first; only if it is too deep does package-merge
    /// find the optimal limited one. The code is always complete and has at least two codes:
    /// when fewer than two symbols are used, symbols 0 and 1 fill in with length 1, which every
    /// decoder accepts.
    ///
    /// - Precondition: `2^limit` is at least the number of used symbols.
    /// - Complexity: O(n log n), or O(n·limit) when the limit binds, for n used symbols.
    static func lengths(for frequencies: [UInt32], limit: Int) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: max(frequencies.count, 2))
        // Each used symbol as frequency << 16 | symbol, so sorting orders by frequency, then
        // symbol (alphabets here have fewer than 65,536 symbols).
        var leaves: [UInt64] = []
        leaves.reserveCapacity(frequencies.count)
        for (symbol, frequency) in frequencies.enumerated() where frequency > 0 {
            leaves.append(UInt64(frequency) << 16 | UInt64(symbol))
        }
        if leaves.count < 2 {
            let only = leaves.first.map { Int($0 & 0xFFFF) } ?? 0
            lengths[only] = 1
            lengths[only == 0 ? 1 : 0] = 1
            return lengths
        }
        precondition(leaves.count <= 1 << limit, "too many symbols for the length limit")
        leaves.sort()
        if !unlimitedLengths(leaves, limit: limit, into: &lengths) {
            packageMergeLengths(leaves, limit: limit, into: &lengths)
        }
        return lengths
    }

    /// Huffman's algorithm with two queues over leaves sorted by weight; writes the lengths and
    /// returns true, or returns false if a length would pass `limit`.
    private static func unlimitedLengths(_ leaves: [UInt64], limit: Int, into lengths: inout [UInt8]) -> Bool {
        let count = leaves.count
        // Nodes 0..<count are the leaves; internal nodes follow, in order of creation (which is
        // also order of weight). `parent` links each node to its internal parent.
        var weight = [UInt64](repeating: 0, count: 2 * count - 1)
        var parent = [Int](repeating: 0, count: 2 * count - 1)
        for index in 0..<count { weight[index] = leaves[index] >> 16 }
        var nextLeaf = 0
        var nextInternal = count
        for node in count..<(2 * count - 1) {
            var children = (0, 0)
            for child in 0..<2 {
                let takesLeaf =
                    nextLeaf < count && (nextInternal == node || weight[nextLeaf] <= weight[nextInternal])
                let taken = takesLeaf ? nextLeaf : nextInternal
                if takesLeaf { nextLeaf += 1 } else { nextInternal += 1 }
                if child == 0 { children.0 = taken } else { children.1 = taken }
            }
            weight[node] = weight[children.0] + weight[children.1]
            parent[children.0] = node
            parent[children.1] = node
        }
        // Depths from the root (the last node) down: a parent is always created after its children.
        var depth = [Int](repeating: 0, count: 2 * count - 1)
        for node in stride(from: 2 * count - 3, through: 0, by: -1) {
            depth[node] = depth[parent[node]] + 1
            if node < count && depth[node] > limit { return false }
        }
        for index in 0..<count { lengths[Int(leaves[index] & 0xFFFF)] = UInt8(depth[index]) }
        return true
    }

    /// Package-merge: the optimal code lengths no longer than `limit`, for leaves sorted by weight.
    ///
    /// Level 1 holds the leaves; each next level merges them with packages (adjacent pairs) of
    /// the level before, so holds at most twice as many items as there are leaves. Two
    /// buffers of that size take turns as the level before and the level being merged, and
    /// only whether each item is a leaf is kept, one row per level, to count them later.
    private static func packageMergeLengths(_ sortedLeaves: [UInt64], limit: Int, into lengths: inout [UInt8]) {
        let count = sortedLeaves.count
        let capacity = 2 * count
        let leaves = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
        var previous = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
        var merged = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
        let isLeaf = UnsafeMutablePointer<Bool>.allocate(capacity: limit * capacity)
        defer {
            leaves.deallocate()
            previous.deallocate()
            merged.deallocate()
            isLeaf.deallocate()
        }
        // Safe: every level has at most count + (2 × count) / 2 = capacity items (by induction
        // from the count leaves of level 1), and level k's row is isLeaf[k·capacity ..< (k+1)·capacity].
        for index in 0..<count {
            leaves[index] = sortedLeaves[index] >> 16
            previous[index] = leaves[index]
            isLeaf[index] = true
        }
        var previousCount = count
        for level in 1..<limit {
            let row = isLeaf + level * capacity
            let packageCount = previousCount / 2
            var mergedCount = 0
            var leafIndex = 0
            var packageIndex = 0
            while leafIndex < count || packageIndex < packageCount {
                let package =
                    packageIndex < packageCount ? previous[2 * packageIndex] + previous[2 * packageIndex + 1] : .max
                let takesLeaf = leafIndex < count && leaves[leafIndex] <= package
                merged[mergedCount] = takesLeaf ? leaves[leafIndex] : package
                row[mergedCount] = takesLeaf
                if takesLeaf { leafIndex += 1 } else { packageIndex += 1 }
                mergedCount += 1
            }
            swap(&previous, &merged)
            previousCount = mergedCount
        }
        // The first 2n − 2 items of the last level are the code; each leaf inside them, at
        // every level, adds one bit to its symbol's length.
        var taken = 2 * count - 2
        for level in stride(from: limit - 1, through: 0, by: -1) {
            let row = isLeaf + level * capacity
            var leafCount = 0
            for index in 0..<taken where row[index] { leafCount += 1 }
            for leaf in 0..<leafCount { lengths[Int(sortedLeaves[leaf] & 0xFFFF)] += 1 }
            taken = 2 * (taken - leafCount)
        }
    }

    /// Canonical codes for `lengths` (RFC 1951 §3.2.2), bit-reversed so they can be written
    /// least significant bit first.
    static func codes(for lengths: [UInt8]) -> [UInt16] {
        var countByLength = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { countByLength[Int(length)] += 1 }
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1..<16 {
            code = (code + countByLength[length - 1]) << 1
            nextCode[length] = code
        }
        var codes = [UInt16](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            codes[symbol] = reversed(UInt16(nextCode[Int(length)]), bitCount: Int(length))
            nextCode[Int(length)] += 1
        }
        return codes
    }

    /// The low `bitCount` bits of `code` in reverse order.
    static func reversed(_ code: UInt16, bitCount: Int) -> UInt16 {
        code.bitSwapped() >> UInt16(16 - bitCount)
    }
}

extension UInt16 {
    /// The bits in reverse order.
    fileprivate func bitSwapped() -> UInt16 {
        var value = self
        value = (value & 0x5555) << 1 | (value >> 1) & 0x5555
        value = (value & 0x3333) << 2 | (value >> 2) & 0x3333
        value = (value & 0x0F0F) << 4 | (value >> 4) & 0x0F0F
        return value.byteSwapped
    }
}
