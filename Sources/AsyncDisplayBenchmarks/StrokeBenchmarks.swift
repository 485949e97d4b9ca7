import AsyncDisplay
import AsyncDisplayTesting

/// The cases under `stroke.` (outlines and canvas strokes) and `blur.` (shadow mask blurs), one
/// thread.
func strokeBenchmarks() -> [Benchmark] {
    [
        Benchmark(name: "stroke.outline.rrect35", unit: .nanoseconds) {
            let path = roundedRect35()
            let style = StrokeStyle(width: 2, lineJoin: .round)
            var drawn = 0
            let time = await nanosecondsPer(10_000) {
                for _ in 0..<10_000 where !path.strokedPath(style).isEmpty { drawn += 1 }
            }
            precondition(drawn == 10_000)
            return time
        },
        Benchmark(name: "stroke.canvas.rrect35", unit: .nanoseconds) {
            let path = roundedRect35()
            let style = StrokeStyle(width: 2, lineJoin: .round)
            var canvas = Canvas(width: 48, height: 48, background: .white)
            let color = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
            return await nanosecondsPer(10_000) {
                for _ in 0..<10_000 { canvas.stroke(path, with: color, style: style) }
            }
        },
        Benchmark(name: "stroke.outline.dashed", unit: .nanoseconds) {
            var path = Path()
            path.addEllipse(in: Rect(x: 0, y: 0, width: 100, height: 100))
            let style = StrokeStyle(width: 3, lineCap: .round, dashPattern: [6, 4])
            var drawn = 0
            let time = await nanosecondsPer(1_000) {
                for _ in 0..<1_000 where !path.strokedPath(style).isEmpty { drawn += 1 }
            }
            precondition(drawn == 1_000)
            return time
        },
        Benchmark(name: "stroke.canvas.rrects", unit: .milliseconds, samples: 5) {
            // Scene (a)'s 10,000 rounded rects, stroked 2 pt wide instead of filled.
            var random = SplitMix64(seed: 0x5EED_0001)
            func range(_ low: Double, _ high: Double) -> Double {
                low + (high - low) * Double(random.next() >> 11) * 0x1p-53
            }
            let shapes = (0..<10_000).map { _ -> Path in
                let w = range(10, 60)
                let h = range(10, 60)
                let x = range(0, 1024 - w)
                let y = range(0, 1024 - h)
                let r = range(2, min(w, h) / 2)
                _ = random.next()  // the scene's colour, unused
                var path = Path()
                path.addRoundedRect(Rect(x: x, y: y, width: w, height: h), radii: CornerRadii(all: r))
                return path
            }
            var canvas = Canvas(width: 1024, height: 1024, background: .white)
            let style = StrokeStyle(width: 2)
            // Nanoseconds per million: milliseconds.
            return await nanosecondsPer(1_000_000) {
                for path in shapes { canvas.stroke(path, with: .black, style: style) }
            }
        },
        Benchmark(name: "blur.mask64.r8", unit: .nanoseconds) {
            let mask = shadowMask(side: 64)
            return await timeBlurs(of: mask, radius: 8, count: 1_000)
        },
        Benchmark(name: "blur.mask256.r32", unit: .nanoseconds) {
            let mask = shadowMask(side: 256)
            return await timeBlurs(of: mask, radius: 32, count: 50)
        },
    ]
}

/// A 35 × 35 pt rounded rect with 8 pt corners.
private func roundedRect35() -> Path {
    var path = Path()
    path.addRoundedRect(Rect(x: 4.5, y: 4.5, width: 35, height: 35), radii: CornerRadii(all: 8))
    return path
}

/// A `side × side` mask with a rounded rect covering its middle, as a shadow starts.
private func shadowMask(side: Int) -> CoverageMask {
    var canvas = Canvas(width: side, height: side)
    var path = Path()
    let inset = Double(side) / 8
    path.addRoundedRect(
        Rect(x: inset, y: inset, width: Double(side) - 2 * inset, height: Double(side) - 2 * inset),
        radii: CornerRadii(all: inset))
    canvas.fill(path, with: .black)
    var levels: [UInt8] = []
    for y in 0..<side { for x in 0..<side { levels.append(canvas[x: x, y: y].alpha) } }
    return CoverageMask(width: side, height: side, levels: levels)!
}

/// Nanoseconds per blur of `mask` by `radius`, over `count` blurs.
private func timeBlurs(of mask: CoverageMask, radius: Double, count: Int) async -> Double {
    var total = 0
    let time = await nanosecondsPer(count) {
        for _ in 0..<count { total &+= Int(mask.blurred(radius: radius).levels[0]) }
    }
    precondition(total >= 0)
    return time
}
