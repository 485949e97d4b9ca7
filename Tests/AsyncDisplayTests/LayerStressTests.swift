import AsyncDisplay
import Synchronization
import Testing

/// Records every commit and checks that each layer's committed generations only grow.
@MainActor
private final class CommitAuditor: AsyncLayerDelegate {
    private var lastCommitted: [ObjectIdentifier: UInt64] = [:]
    private(set) var commits = 0
    private(set) var staleCommits = 0

    func makeDisplayTask(for layer: AsyncLayer) -> DisplayTask {
        DisplayTask(
            display: { canvas, size, isCancelled in
                guard !isCancelled() else { return }
                canvas.fill(Rect(origin: .zero, size: size), with: .blue)
            },
            didDisplay: { [weak self] layer, finished in
                guard let self, finished else { return }
                let key = ObjectIdentifier(layer)
                if let last = lastCommitted[key], last >= layer.contentsGeneration { staleCommits += 1 }
                lastCommitted[key] = layer.contentsGeneration
                commits += 1
            })
    }
}

@Suite("Layer stress")
struct LayerStressTests {
    @Test("64 tasks racing a million requests over shared layers never commit a stale generation")
    func racingRequests() async {
        let layerCount = 8
        let tasks = 64
        let requestsPerTask = 16_384  // 64 × 16,384 = 1,048,576 requests
        let auditor = CommitAuditor()
        let pool = try! ExecutorPool(name: "stress", count: 2)
        var layers: [AsyncLayer] = []
        for _ in 0..<layerCount {
            let layer = AsyncLayer(executor: pool.next())
            await layer.setBounds(Size(width: 8, height: 8))
            await MainActor.run { layer.delegate = auditor }
            layers.append(layer)
        }
        let displays = SharedCount()
        await withTaskGroup(of: Void.self) { group in
            for taskIndex in 0..<tasks {
                group.addTask { [layers] in
                    for request in 0..<requestsPerTask {
                        let layer = layers[(taskIndex + request) % layerCount]
                        if request % 64 == 63 {
                            _ = await layer.display()
                            displays.increment()
                        } else {
                            layer.setNeedsDisplay()
                        }
                    }
                }
            }
        }
        #expect(displays.value == tasks * requestsPerTask / 64)
        for layer in layers {
            var outcome = await layer.displayIfNeeded()
            if outcome == nil { outcome = await layer.display() }
            #expect(outcome?.isCommitted == true)
            #expect(await layer.contentsGeneration == layer.generation.current)
            #expect(await layer.contents?[x: 0, y: 0] == Color.blue.premultiplied)
        }
        #expect(await auditor.staleCommits == 0)
        #expect(await auditor.commits >= layerCount)
        await pool.shutdown()
    }
}
