import AsyncDisplayFeed
import Foundation

// `feed`: scrolls a feed of posts in each drawing mode on the main run loop and reports what
// every frame cost. `feed --help` lists the options.

let options: FeedOptions
do {
    options = try FeedOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch .helpRequested {
    print(FeedOptions.usage)
    exit(0)
} catch {
    FileHandle.standardError.write(Data("feed: \(error)\n\n\(FeedOptions.usage)\n".utf8))
    exit(2)
}

let program = FeedProgram(
    options: options,
    output: { line in print(line) },
    log: { line in FileHandle.standardError.write(Data((line + "\n").utf8)) })
let summary = FeedProgram.runOnMainRunLoop(program)
exit(summary.errors.isEmpty ? 0 : 1)
