/// The duration of the last success of steps, by name: the critical-path weight of steps given
/// no estimate.
///
/// Each name gets a place the first time a step of that name is submitted, while there is room;
/// a step keeps its place, so its end writes its duration there without looking the name up
/// again. Places are found through an open-addressing table (linear probing, at most half full)
/// hashed with FNV-1a over the name's bytes when it is ASCII, the usual case, which costs a few
/// nanoseconds where `Dictionary` runs SipHash on every submitted step. Other names are hashed by
/// `hashValue`; the rare name canonically equal to an ASCII one without being ASCII itself
/// ("K" spelt with the Kelvin sign) then gets a place of its own, which an estimate can afford.
///
/// Complexity: O(1) expected to find or make a place; the table never shrinks.
struct DurationTable: Sendable {
    /// How many names get a place.
    static let capacity = 1_024

    /// Names by bucket, nil for an empty one.
    private var names: [String?] = Array(repeating: nil, count: 16)
    /// The place of each bucket's name.
    private var places: [Int32] = Array(repeating: 0, count: 16)
    /// Durations in nanoseconds by place, 0 until a step of that name succeeded.
    private var durations: [Int64] = []

    /// How many names have a place.
    var count: Int { durations.count }

    /// The place of `name`, made if it has none and there is room; nil if there is none.
    mutating func place(of name: String) -> Int? {
        let mask = names.count - 1
        var bucket = Self.hash(name) & mask
        while let other = names[bucket] {
            if other == name { return Int(places[bucket]) }
            bucket = (bucket + 1) & mask
        }
        guard durations.count < Self.capacity else { return nil }
        let place = durations.count
        durations.append(0)
        names[bucket] = name
        places[bucket] = Int32(place)
        if 2 * durations.count > names.count { grow() }
        return place
    }

    /// The duration recorded at `place` in nanoseconds, 0 if none yet.
    subscript(place: Int) -> Int64 {
        get { durations[place] }
        set { durations[place] = newValue }
    }

    /// Doubles the buckets and places every name again.
    private mutating func grow() {
        let oldNames = names
        let oldPlaces = places
        names = Array(repeating: nil, count: 2 * oldNames.count)
        places = Array(repeating: 0, count: 2 * oldNames.count)
        let mask = names.count - 1
        for index in oldNames.indices {
            guard let name = oldNames[index] else { continue }
            var bucket = Self.hash(name) & mask
            while names[bucket] != nil { bucket = (bucket + 1) & mask }
            names[bucket] = name
            places[bucket] = oldPlaces[index]
        }
    }

    /// FNV-1a over the bytes of an ASCII name; `hashValue` for any other.
    private static func hash(_ name: String) -> Int {
        var name = name
        // Over the bytes in place (a small name is copied to the stack): iterating `utf8` costs
        // tens of instructions a byte.
        return name.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            return Int(truncatingIfNeeded: hash ^ (hash >> 29))
        } ?? name.hashValue
    }
}
