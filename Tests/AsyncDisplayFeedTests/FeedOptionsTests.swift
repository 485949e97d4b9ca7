import AsyncDisplay
import AsyncDisplayFeed
import Testing

@Suite("Feed options")
struct FeedOptionsTests {
    @Test("No arguments give the defaults: every mode, 900 frames at 120 Hz, 500 posts, ./feed-output")
    func defaults() throws {
        let options = try FeedOptions(arguments: [])
        #expect(options == FeedOptions())
        #expect(options.modes == [.sync, .async, .asyncNoCancel, .unbounded])
        #expect(options.frames == 900 && options.refreshRate == 120 && options.posts == 500)
        #expect(options.output == "feed-output" && !options.isJSON && options.scale == 3)
        #expect(options.screen == Size(width: 390, height: 844) && options.resumeAt == 0.8)
    }

    @Test("Options take their value after a space or an equals sign")
    func values() throws {
        let options = try FeedOptions(arguments: [
            "--frames", "240", "--posts=80", "--refresh-rate", "60", "--mode", "async,unbounded", "--output=out",
            "--json", "--scale", "2", "--seed", "9", "--lookahead", "1", "--animation-frames", "0", "--no-pictures",
            "--no-scroll-to-top", "--resume-at=0.25",
        ])
        #expect(options.frames == 240 && options.posts == 80 && options.refreshRate == 60)
        #expect(options.modes == [.async, .unbounded])
        #expect(options.output == "out" && options.isJSON && options.scale == 2 && options.seed == 9)
        #expect(options.lookahead == 1 && options.animationFrames == 0 && !options.writesPictures)
        #expect(!options.scrollsToTop && FeedOptions().scrollsToTop && options.resumeAt == 0.25)
        #expect(try FeedOptions(arguments: ["--mode", "async-no-cancel"]).modes == [.asyncNoCancel])
        #expect(try FeedOptions(arguments: ["--mode", "all"]).modes == FeedMode.allCases)
    }

    @Test(
        "Bad command lines throw a clear error",
        arguments: [
            (["--frames"], FeedOptionsError.missingValue(option: "--frames")),
            (
                ["--frames", "0"],
                .invalidValue(option: "--frames", value: "0", expected: "a whole number in 1...1000000")
            ),
            (
                ["--refresh-rate", "nan"],
                .invalidValue(option: "--refresh-rate", value: "nan", expected: "a number in 1.0...1000.0")
            ),
            (
                ["--posts", "many"],
                .invalidValue(option: "--posts", value: "many", expected: "a whole number in 1...100000")
            ),
            (
                ["--mode", "fast"],
                .invalidValue(
                    option: "--mode", value: "fast",
                    expected: "all or a list of sync, async, async-no-cancel, unbounded")
            ),
            (["--output="], .invalidValue(option: "--output", value: "", expected: "a folder")),
            (
                ["--resume-at", "1.5"],
                .invalidValue(option: "--resume-at", value: "1.5", expected: "a number in 0.0...1.0")
            ),
            (["--fast"], .unknownOption("--fast")),
            (["-h"], .helpRequested),
        ])
    func errors(arguments: [String], error: FeedOptionsError) {
        #expect(throws: error) { try FeedOptions(arguments: arguments) }
    }

    @Test("The usage names every option")
    func usage() {
        for option in [
            "--mode", "--frames", "--posts", "--refresh-rate", "--output", "--json", "--scale", "--no-scroll-to-top",
            "--resume-at",
        ] {
            #expect(FeedOptions.usage.contains(option))
        }
        #expect(FeedOptionsError.helpRequested.description == FeedOptions.usage)
    }
}
