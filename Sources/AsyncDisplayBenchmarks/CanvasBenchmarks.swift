import AsyncDisplay
import AsyncDisplayTesting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The cases under `canvas.`: the scenes of shared/bench/CANVAS_SCENES.md on a 1024 × 1024
/// surface cleared to opaque white, one thread (text is in TextBenchmarks.swift, PNG in
/// PNGBenchmarks.swift).
func canvasBenchmarks() -> [Benchmark] {
    [
        Benchmark(name: "canvas.a.rrects", unit: .milliseconds, samples: 5) {
            let shapes = roundedRectShapes()
            return timeDrawing { canvas in
                for (path, color) in shapes { canvas.fill(path, with: color) }
            }
        },
        Benchmark(name: "canvas.b.circles", unit: .milliseconds, samples: 5) {
            let shapes = circleShapes()
            return timeDrawing { canvas in
                for (path, color) in shapes { canvas.fill(path, with: color) }
            }
        },
        Benchmark(name: "canvas.d.fill", unit: .milliseconds, samples: 5) {
            let color = Color(red: 0x33 / 255, green: 0x66 / 255, blue: 0x99 / 255)
            return timeDrawing { canvas in
                for _ in 0..<1_000 { canvas.fill(Rect(x: 0, y: 0, width: 1024, height: 1024), with: color) }
            }
        },
        Benchmark(name: "canvas.d.fill50", unit: .milliseconds, samples: 5) {
            let color = Color(red: 0x33 / 255, green: 0x66 / 255, blue: 0x99 / 255, alpha: 128 / 255)
            return timeDrawing { canvas in
                for _ in 0..<1_000 { canvas.fill(Rect(x: 0, y: 0, width: 1024, height: 1024), with: color) }
            }
        },
        // Not a scene: what the machine's memory allows right now, for reading (d) beside it —
        // the C library's memset over the same 4 MiB, 1,000 times.
        Benchmark(name: "canvas.d.memset", unit: .milliseconds, samples: 5) {
            let bytes = 1024 * 1024 * 4
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
            defer { buffer.deallocate() }
            let start = monotonicNanoseconds()
            for round in 0..<1_000 { memset(buffer, Int32(round & 0xFF), bytes) }
            return Double(monotonicNanoseconds() - start) / 1e6
        },
        // Not a scene: photos drawn scaled into place, as the feed does, on the 1024 × 1024
        // canvas at scale 1 — a 360-pixel image into 345 × 345 pixels and a 720-pixel one into
        // 700 × 700, axis-aligned, four times each (the images are made before the clock starts).
        Benchmark(name: "canvas.image.scaled", unit: .milliseconds, samples: 5) {
            let small = noisyGradientImage(side: 360, seed: 0x5EED_0003)
            let large = noisyGradientImage(side: 720, seed: 0x5EED_0004)
            return timeDrawing { canvas in
                for _ in 0..<4 {
                    canvas.draw(small, in: Rect(x: 12, y: 20, width: 345, height: 345))
                    canvas.draw(large, in: Rect(x: 300, y: 310, width: 700, height: 700))
                }
            }
        },
        // Not a scene: what a layer render pays around its draw — 100 fresh 720 × 540 canvases
        // (a feed photo tile at scale 3), each cleared to white, given one rounded-rect fill over
        // the whole tile and frozen into a bitmap.
        Benchmark(name: "canvas.fresh.tile", unit: .milliseconds, samples: 5) {
            var tile = Path()
            tile.addRoundedRect(Rect(x: 0, y: 0, width: 720, height: 540), radii: CornerRadii(all: 18))
            let color = Color(white: 0.93)
            let start = monotonicNanoseconds()
            for _ in 0..<100 {
                var canvas = Canvas(width: 720, height: 540, background: .white)
                canvas.fill(tile, with: color)
                _ = canvas.makeBitmap()
            }
            return Double(monotonicNanoseconds() - start) / 1e6
        },
    ]
}

