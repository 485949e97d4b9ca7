import AsyncDisplay
import AsyncDisplayTesting
import Testing

/// `a × b ÷ 255` rounded to nearest, in floating point.
private func naiveMultiply(_ a: Int, _ b: Int) -> Int { Int((Double(a) * Double(b) / 255).rounded()) }

/// `a × b ÷ 255` rounded down: the destination's share in source-over.
private func naiveMultiplyRoundingDown(_ a: Int, _ b: Int) -> Int { a * b / 255 }

/// The naive reference compositor: every pixel of every node, one at a time, at scale 1:1.
private func naiveComposite(_ snapshot: LayerTreeSnapshot, width: Int, height: Int, scale: Double) -> [Pixel] {
    var pixels = [Pixel](repeating: .white, count: width * height)
    for node in snapshot.nodes {
        guard let contents = node.contents, node.opacity > 0 else { continue }
        let level = Int((min(node.opacity, 1) * 255).rounded())
        let left = Int((node.origin.x * scale).rounded())
        let top = Int((node.origin.y * scale).rounded())
        for y in 0..<height {
            for x in 0..<width {
                guard x >= left, x < left + contents.width, y >= top, y < top + contents.height else { continue }
                if let clip = node.clip {
                    let minX = Int((clip.minX * scale).rounded(.down))
                    let maxX = Int((clip.maxX * scale).rounded(.up))
                    let minY = Int((clip.minY * scale).rounded(.down))
                    let maxY = Int((clip.maxY * scale).rounded(.up))
                    guard !clip.isEmpty, x >= minX, x < maxX, y >= minY, y < maxY else { continue }
                }
                let source = contents[x: x - left, y: y - top]
                let scaled = [source.red, source.green, source.blue, source.alpha].map {
                    level == 255 ? Int($0) : naiveMultiply(Int($0), level)
                }
                let inverse = 255 - scaled[3]
                let old = pixels[y * width + x]
                let mixed = zip(scaled, [old.red, old.green, old.blue, old.alpha]).map {
                    UInt8($0 + naiveMultiplyRoundingDown(Int($1), inverse))
                }
                pixels[y * width + x] = Pixel(red: mixed[0], green: mixed[1], blue: mixed[2], alpha: mixed[3])
            }
        }
    }
    return pixels
}

/// A bitmap of random valid premultiplied pixels; opaque throughout (and known so) when asked.
private func randomBitmap(
    width: Int, height: Int, scale: Double, opaque: Bool = false, using generator: inout SplitMix64
) -> Bitmap {
    var canvas = Canvas(width: width, height: height, scale: scale, background: opaque ? .white : .clear)
    for y in 0..<height {
        for x in 0..<width {
            let alpha = Double(generator.next() % 256) / 255
            let color = Color(
                red: Double(generator.next() % 256) / 255, green: Double(generator.next() % 256) / 255,
                blue: Double(generator.next() % 256) / 255, alpha: opaque || generator.next() % 3 == 0 ? 1 : alpha)
            canvas.fill(
                Rect(x: Double(x) / scale, y: Double(y) / scale, width: 1 / scale, height: 1 / scale), with: color)
        }
    }
    return canvas.makeBitmap()
}

/// Overlapping translucent layers, some clipped, at half-point positions (or opaque ones).
private func randomScene(layers: Int, seed: UInt64, scale: Double, opaque: Bool = false) -> LayerTreeSnapshot {
    var generator = SplitMix64(seed: seed)
    let nodes = (0..<layers).map { index -> LayerTreeSnapshot.Node in
        let contents = randomBitmap(
            width: Int(generator.next() % 12) + 1, height: Int(generator.next() % 12) + 1, scale: scale,
            opaque: opaque, using: &generator)
        let origin = Point(x: Double(generator.next() % 40) / 2 - 3, y: Double(generator.next() % 40) / 2 - 3)
        let clip: Rect? =
            generator.next() % 3 == 0
            ? Rect(x: Double(generator.next() % 10), y: Double(generator.next() % 10), width: 6.5, height: 5.25) : nil
        return LayerTreeSnapshot.Node(
            id: ObjectIdentifier(contents.pixelIdentityBox(index)), contents: contents, origin: origin, clip: clip,
            opacity: opaque ? 1 : [1, 0.5, 0.8, 0.25][Int(generator.next() % 4)])
    }
    return LayerTreeSnapshot(nodes: nodes)
}

