import AsyncDisplay
import AsyncDisplayTesting
import Testing

@testable import AsyncDisplayFeed

@MainActor
@Suite("Feed view")
struct FeedViewTests {
    private func makeView(mode: FeedMode) -> (FeedView, ManualRunLoop, RenderLedger) {
        let runLoop = ManualRunLoop()
        let ledger = RenderLedger()
        let posts = Timeline.generate(count: 40, seed: 5)
        let geometry = FeedGeometry(posts: posts, width: 390, engine: FeedTextEngine())
        let context = CellContext(
            mode: mode, scale: 1, engine: FeedTextEngine(), ledger: ledger,
            transactions: runLoop.makeCoalescer(), memory: PeakGauge())
        let view = FeedView(
            posts: posts, geometry: geometry, context: context, screen: Size(width: 390, height: 844),
            lookahead: 0.5, refreshRate: 120)
        return (view, runLoop, ledger)
    }

    /// Turns the run loop (displays start at the flush) and waits for every render to end.
    private func settle(_ runLoop: ManualRunLoop, _ ledger: RenderLedger) async {
        runLoop.runTurn()
        await ledger.waitUntilSettled()
        runLoop.runTurn()
    }

    @Test(
        "Cells in the display range draw; those leaving it release their contents at once and are reused",
        arguments: FeedMode.allCases)
    func reuse(mode: FeedMode) async {
        let (view, runLoop, ledger) = makeView(mode: mode)
        view.scroll(to: 0, direction: 1, frame: 1)
        await settle(runLoop, ledger)
        let first = view.cells
        #expect(!first.isEmpty)
        #expect(first.values.allSatisfy { $0.content.contents != nil })
        #expect(first.values.allSatisfy { $0.photos.allSatisfy { $0.contents != nil } })
        #expect(first.keys.allSatisfy { first[$0]!.photos.count == view.geometry.photoFrames[$0].count })
        let made = view.cellCount

        view.scroll(to: 4000, direction: 1, frame: 2)
        #expect(first.keys.allSatisfy { view.cells[$0] == nil })
        #expect(first.values.allSatisfy { $0.content.contents == nil })
        #expect(first.values.allSatisfy { $0.photos.allSatisfy { $0.contents == nil } })
        #expect(view.cellCount == max(made, view.cells.count))  // reused before any new one was made
        await settle(runLoop, ledger)
        #expect(view.cells.values.allSatisfy { $0.content.contents != nil })
        #expect(view.cells.values.allSatisfy { $0.photos.allSatisfy { $0.contents != nil } })
        let counts = ledger.counts
        #expect(counts.committed + counts.cancelled + counts.superseded == counts.requested)
        #expect(counts.committed <= counts.started)

        view.suspendDisplays()
        view.removeAllCells()
        #expect(view.cells.isEmpty)
        #expect(LayerTreeSnapshot(root: view.root).nodes.allSatisfy { $0.contents == nil })
    }

    @Test("Images arrive their latency later, and only while the post is still on screen")
    func arrivals() async {
        let (view, runLoop, ledger) = makeView(mode: .async)
        view.scroll(to: 0, direction: 1, frame: 1)
        await settle(runLoop, ledger)
        let waiting = view.cells.filter { !$0.value.loaded.avatar }
        #expect(!waiting.isEmpty)
        // 40 ms at 120 Hz is 5 frames; the disk cache answers within that.
        for frame in 2...6 { view.scroll(to: 0, direction: 1, frame: frame) }
        let diskAvatars = waiting.filter { $0.value.post!.avatarLatency <= .milliseconds(40) }
        #expect(!diskAvatars.isEmpty)
        #expect(diskAvatars.values.allSatisfy { $0.loaded.avatar })
        await settle(runLoop, ledger)
    }

    @Test("A photo arriving redraws its own layer and no other")
    func photoArrival() async throws {
        let (view, runLoop, ledger) = makeView(mode: .async)
        var found: (cell: FeedCell, photo: Int)?
        for offset in stride(from: 0.0, through: 8000, by: 1000) where found == nil {
            view.scroll(to: offset, direction: 1, frame: 1)
            await settle(runLoop, ledger)
            found =
                view.cells.values.lazy.compactMap { cell in
                    cell.post.flatMap { post in
                        post.photos.indices.first { !cell.loaded.hasPhoto($0) }.map { (cell, $0) }
                    }
                }.first
        }
        let (cell, photo) = try #require(found, "a cell on screen waiting for a photo")
        let layers = [cell.content] + cell.photos
        let before = layers.map(\.contentsGeneration)
        let invalidations = ledger.counts.invalidations
        cell.photoDidLoad(photo)
        await settle(runLoop, ledger)
        #expect(ledger.counts.invalidations == invalidations + 1)
        let after = layers.map(\.contentsGeneration)
        for index in layers.indices {
            #expect((before[index] != after[index]) == (index == photo + 1), "layer \(index)")
        }
    }

