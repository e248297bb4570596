// swift-tools-version: 6.0
// The favs fuzzers: a package of its own, so the root's `swift build` / `swift test` never build with
// -sanitize=fuzzer. Run from the root: `make fuzz` (scripts/fuzz.sh builds this package with libFuzzer and
// AddressSanitizer, then runs each target on its corpus in Fuzz/Corpus).
import Foundation
import PackageDescription

// `.package(path: "..")` gets the identity of the root folder's name, lowercased (`main` here, but a clone may
// be named anything): computed from where this manifest lives, as Benchmarks/Package.swift does.
let rootIdentity = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "favs-fuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "FavsFuzz",
            dependencies: [
                .product(name: "FavsFormats", package: rootIdentity),
                .product(name: "FavsCore", package: rootIdentity),
            ],
            path: "FavsFuzz"
        ),
    ],
    swiftLanguageModes: [.v6]
)