/// Stable identities for synthetic nodes.
private final class NodeIdentity: Sendable {}
private let identities = (0..<64).map { _ in NodeIdentity() }
extension Bitmap {
    fileprivate func pixelIdentityBox(_ index: Int) -> AnyObject { identities[index] }
}

@Suite("Compositor")
struct CompositorTests {
    @Test("Overlapping translucent, clipped layers compose pixel-exactly like the naive reference")
    func matchesReference() async {
        for seed in UInt64(1)...4 {
            let snapshot = randomScene(layers: 12, seed: seed, scale: 1)
            let compositor = Compositor(
                size: Size(width: 20, height: 16), scale: 1, executor: ThreadExecutor(name: "comp"))
            await compositor.compose(snapshot, sequence: 1)
            let frame = await compositor.currentFrame
            let actual = (0..<(20 * 16)).map { frame[x: $0 % 20, y: $0 / 20] }
            #expect(actual == naiveComposite(snapshot, width: 20, height: 16, scale: 1), "seed \(seed)")
            await (compositor.executor as! ThreadExecutor).shutdown()
        }
    }

    @Test(
        "A damaged-region recomposition equals a full one, at whole and fractional pixel positions",
        arguments: [false, true], [2.0, 1.0])
    func damagedEqualsFull(opaque: Bool, scale: Double) async {
        let executor = ThreadExecutor(name: "damage")
        let first = randomScene(layers: 10, seed: 7, scale: scale, opaque: opaque)
        var nodes = first.nodes
        // Move one layer, fade another, replace a third's contents, drop a fourth.
        nodes[2] = .init(
            id: nodes[2].id, contents: nodes[2].contents, origin: Point(x: 1.5, y: 2), clip: nodes[2].clip,
            opacity: nodes[2].opacity)
        nodes[4] = .init(
            id: nodes[4].id, contents: nodes[4].contents, origin: nodes[4].origin, clip: nodes[4].clip, opacity: 0.3)
        var generator = SplitMix64(seed: 99)
        let redrawn = randomBitmap(width: 5, height: 3, scale: scale, opaque: opaque, using: &generator)
        nodes[6] = .init(id: nodes[6].id, contents: redrawn, origin: nodes[6].origin, clip: nil, opacity: 1)
        nodes.remove(at: 8)
        let second = LayerTreeSnapshot(nodes: nodes)

        let incremental = Compositor(size: Size(width: 48, height: 40), scale: scale, executor: executor)
        await incremental.compose(first, sequence: 1)
        let composition = await incremental.compose(second, sequence: 2)
        guard case .damaged = composition else {
            Issue.record("expected a damaged-region recomposition, got \(composition)")
            return
        }
        let full = Compositor(size: Size(width: 48, height: 40), scale: scale, executor: executor)
        await full.compose(second, sequence: 1)
        #expect(await incremental.currentFrame == full.currentFrame)
        #expect(await incremental.compose(second, sequence: 3) == .unchanged)
        await executor.shutdown()
    }

