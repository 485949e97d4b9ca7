import AsyncDisplayFeed
import Testing

@Suite("Timeline")
struct TimelineTests {
    @Test("The same seed gives the same posts; another seed gives others")
    func deterministic() {
        let first = Timeline.generate(count: 200, seed: 42)
        #expect(first == Timeline.generate(count: 200, seed: 42))
        #expect(first != Timeline.generate(count: 200, seed: 43))
        #expect(Array(first.prefix(50)) == Timeline.generate(count: 50, seed: 42))
    }

    @Test("Posts are numbered in order, get older down the feed, and carry at most nine photos")
    func shape() {
        let posts = Timeline.generate(count: 500)
        #expect(posts.map(\.id) == Array(0..<500))
        #expect(zip(posts, posts.dropFirst()).allSatisfy { $0.minutesAgo <= $1.minutesAgo })
        #expect(posts.allSatisfy { $0.photos.count <= 9 && !$0.text.isEmpty && !$0.author.isEmpty })
        let withPhotos = posts.filter { !$0.photos.isEmpty }.count
        #expect(withPhotos > 150 && withPhotos < 350)
        #expect(posts.contains { $0.photos.count == 9 } && posts.contains { $0.photos.count == 1 })
    }

    @Test("Images come from memory at once, from disk in 8–40 ms, or from the network in 120–450 ms")
    func latencies() {
        let posts = Timeline.generate(count: 500)
        let latencies = posts.flatMap { [$0.avatarLatency] + $0.photos.map(\.latency) }
        #expect(
            latencies.allSatisfy {
                $0 == .zero || (.milliseconds(8)...(.milliseconds(40))).contains($0)
                    || (.milliseconds(120)...(.milliseconds(450))).contains($0)
            })
        #expect(latencies.contains(.zero) && latencies.contains { $0 >= .milliseconds(120) })
        // A post's photos all come from one place.
        for post in posts where post.photos.count > 1 {
            let fromMemory = post.photos.map { $0.latency == .zero }
            #expect(Set(fromMemory).count == 1)
        }
    }

    @Test("A count under one gives no posts", arguments: [0, -5])
    func emptyFeed(count: Int) {
        #expect(Timeline.generate(count: count).isEmpty)
    }

    @Test("Timestamps read as a feed shows them")
    func timestamps() {
        func post(_ minutes: Int) -> Post {
            Post(id: 0, author: "A", avatarSeed: 0, avatarLatency: .zero, minutesAgo: minutes, text: "x", photos: [])
        }
        #expect(
            [0, 1, 59, 60, 119, 1439, 1440, 4321].map { post($0).timestamp } == [
                "now", "1m", "59m", "1h", "1h", "23h", "1d", "3d",
            ])
    }

    @Test("Loaded images start from what the memory cache holds")
    func cachedImages() {
        let post = Post(
            id: 0, author: "A", avatarSeed: 0, avatarLatency: .milliseconds(10), minutesAgo: 0, text: "x",
            photos: [
                Photo(seed: 1, latency: .zero), Photo(seed: 2, latency: .milliseconds(200)),
                Photo(seed: 3, latency: .zero),
            ])
        var loaded = LoadedImages(cachedOf: post)
        #expect(!loaded.avatar)
        #expect([0, 1, 2, 3].map(loaded.hasPhoto) == [true, false, true, false])
        loaded.insertPhoto(1)
        loaded.insertPhoto(40)  // ignored
        #expect(loaded.photos == 0b111 && !loaded.hasPhoto(-1) && !loaded.hasPhoto(40))
    }
}
