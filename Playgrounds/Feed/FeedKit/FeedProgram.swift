import AsyncDisplay
import CoreFoundation
import Foundation

/// The `feed` program: makes the timeline, scrolls it in each mode on the main run loop, prints
/// what each measured, and writes a picture of each mode's last frame and an animation of an
/// async scroll.
///
/// Concurrency: runs on the main actor, which must be the main thread with its run loop spinning
/// (`runOnMainRunLoop` does that): the frame clock and the transaction flushes are run-loop
/// callouts.
@MainActor
public final class FeedProgram {
    /// What a whole run produced.
    public struct Summary: Sendable {
        public var results: [FeedModeResult] = []
        /// Each mode's last frame, in mode order.
        public var pictures: [URL] = []
        /// The async scroll's frames.
        public var animation: URL?
        /// Pictures that could not be written.
        public var errors: [PictureWriteError] = []
    }

    private let options: FeedOptions
    private let writer: any PictureWriter
    /// Where results go (standard output).
    private let output: @MainActor (String) -> Void
    /// Where progress and notes go (standard error).
    private let log: @MainActor (String) -> Void

    public init(
        options: FeedOptions, writer: any PictureWriter = FeedPictureWriter(),
        output: @escaping @MainActor (String) -> Void, log: @escaping @MainActor (String) -> Void
    ) {
        self.options = options
        self.writer = writer
        self.output = output
        self.log = log
    }

    /// Runs `program` on the main run loop (`RunLoop.main`), spinning it until the program is
    /// done; for the executable's top level and for tests on the main thread.
    public static func runOnMainRunLoop(_ program: FeedProgram) -> Summary {
        let done = SummaryBox()
        Task { @MainActor in
            done.summary = await program.run()
            CFRunLoopStop(CFRunLoopGetMain())
        }
        while done.summary == nil {
            _ = CFRunLoopRunInMode(kCFRunLoopDefaultMode, 1, false)
        }
        return done.summary!
    }

    /// Makes the feed and scrolls it in every mode asked for, one after another.
    public func run() async -> Summary {
        var summary = Summary()
        let posts = Timeline.generate(count: options.posts, seed: options.seed)
        let width = options.screen.width
        let layoutStart = ContinuousClock.now
        let geometry = await Task.detached {
            FeedGeometry(posts: posts, width: width, engine: FeedTextEngine())
        }.value
        log(
            "Laid out \(posts.count) posts off the main actor in \(Self.milliseconds(since: layoutStart)) ms; "
                + "the feed is \(Int(geometry.totalHeight)) pt tall.")
        let scrollable = geometry.totalHeight - options.screen.height
        let profile = ScrollProfile(
            frames: options.frames, refreshRate: options.refreshRate, maximumOffset: scrollable,
            startOffset: scrollable * options.resumeAt, scrollToTopAt: options.scrollsToTop ? 2.0 / 3 : nil)
        log(
            "Each mode scrolls \(options.frames) frames at \(FeedReport.format(options.refreshRate)) Hz "
                + "(mean \(Int(profile.meanVelocity)) pt/s, peak \(Int(profile.peakVelocity)) pt/s) on a "
                + "\(Int(options.screen.width)) × \(Int(options.screen.height)) pt screen at scale "
                + "\(FeedReport.format(options.scale)), opening \(Int(profile.offsets[0])) pt down "
                + "(post \(geometry.cells(from: profile.offsets[0], to: profile.offsets[0] + 1).lowerBound + 1)), "
                + "where its reader left off.")
        if let top = profile.scrollToTop {
            log(
                "At frame \(top.frame) the status bar is tapped: the feed goes back to the top from "
                    + "\(Int(top.offset)) pt in \(top.frames) frames.")
        }
        // Made before the first mode, so every mode counts its thread alike.
        let pictureExecutor = ThreadExecutor(name: "feed.pictures", qualityOfService: .utility, spinDuration: .zero)
        for mode in options.modes {
            let (result, final) = await scroll(mode: mode, posts: posts, geometry: geometry, profile: profile)
            summary.results.append(result)
            if options.isJSON {
                for line in FeedReport.jsonLines(of: result) { output(line) }
            } else {
                output(FeedReport.table(of: result))
            }
            if options.writesPictures, let final {
                let compositor = Compositor(
                    size: options.screen, scale: options.scale, background: CellStyle.background,
                    refreshRate: options.refreshRate, executor: pictureExecutor)
                let frame = await FramePicture.compose(final.snapshot, undrawn: final.undrawn, on: compositor)
                let name = "feed-\(mode.rawValue)"
                let url = write(&summary) { (folder) throws(PictureWriteError) in
                    try writer.writeStill(frame, named: name, in: folder)
                }
                if let url {
                    summary.pictures.append(url)
                    log(
                        "Wrote \(mode.rawValue)'s last frame (\(final.undrawn.count) parts undrawn, marked) to \(url.path)"
                    )
                }
            }
        }
        if !options.isJSON { output(FeedComparison.text(of: summary.results)) }
        if options.writesPictures && options.animationFrames > 0 {
            summary.animation = await recordScroll(
                posts: posts, geometry: geometry, executor: pictureExecutor, &summary)
        }
        await pictureExecutor.shutdown()
        return summary
    }