    @Test("A cell reused for a post with fewer photos takes the extra photo layers out of the tree")
    func reuseWithFewerPhotos() async {
        let runLoop = ManualRunLoop()
        let ledger = RenderLedger()
        let posts = [9, 1].enumerated().map { index, count in
            Post(
                id: index, author: "Ada Lovelace", avatarSeed: 1, avatarLatency: .zero, minutesAgo: 5,
                text: "notes on the engine", photos: (0..<count).map { Photo(seed: UInt64($0), latency: .zero) })
        }
        let geometry = FeedGeometry(posts: posts, width: 390, engine: FeedTextEngine())
        let context = CellContext(
            mode: .async, scale: 1, engine: FeedTextEngine(), ledger: ledger, transactions: runLoop.makeCoalescer(),
            memory: PeakGauge())
        let parent = AsyncLayer(transactions: context.transactions)
        let cell = FeedCell(context: context)
        cell.configure(posts[0], at: 0, of: geometry, loaded: LoadedImages(cachedOf: posts[0]), in: parent)
        #expect(cell.photos.count == 9 && cell.container.sublayers.count == 10)
        let ninth = cell.photos[8]
        await settle(runLoop, ledger)
        #expect(cell.photos.allSatisfy { $0.contents != nil })

        cell.recycle()
        cell.configure(posts[1], at: 1, of: geometry, loaded: LoadedImages(cachedOf: posts[1]), in: parent)
        #expect(cell.photos.count == 1 && cell.container.sublayers.count == 2)
        #expect(ninth.superlayer == nil && ninth.contents == nil)
        #expect(cell.makeDisplayTask(for: ninth).display == nil)  // out of the tree: nothing to draw
        await settle(runLoop, ledger)
        #expect(cell.photos[0].contents?.width == Int(geometry.photoFrames[1][0].width.rounded(.up)))
    }

    @Test("Undrawn cell parts on screen are reported where they are")
    func undrawnAreas() async {
        let (view, runLoop, ledger) = makeView(mode: .async)
        view.scroll(to: 100, direction: 1, frame: 1)
        let before = view.undrawnAreas(in: LayerTreeSnapshot(root: view.root), offset: 100)
        let onScreen = view.geometry.cells(from: 100, to: 944)
        #expect(before.count == onScreen.reduce(0) { $0 + 1 + view.geometry.photoFrames[$1].count })
        #expect(before.first?.minY == view.geometry.tops[onScreen.lowerBound] - 100)
        await settle(runLoop, ledger)
        #expect(view.undrawnAreas(in: LayerTreeSnapshot(root: view.root), offset: 100).isEmpty)
    }
}

@MainActor
@Suite("Cell layer settings")
struct CellLayerSettingsTests {
    @Test("Bounds queued on a layer's executor are queued at once, ahead of the display started next")
    func boundsComeFirst() async {
        let executor = ManualExecutor()
        let layer = AsyncLayer(executor: executor, transactions: ManualRunLoop().makeCoalescer())
        layer.enqueueBounds(Size(width: 7, height: 3))
        layer.enqueueCellSettings(scale: 2, mode: .sync)
        #expect(executor.pendingJobCount == 2)
        let delegate = FillDelegate()
        layer.delegate = delegate
        let outcome = await executor.drive { await layer.display() }
        #expect(outcome.bitmap?.width == 14 && outcome.bitmap?.height == 6)
        #expect(outcome.bitmap?.isOpaque == true)
        #expect(!(await executor.drive { await layer.displaysAsynchronously }))
        #expect(await executor.drive { await layer.cancelsStaleDisplays })
    }
}

@MainActor
private final class FillDelegate: AsyncLayerDelegate {
    func makeDisplayTask(for layer: AsyncLayer) -> DisplayTask {
        DisplayTask(display: { canvas, size, _ in canvas.fill(Rect(origin: .zero, size: size), with: .blue) })
    }
}