    @Test("At each frame commit the tree is snapshotted and composed off the main actor")
    @MainActor
    func composesAtFrameCommits() async {
        let executor = ManualExecutor()
        let runLoop = ManualRunLoop()
        let delegate = RecordingDelegate(draw: filling(.red, log: DrawLog()))
        let root = await makeLayer(on: executor, size: Size(width: 10, height: 10), delegate: nil, runLoop: runLoop)
        let child = AsyncLayer(executor: executor, transactions: root.transactions)
        await executor.drive { await child.setBounds(Size(width: 4, height: 3)) }
        child.delegate = delegate
        child.frame = Rect(x: 2, y: 5, width: 4, height: 3)
        root.addSublayer(child)
        let compositor = Compositor(
            size: Size(width: 10, height: 10), scale: 1, executor: ThreadExecutor(name: "screen"))
        compositor.attach(root: root, to: root.transactions)

        child.setNeedsDisplay()
        runLoop.runTurn()  // the display starts; the tree change makes a frame (nothing drawn yet)
        await executor.waitForJobs()
        executor.runUntilIdle()
        await delegate.waitForDidDisplay(count: 1)
        var frames = root.transactions.frameCommits.makeAsyncIterator()
        runLoop.runTurn()  // the frame that carries the child's contents
        let commit = await frames.next()!
        let frame = await compositor.frame(after: commit.sequence)
        #expect(frame[x: 3, y: 6] == Color.red.premultiplied)
        #expect(frame[x: 1, y: 6] == .white)
        #expect(frame[x: 3, y: 8] == .white)

        child.opacity = 0
        runLoop.runTurn()
        let faded = await compositor.frame(after: commit.sequence + 1)
        #expect(faded[x: 3, y: 6] == .white)
        #expect(!root.addSublayer(root))  // a cycle is refused
        await (compositor.executor as! ThreadExecutor).shutdown()
    }

    @Test("Bounded wait: contents ready soon after a commit show in that same frame, without a flash")
    @MainActor
    func boundedWait() async {
        let executor = ManualExecutor()
        let runLoop = ManualRunLoop()
        let delegate = RecordingDelegate(draw: filling(.red, log: DrawLog()))
        let root = await makeLayer(on: executor, size: Size(width: 8, height: 8), delegate: nil, runLoop: runLoop)
        let child = AsyncLayer(executor: executor, transactions: root.transactions)
        await executor.drive { await child.setBounds(Size(width: 4, height: 4)) }
        child.delegate = delegate
        root.addSublayer(child)
        // A refresh rate so low that the wait is effectively unbounded: the draw decides.
        let compositor = Compositor(
            size: Size(width: 8, height: 8), scale: 1, refreshRate: 0.0001, executor: ThreadExecutor(name: "bounded"))
        compositor.attach(root: root, to: root.transactions)
        var frames = root.transactions.frameCommits.makeAsyncIterator()

        child.setNeedsDisplay()
        runLoop.runTurn()  // the display starts and the frame commits while it draws
        let commit = await frames.next()!
        #expect(child.isDisplayInFlight)
        await executor.waitForJobs()
        executor.runNext()  // the draw finishes after the commit, within the wait
        let frame = await compositor.frame(after: commit.sequence)
        #expect(frame[x: 1, y: 1] == Color.red.premultiplied)
        #expect(await compositor.lastComposedSequence == commit.sequence)
        await (compositor.executor as! ThreadExecutor).shutdown()
    }

    @Test("Damage at a fractional edge still redraws a neighbour that shares the edge pixel")
    func fractionalDamageEdge() async {
        let executor = ThreadExecutor(name: "edge")
        let identities = [NodeIdentity(), NodeIdentity()]
        func solid(_ color: Color, width: Int) -> Bitmap {
            var canvas = Canvas(width: width, height: 5, background: .white)
            canvas.fill(Rect(x: 0, y: 0, width: Double(width), height: 5), with: color)
            return canvas.makeBitmap()
        }
        let neighbour = solid(.blue, width: 5)  // unchanged between the frames
        func scene(_ changing: Color) -> LayerTreeSnapshot {
            LayerTreeSnapshot(nodes: [
                .init(
                    id: ObjectIdentifier(identities[0]), contents: solid(changing, width: 10),
                    origin: Point(x: 10.3, y: 0), clip: nil, opacity: 1),
                .init(
                    id: ObjectIdentifier(identities[1]), contents: neighbour,
                    origin: Point(x: 20.4, y: 0), clip: nil, opacity: 1),
            ])
        }
        let incremental = Compositor(size: Size(width: 60, height: 10), scale: 1, executor: executor)
        await incremental.compose(scene(.red), sequence: 1)
        #expect(await incremental.compose(scene(.green), sequence: 2) != .full)
        let full = Compositor(size: Size(width: 60, height: 10), scale: 1, executor: executor)
        await full.compose(scene(.green), sequence: 1)
        #expect(await incremental.currentFrame == full.currentFrame)
        await executor.shutdown()
    }
}
