import AsyncDisplay
import AsyncDisplayTesting
import Synchronization

/// The cases under `frame.`: composing 200 layers on a 390 × 844 pt screen at scale 3.
func frameBenchmarks() -> [Benchmark] {
    [
        Benchmark(name: "frame.compose.full", unit: .milliseconds, samples: 7) {
            let scene = FrameScene.shared
            let sequence = scene.nextSequence()
            return await scene.time {
                await scene.compositor.compose(scene.before, sequence: sequence, fullRecomposition: true)
            }
        },
        Benchmark(name: "frame.compose.damaged", unit: .milliseconds, samples: 7) {
            let scene = FrameScene.shared
            let sequence = scene.nextSequence()
            await scene.compositor.compose(scene.before, sequence: sequence, fullRecomposition: true)
            return await scene.time {
                await scene.compositor.compose(scene.after, sequence: sequence + 1)
            }
        },
    ]
}

/// 200 layers (cards of assorted sizes, some translucent) and the same scene with 5 of them
/// redrawn.
private final class FrameScene: Sendable {
    static let shared = FrameScene()

    let compositor = Compositor(size: Size(width: 390, height: 844), scale: 3)
    let before: LayerTreeSnapshot
    let after: LayerTreeSnapshot
    private let sequence = Atomic<Int>(0)

    private init() {
        var generator = SplitMix64(seed: 0xF4A3E)
        let identities = (0..<200).map { _ in Identity() }
        func card(_ seed: UInt64, width: Double, height: Double) -> Bitmap {
            var canvas = Canvas(width: Int(width * 3), height: Int(height * 3), scale: 3)
            let hue = Double(seed % 7) / 7
            canvas.fill(
                Rect(x: 0, y: 0, width: width, height: height), with: Color(red: hue, green: 0.6, blue: 1 - hue))
            canvas.fill(Rect(x: 8, y: 8, width: width / 2, height: 12), with: Color(white: 0.1, alpha: 0.8))
            return canvas.makeBitmap()
        }
        var nodes: [LayerTreeSnapshot.Node] = []
        for index in 0..<200 {
            let width = Double(40 + generator.next() % 140)
            let height = Double(30 + generator.next() % 90)
            nodes.append(
                .init(
                    id: ObjectIdentifier(identities[index]),
                    contents: card(generator.next(), width: width, height: height),
                    origin: Point(x: Double(generator.next() % 350), y: Double(generator.next() % 800)),
                    clip: nil, opacity: generator.next() % 4 == 0 ? 0.85 : 1))
        }
        before = LayerTreeSnapshot(nodes: nodes)
        for index in [3, 50, 97, 140, 199] {
            let old = nodes[index]
            nodes[index] = .init(
                id: old.id,
                contents: card(generator.next(), width: old.contents!.size.width, height: old.contents!.size.height),
                origin: old.origin, clip: nil, opacity: old.opacity)
        }
        after = LayerTreeSnapshot(nodes: nodes)
    }

    /// A sequence number above every one used so far, with room for one more after it.
    func nextSequence() -> Int { sequence.add(2, ordering: .relaxed).newValue }

    /// Milliseconds `body` takes.
    func time(_ body: () async -> Void) async -> Double {
        let start = monotonicNanoseconds()
        await body()
        return Double(monotonicNanoseconds() - start) / 1e6
    }

    private final class Identity: Sendable {}
}
