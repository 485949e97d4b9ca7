import AsyncDisplayTesting

/// A seeded timeline of posts: the same seed gives the same posts on every machine.
public enum Timeline {
    /// The seed the feed uses unless told otherwise.
    public static let defaultSeed: UInt64 = 0xFEED_2026

    /// Makes `count` posts (none for a count under one), newest first.
    ///
    /// Texts run from a few words to more than the eight lines a cell shows (those are
    /// truncated); about half the posts carry one to nine photos. Images load on their own: most
    /// avatars are in the memory cache (the rest on disk); a post's photos all come from memory,
    /// disk or network.
    ///
    /// Complexity: O(count × words per post).
    public static func generate(count: Int, seed: UInt64 = defaultSeed) -> [Post] {
        var generator = SplitMix64(seed: seed)
        var minutesAgo = 0
        return (0..<max(count, 0)).map { id in
            minutesAgo += Int.random(in: 0...40, using: &generator)
            let avatarCached = Int.random(in: 0..<100, using: &generator) < 70
            let avatarLatency = avatarCached ? Duration.zero : latency(from: .disk, using: &generator)
            return Post(
                id: id, author: name(using: &generator), avatarSeed: generator.next(), avatarLatency: avatarLatency,
                minutesAgo: minutesAgo, text: text(using: &generator), photos: photos(using: &generator))
        }
    }

    /// Where a post's images come from: all from one place, as a post seen before has all its
    /// images cached and a new one has none.
    private enum Source: CaseIterable {
        case memory, disk, network
    }

    private static func name(using generator: inout SplitMix64) -> String {
        "\(Words.firstNames.randomElement(using: &generator)!) \(Words.lastNames.randomElement(using: &generator)!)"
    }

    /// One to ten lines' worth of words at about six words a line.
    private static func text(using generator: inout SplitMix64) -> String {
        let lines = Int.random(in: 1...10, using: &generator)
        let words = max(2, lines * 6 - Int.random(in: 0...4, using: &generator))
        var text = ""
        var startsSentence = true
        for index in 0..<words {
            var word = Words.common.randomElement(using: &generator)!
            if startsSentence { word = word.prefix(1).uppercased() + word.dropFirst() }
            text += index == 0 ? word : " " + word
            startsSentence = Int.random(in: 0..<9, using: &generator) == 0
            if startsSentence || index == words - 1 { text += "." }
        }
        return text
    }

    private static func photos(using generator: inout SplitMix64) -> [Photo] {
        let count: Int
        switch Int.random(in: 0..<100, using: &generator) {
        case ..<45: count = 0
        case ..<65: count = 1
        case ..<75: count = 2
        case ..<82: count = 3
        case ..<88: count = 4
        case ..<93: count = 6
        default: count = 9
        }
        let roll = Int.random(in: 0..<100, using: &generator)
        let source: Source = roll < 35 ? .memory : roll < 75 ? .disk : .network
        return (0..<count).map { _ in Photo(seed: generator.next(), latency: latency(from: source, using: &generator)) }
    }

    /// How long one image takes from `source`: at once from memory, 8–40 ms from disk, 120–450 ms
    /// over the network (each image its own request).
    private static func latency(from source: Source, using generator: inout SplitMix64) -> Duration {
        switch source {
        case .memory: .zero
        case .disk: .milliseconds(Int.random(in: 8...40, using: &generator))
        case .network: .milliseconds(Int.random(in: 120...450, using: &generator))
        }
    }
}
