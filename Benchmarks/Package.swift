// swift-tools-version: 6.1
// The favs benchmarks: a package of its own, so the root's `swift build` / `swift test` never compile
// package-benchmark. Run from the root: `swift package --package-path Benchmarks benchmark` (or `make bench`).
import Foundation
import PackageDescription

// `.package(path: "..")` gets the identity of the root folder's name, lowercased: `main` here, but a clone
// may be named anything. Compute it from where this manifest lives.
let rootIdentity = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "favs-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        // MallocInterposer only: the default traits also pull swift-runtime-interposer, which is not available here.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "FavsBenchmarks",
            dependencies: [
                .product(name: "FavsModel", package: rootIdentity),
                .product(name: "FavsCore", package: rootIdentity),
                .product(name: "FavsGenerator", package: rootIdentity),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "FavsBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
