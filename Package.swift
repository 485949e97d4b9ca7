// swift-tools-version: 6.2
import PackageDescription

/// Settings applied to every target.
let swiftSettings: [SwiftSetting] = [
    // Nonisolated async helpers stay on the caller's executor: no hidden hops off the pool.
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    // A conformance declared in isolated code is isolated too, instead of an error.
    .enableUpcomingFeature("InferIsolatedConformances"),
    // Existential types are spelled `any P`, so their cost is visible.
    .enableUpcomingFeature("ExistentialAny"),
    // A file sees only the modules it imports itself.
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "AsyncDisplay",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "AsyncDisplay", targets: ["AsyncDisplay"]),
        .library(name: "AsyncDisplayExecutors", targets: ["AsyncDisplayExecutors"]),
        .library(name: "AsyncDisplayCanvas", targets: ["AsyncDisplayCanvas"]),
        .library(name: "AsyncDisplayTesting", targets: ["AsyncDisplayTesting"]),
        .library(name: "AsyncDisplayOperations", targets: ["AsyncDisplayOperations"]),
        .executable(name: "asyncdisplay-bench", targets: ["AsyncDisplayBenchmarks"]),
        .executable(name: "feed", targets: ["FeedPlayground"]),
        .executable(name: "launch", targets: ["LaunchPlayground"]),
        .executable(name: "alerts", targets: ["AlertsPlayground"]),
        .executable(name: "executors", targets: ["ExecutorsPlayground"]),
    ],
    targets: [
        .target(name: "CAsyncDisplaySpin"),
        // The locks every module shares (package access only; not a product).
        .target(name: "AsyncDisplayLocks", swiftSettings: swiftSettings),
        .target(
            name: "AsyncDisplayExecutors", dependencies: ["CAsyncDisplaySpin", "AsyncDisplayLocks"],
            swiftSettings: swiftSettings),
        .target(name: "AsyncDisplayCanvas", dependencies: ["AsyncDisplayLocks"], swiftSettings: swiftSettings),
        .target(
            name: "AsyncDisplay",
            dependencies: ["AsyncDisplayExecutors", "AsyncDisplayCanvas", "AsyncDisplayLocks"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "AsyncDisplayOperations", dependencies: ["AsyncDisplayExecutors", "AsyncDisplayLocks"],
            swiftSettings: swiftSettings),
        .target(
            name: "AsyncDisplayTesting", dependencies: ["AsyncDisplay", "AsyncDisplayLocks"],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "AsyncDisplayBenchmarks",
            dependencies: ["AsyncDisplay", "AsyncDisplayTesting", "AsyncDisplayOperations"],
            swiftSettings: swiftSettings
        ),
        // The feed playground: its logic in a library (tested), run by a thin executable.
        .target(
            name: "AsyncDisplayFeed",
            dependencies: ["AsyncDisplay", "AsyncDisplayExecutors", "AsyncDisplayTesting", "AsyncDisplayLocks"],
            path: "Playgrounds/Feed/FeedKit", swiftSettings: swiftSettings),
        .executableTarget(
            name: "FeedPlayground", dependencies: ["AsyncDisplayFeed"], path: "Playgrounds/Feed/Main",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "AsyncDisplayFeedTests", dependencies: ["AsyncDisplayFeed", "AsyncDisplayTesting"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "AsyncDisplayExecutorsTests",
            dependencies: ["AsyncDisplayExecutors", "AsyncDisplayTesting", "AsyncDisplayLocks"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "LaunchPlayground", dependencies: ["AsyncDisplayOperations", "AsyncDisplayExecutors"],
            path: "Playgrounds/Launch",
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "AlertsPlayground", dependencies: ["AsyncDisplayOperations", "AsyncDisplayLocks"],
            path: "Playgrounds/Alerts", swiftSettings: swiftSettings),
        .executableTarget(
            name: "ExecutorsPlayground", dependencies: ["AsyncDisplayExecutors"], path: "Playgrounds/Executors",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "OperationPlaygroundTests",
            dependencies: ["LaunchPlayground", "AlertsPlayground", "AsyncDisplayOperations"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AsyncDisplayOperationsTests",
            dependencies: ["AsyncDisplayOperations", "AsyncDisplayTesting", "AsyncDisplayLocks"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AsyncDisplayCanvasTests", dependencies: ["AsyncDisplayCanvas"], swiftSettings: swiftSettings),
        .testTarget(
            name: "AsyncDisplayTests",
            dependencies: ["AsyncDisplay", "AsyncDisplayTesting", "AsyncDisplayLocks"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