    // MARK: Private

    private func scroll(
        mode: FeedMode, posts: [Post], geometry: FeedGeometry, profile: ScrollProfile,
        recorder: (@MainActor (Int, LayerTreeSnapshot, [Rect]) -> Void)? = nil
    ) async -> (FeedModeResult, FeedRun.FinalFrame?) {
        let setup = FeedRun.Setup(
            mode: mode, posts: posts, geometry: geometry, profile: profile, screen: options.screen,
            scale: options.scale, refreshRate: options.refreshRate, lookahead: options.lookahead)
        let frames = profile.offsets.count - 1
        let log = self.log
        let run = FeedRun(
            setup, progress: { frame in log("  \(mode.rawValue): frame \(frame) of \(frames)") }, recorder: recorder)
        return await run.run()
    }

    /// Scrolls in async mode once more, unmeasured, keeping a frame every 1/30 s (scale 1).
    private func recordScroll(
        posts: [Post], geometry: FeedGeometry, executor: ThreadExecutor, _ summary: inout Summary
    ) async -> URL? {
        let every = max(1, Int((options.refreshRate / 30).rounded()))
        let compositor = Compositor(
            size: options.screen, scale: 1, background: CellStyle.background, refreshRate: options.refreshRate,
            executor: executor)
        let recorder = ScrollRecorder(every: every, compositor: compositor)
        let profile = ScrollProfile(
            frames: options.animationFrames, refreshRate: options.refreshRate,
            maximumOffset: geometry.totalHeight - options.screen.height, scrollToTopAt: nil)
        log("Recording an async scroll of \(options.animationFrames) frames…")
        _ = await scroll(
            mode: .async, posts: posts, geometry: geometry, profile: profile,
            recorder: { recorder.record($0, $1, $2) })
        let frames = await recorder.frames()
        let duration = Duration.seconds(Double(every) / options.refreshRate)
        let url = write(&summary) { (folder) throws(PictureWriteError) in
            try writer.writeAnimation(frames, frameDuration: duration, named: "feed-async-scroll", in: folder)
        }
        guard let url else { return nil }
        log("Wrote the async scroll (\(frames.count) frames) to \(url.path)")
        return url
    }

    /// Runs a write into the output folder; notes a failure in `summary` and the log.
    private func write(
        _ summary: inout Summary, _ body: (URL) throws(PictureWriteError) -> URL
    ) -> URL? {
        do {
            return try body(URL(fileURLWithPath: options.output, isDirectory: true))
        } catch {
            summary.errors.append(error)
            log("\(error)")
            return nil
        }
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> String {
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        return FeedReport.format(Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }
}

/// Where `runOnMainRunLoop` receives the summary.
@MainActor
private final class SummaryBox {
    var summary: FeedProgram.Summary?
}
