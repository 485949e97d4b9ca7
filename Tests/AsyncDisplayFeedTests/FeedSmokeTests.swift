import AsyncDisplay
import Foundation
import XCTest

@testable import AsyncDisplayFeed

/// What a run printed, collected on the main actor.
@MainActor
private final class PrintedLines {
    var lines: [String] = []
}

/// A short run of `feed` in every mode, on the real main run loop with the package's run-loop
/// transaction observer: XCTest runs on the process's main thread, where that loop can spin
/// (Swift Testing never spins it on Linux). Only the consistency of the numbers is checked,
/// never their size: they depend on the machine.
final class FeedSmokeTests: XCTestCase {
    func testEveryModeReportsConsistentNumbersAndWritesItsPictures() throws {
        XCTAssertTrue(Thread.isMainThread)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "feed-smoke-\(UInt64.random(in: 0...UInt64.max))", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = FeedOptions()
        options.frames = 30
        options.posts = 40
        options.scale = 1
        options.animationFrames = 16
        options.isJSON = true
        options.output = folder.path
        let (summary, printed) = MainActor.assumeIsolated {
            let printed = PrintedLines()
            let program = FeedProgram(options: options, output: { printed.lines.append($0) }, log: { _ in })
            return (FeedProgram.runOnMainRunLoop(program), printed.lines)
        }

        // The flushes ran from the run-loop observer, not from a main-queue fallback.
        XCTAssertTrue(FeedRun.driver.isObserverInstalled)
        XCTAssertEqual(summary.results.map(\.mode), FeedMode.allCases)
        for result in summary.results {
            XCTAssertTrue(result.isConsistent, "\(result.mode): \(result.renders)")
            XCTAssertGreaterThan(result.renders.requested, 0)
            XCTAssertLessThanOrEqual(result.renders.committed, result.renders.started)
            XCTAssertEqual(
                result.renders.cancelled + result.renders.committed + result.renders.superseded,
                result.renders.requested)
            XCTAssertFalse(result.mainFrameNanoseconds.isEmpty)
            XCTAssertGreaterThan(result.visibleBitmapBytes, 0)
        }
        XCTAssertEqual(summary.results.first { $0.mode == .unbounded }?.renders.superseded, 0)
        XCTAssertEqual(printed.count, FeedMode.allCases.count * FeedReport.metrics(of: summary.results[0]).count)
        XCTAssertTrue(printed.allSatisfy { $0.hasPrefix(#"{"case": "feed."#) })

        XCTAssertTrue(summary.errors.isEmpty, "\(summary.errors)")
        XCTAssertEqual(
            summary.pictures.map(\.lastPathComponent),
            ["feed-sync.png", "feed-async.png", "feed-async-no-cancel.png", "feed-unbounded.png"])
        for picture in summary.pictures {
            let bitmap = try Bitmap(pngData: Data(contentsOf: picture))
            XCTAssertEqual(bitmap.width, 390)
            XCTAssertEqual(bitmap.height, 844)
        }
        let animation = try [UInt8](Data(contentsOf: XCTUnwrap(summary.animation)))
        // One every 4 slots of 16 at 120 Hz (30 a second); a busy machine may skip some.
        let frames = try XCTUnwrap(animatedFrameCount(animation))
        XCTAssertTrue((1...4).contains(frames), "\(frames) frames")
        XCTAssertEqual(try Bitmap(pngData: animation).width, 390)
    }
}
