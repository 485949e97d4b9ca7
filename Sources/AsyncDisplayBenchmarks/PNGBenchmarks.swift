import AsyncDisplay

/// The cases under `canvas.e.png`: scene (e) of shared/bench/CANVAS_SCENES.md, the image of
/// scene (a) encoded as PNG in memory (one thread) at the default and fast levels, reporting
/// the PNG's size as `bytes`; and, for information, that PNG decoded back.
func pngBenchmarks() -> [Benchmark] {
    [
        encodeBenchmark(name: "canvas.e.png", compression: .default),
        encodeBenchmark(name: "canvas.e.png.fast", compression: .fast),
        Benchmark(name: "canvas.e.png.decode", unit: .milliseconds, samples: 5) {
            let png = try scenePNG.get()
            let start = monotonicNanoseconds()
            let bitmap = try Bitmap(pngData: png)
            let elapsed = Double(monotonicNanoseconds() - start) / 1e6
            withExtendedLifetime(bitmap) {}
            return elapsed
        },
    ]
}

/// Milliseconds to encode the image of scene (a) at `compression`.
private func encodeBenchmark(name: String, compression: PNGCompression) -> Benchmark {
    Benchmark(
        name: name, unit: .milliseconds, samples: 5,
        extra: { ["bytes": Double(try sceneImage.pngData(compression: compression).count)] }
    ) {
        let image = sceneImage
        let start = monotonicNanoseconds()
        let png = try image.pngData(compression: compression)
        let elapsed = Double(monotonicNanoseconds() - start) / 1e6
        withExtendedLifetime(png) {}
        return elapsed
    }
}

/// The image of scene (a), drawn once on first use.
private let sceneImage = roundedRectImage()

/// The image of scene (a) encoded at the default level, encoded once on first use.
private let scenePNG = Result { () throws(PNGError) in try sceneImage.pngData() }
