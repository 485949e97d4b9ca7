/// Positions in a list of operation identities: arithmetic when the identities are consecutive
/// (steps made one after another, the usual case), a dictionary otherwise.
///
/// Complexity: O(n) to make, with nothing hashed or allocated in the consecutive case; O(1) to
/// look up.
struct IdentityIndex: Sendable {
    private enum Storage: Sendable {
        case consecutive(first: UInt64, count: Int)
        case hashed([OperationID: Int])
    }

    private let storage: Storage
    /// The first position whose identity already appeared earlier in the list, if any; lookups
    /// then answer the last position of a repeated identity.
    let firstRepeat: Int?

    /// Indexes the `count` identities `identity(0)`, `identity(1)`…
    init(count: Int, identity: (Int) -> OperationID) {
        let first = count > 0 ? identity(0).rawValue : 0
        var isConsecutive = true
        for position in 1..<max(1, count) where identity(position).rawValue != first &+ UInt64(position) {
            isConsecutive = false
            break
        }
        guard !isConsecutive else {
            storage = .consecutive(first: first, count: count)
            firstRepeat = nil
            return
        }
        var positions: [OperationID: Int] = [:]
        positions.reserveCapacity(count)
        var firstRepeat: Int?
        for position in 0..<count where positions.updateValue(position, forKey: identity(position)) != nil {
            firstRepeat = firstRepeat ?? position
        }
        storage = .hashed(positions)
        self.firstRepeat = firstRepeat
    }

    /// The position of `id`, nil if it is not in the list.
    func position(of id: OperationID) -> Int? {
        switch storage {
        case .consecutive(let first, let count):
            // Wrapping: identities below `first` come out huge, hence out of range.
            let offset = id.rawValue &- first
            return offset < UInt64(count) ? Int(offset) : nil
        case .hashed(let positions):
            return positions[id]
        }
    }
}
