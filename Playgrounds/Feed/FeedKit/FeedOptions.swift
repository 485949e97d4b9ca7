import AsyncDisplay

/// What `feed` runs, from its command line.
public struct FeedOptions: Sendable, Equatable {
    /// Refresh slots per mode.
    public var frames = 900
    public var posts = 500
    /// Frames per second of the frame clock.
    public var refreshRate = 120.0
    /// The modes to run, in order.
    public var modes = FeedMode.allCases
    /// Where pictures go.
    public var output = "feed-output"
    /// JSON lines instead of tables.
    public var isJSON = false
    /// Pixels per point.
    public var scale = 3.0
    public var seed = Timeline.defaultSeed
    /// The screen in points: a phone.
    public var screen = Size(width: 390, height: 844)
    /// Screen heights ahead of the screen that cells display already.
    public var lookahead = 0.5
    /// Refresh slots of the recorded async scroll (0 for none).
    public var animationFrames = 120
    public var writesPictures = true
    /// Whether the scroll goes back to the top once, two thirds of the way through, as a
    /// status-bar tap does.
    public var scrollsToTop = true
    /// Where the feed opens, as a fraction of its scrollable height: where its reader left off
    /// last time, as feeds restore their position.
    public var resumeAt = 0.8

    public init() {}

    /// Reads `arguments` (without the program name). Options take their value as the next
    /// argument or after `=`.
    ///
    /// - Throws: `FeedOptionsError` for an unknown option, a missing or invalid value, or
    ///   `--help`.
    public init(arguments: [String]) throws(FeedOptionsError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(FeedOptionsError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw .missingValue(option: name) }
                return next
            }
            switch name {
            case "--help", "-h": throw .helpRequested
            case "--json": isJSON = true
            case "--no-pictures": writesPictures = false
            case "--no-scroll-to-top": scrollsToTop = false
            case "--frames": frames = try Self.integer(try value(), for: name, in: 1...1_000_000)
            case "--posts": posts = try Self.integer(try value(), for: name, in: 1...100_000)
            case "--animation-frames": animationFrames = try Self.integer(try value(), for: name, in: 0...10_000)
            case "--seed": seed = UInt64(try Self.integer(try value(), for: name, in: 0...Int.max))
            case "--refresh-rate": refreshRate = try Self.number(try value(), for: name, in: 1...1000)
            case "--scale": scale = try Self.number(try value(), for: name, in: 0.25...8)
            case "--lookahead": lookahead = try Self.number(try value(), for: name, in: 0...10)
            case "--resume-at": resumeAt = try Self.number(try value(), for: name, in: 0...1)
            case "--output":
                output = try value()
                if output.isEmpty { throw .invalidValue(option: name, value: output, expected: "a folder") }
            case "--mode": modes = try Self.modes(try value())
            default: throw .unknownOption(argument)
            }
        }
    }

    /// What `--help` prints.
    public static let usage = """
        usage: feed [options]
        Scrolls a feed of posts on the main run loop in each mode, measuring every frame.
          --mode M              sync, async, async-no-cancel, unbounded, or all (default), or a
                                comma-separated list
          --frames N            refresh slots per mode (default 900)
          --posts N             posts in the timeline (default 500)
          --refresh-rate HZ     frame clock rate (default 120)
          --scale S             pixels per point (default 3)
          --lookahead SCREENS   how far ahead cells display, in screen heights (default 0.5)
          --seed N              the timeline's seed
          --output DIR          where pictures go (default ./feed-output)
          --animation-frames N  refresh slots of the recorded async scroll (default 120; 0: none)
          --resume-at F         where the feed opens, as a fraction of its height, as where its
                                reader left off (default 0.8; 0: the top)
          --no-scroll-to-top    never tap the status bar (by default the scroll goes back to
                                the top in 0.3 s two thirds of the way through)
          --no-pictures         write no pictures
          --json                one JSON line per metric, named feed.<mode>.<metric>
        """

    private static func integer(
        _ text: String, for option: String, in range: ClosedRange<Int>
    ) throws(FeedOptionsError) -> Int {
        try parse(text, for: option, in: range, expected: "a whole number")
    }

    private static func number(
        _ text: String, for option: String, in range: ClosedRange<Double>
    ) throws(FeedOptionsError) -> Double {
        try parse(text, for: option, in: range, expected: "a number")
    }

    private static func parse<Value: LosslessStringConvertible & Comparable>(
        _ text: String, for option: String, in range: ClosedRange<Value>, expected: String
    ) throws(FeedOptionsError) -> Value {
        guard let value = Value(text), range.contains(value) else {
            throw .invalidValue(option: option, value: text, expected: "\(expected) in \(range)")
        }
        return value
    }

    private static func modes(_ text: String) throws(FeedOptionsError) -> [FeedMode] {
        if text == "all" { return FeedMode.allCases }
        var modes: [FeedMode] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let mode = FeedMode(rawValue: String(name)) else {
                throw .invalidValue(
                    option: "--mode", value: text,
                    expected: "all or a list of " + FeedMode.allCases.map(\.rawValue).joined(separator: ", "))
            }
            if !modes.contains(mode) { modes.append(mode) }
        }
        return modes
    }
}

/// Why `feed`'s command line could not be read.
public enum FeedOptionsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `--help` or `-h`: print the usage.
    case helpRequested
    case unknownOption(String)
    case missingValue(option: String)
    case invalidValue(option: String, value: String, expected: String)

    public var description: String {
        switch self {
        case .helpRequested: FeedOptions.usage
        case .unknownOption(let option): "Unknown option \(option)"
        case .missingValue(let option): "\(option) needs a value"
        case .invalidValue(let option, let value, let expected): "\(option) \(value): expected \(expected)"
        }
    }
}