/// An opaque `side × side` image: a diagonal gradient under 400 seeded small rects of random
/// colours, so that neighbouring pixels differ as in a photo.
private func noisyGradientImage(side: Int, seed: UInt64) -> Bitmap {
    var scene = SceneRandom(seed: seed)
    let extent = Double(side)
    var canvas = Canvas(width: side, height: side, background: .white)
    let gradient = LinearGradient(
        Gradient(colors: [Color(red: 0.9, green: 0.4, blue: 0.1), Color(red: 0.1, green: 0.5, blue: 0.8)]),
        from: Point(x: 0, y: 0), to: Point(x: extent, y: extent))
    canvas.fill(Rect(x: 0, y: 0, width: extent, height: extent), with: .linearGradient(gradient))
    for _ in 0..<400 {
        let w = scene.range(1, extent / 8)
        let h = scene.range(1, extent / 8)
        let color = scene.color4()
        canvas.fill(
            Rect(x: scene.range(0, extent - w), y: scene.range(0, extent - h), width: w, height: h), with: color)
    }
    return canvas.makeBitmap()
}

/// The shapes of scene (a): 10,000 rounded rects and their colours, in drawing order.
func roundedRectShapes() -> [(Path, Color)] {
    var scene = SceneRandom(seed: 0x5EED_0001)
    return (0..<10_000).map { _ -> (Path, Color) in
        let w = scene.range(10, 60)
        let h = scene.range(10, 60)
        let x = scene.range(0, 1024 - w)
        let y = scene.range(0, 1024 - h)
        let r = scene.range(2, min(w, h) / 2)
        var path = Path()
        path.addRoundedRect(Rect(x: x, y: y, width: w, height: h), radii: CornerRadii(all: r))
        return (path, scene.color4())
    }
}

/// The shapes of scene (b): 10,000 circles and their colours, in drawing order.
func circleShapes() -> [(Path, Color)] {
    var scene = SceneRandom(seed: 0x5EED_0002)
    return (0..<10_000).map { _ -> (Path, Color) in
        let cx = scene.range(0, 1024)
        let cy = scene.range(0, 1024)
        let r = scene.range(5, 30)
        var path = Path()
        path.addEllipse(in: Rect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r))
        return (path, scene.color4())
    }
}

/// The image of scene (a): its shapes drawn on a 1024 × 1024 canvas cleared to opaque white.
func roundedRectImage() -> Bitmap { sceneImage(roundedRectShapes()) }

/// The image of scene (b).
func circleImage() -> Bitmap { sceneImage(circleShapes()) }

/// `shapes` filled in order on a 1024 × 1024 canvas cleared to opaque white.
private func sceneImage(_ shapes: [(Path, Color)]) -> Bitmap {
    var canvas = Canvas(width: 1024, height: 1024, background: .white)
    for (path, color) in shapes { canvas.fill(path, with: color) }
    return canvas.makeBitmap()
}

/// Milliseconds `draw` takes on a fresh 1024 × 1024 canvas cleared to opaque white.
private func timeDrawing(_ draw: (inout Canvas) -> Void) -> Double {
    var canvas = Canvas(width: 1024, height: 1024, background: .white)
    let start = monotonicNanoseconds()
    draw(&canvas)
    let elapsed = Double(monotonicNanoseconds() - start) / 1e6
    withExtendedLifetime(canvas) {}
    return elapsed
}

/// The scenes' random numbers: SplitMix64 with `unit`, `range`, `int` and `color4` as specified.
struct SceneRandom {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func unit() -> Double { Double(generator.next() >> 11) * 0x1p-53 }
    mutating func range(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }
    mutating func int(_ n: UInt64) -> UInt64 { generator.next() % n }

    /// A straight (not premultiplied) colour: R, G, B in 0...255, alpha in 128...255.
    mutating func color4() -> Color {
        let red = Double(int(256))
        let green = Double(int(256))
        let blue = Double(int(256))
        let alpha = Double(128 + int(128))
        return Color(red: red / 255, green: green / 255, blue: blue / 255, alpha: alpha / 255)
    }
}
