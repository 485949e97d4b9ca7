/// One post of the timeline: who wrote it, when, what it says, and the photos it carries.
public struct Post: Sendable, Hashable, Identifiable {
    /// The post's position in the timeline, 0 first.
    public let id: Int
    public let author: String
    /// Picks the avatar's colours and pattern.
    public let avatarSeed: UInt64
    /// How long the avatar takes to load once a cell shows the post (zero: in the memory cache).
    public let avatarLatency: Duration
    /// How long ago it was posted.
    public let minutesAgo: Int
    public let text: String
    /// Up to nine.
    public let photos: [Photo]

    public init(
        id: Int, author: String, avatarSeed: UInt64, avatarLatency: Duration, minutesAgo: Int, text: String,
        photos: [Photo]
    ) {
        self.id = id
        self.author = author
        self.avatarSeed = avatarSeed
        self.avatarLatency = avatarLatency
        self.minutesAgo = minutesAgo
        self.text = text
        self.photos = photos
    }

    /// The age as a feed shows it: "now", "12m", "3h", "5d".
    public var timestamp: String {
        switch minutesAgo {
        case ..<1: "now"
        case ..<60: "\(minutesAgo)m"
        case ..<(24 * 60): "\(minutesAgo / 60)h"
        default: "\(minutesAgo / (24 * 60))d"
        }
    }
}

/// A photo of a post.
public struct Photo: Sendable, Hashable {
    /// Picks what the photo shows.
    public let seed: UInt64
    /// How long it takes to load once a cell shows the post (zero: in the memory cache).
    public let latency: Duration

    public init(seed: UInt64, latency: Duration) {
        self.seed = seed
        self.latency = latency
    }
}

/// Which of a post's images have loaded: the avatar and each photo.
public struct LoadedImages: Sendable, Hashable {
    public var avatar = false
    /// Bit `i` for photo `i`.
    public var photos: UInt16 = 0

    public init(avatar: Bool = false, photos: UInt16 = 0) {
        self.avatar = avatar
        self.photos = photos
    }

    /// Everything of `post` that needs no loading (what the memory cache holds).
    public init(cachedOf post: Post) {
        avatar = post.avatarLatency <= .zero
        for (index, photo) in post.photos.enumerated() where index < 16 && photo.latency <= .zero {
            photos |= 1 << UInt16(index)
        }
    }

    /// Whether photo `index` has loaded.
    public func hasPhoto(_ index: Int) -> Bool {
        index >= 0 && index < 16 && photos >> UInt16(index) & 1 == 1
    }

    /// Marks photo `index` loaded (indices outside 0..<16 are ignored).
    public mutating func insertPhoto(_ index: Int) {
        if index >= 0 && index < 16 { photos |= 1 << UInt16(index) }
    }
}
