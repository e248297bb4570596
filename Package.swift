// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "favs",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "favs", targets: ["favs"]),
        .library(name: "FavsCore", targets: ["FavsCore"]),
        .library(name: "FavsLibrary", targets: ["FavsLibrary"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        // The C shim: only what Swift 6 cannot import from ncursesw.
        .target(
            name: "CNcurses",
            cSettings: [.define("_XOPEN_SOURCE", to: "700")],
            linkerSettings: [.linkedLibrary("ncursesw")]
        ),

        // The pure core: model, store, panes, canvas, key map, script parser. Foundation only.
        .target(name: "FavsCore"),

        // File formats: JSON, JSON Lines, CSV and TSV import files and exports.
        .target(name: "FavsFormats", dependencies: ["FavsCore"]),

        // The library on disk: SQLite through GRDB.
        .target(
            name: "FavsLibrary",
            dependencies: [
                "FavsCore", "FavsFormats", .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, for the list loader and the import's bulk binding (GRDB's own module for it).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),

        // The terminal adapter: ncurses screen, key decoding, signals, run loop.
        .target(name: "FavsTerminal", dependencies: ["FavsCore", "CNcurses"]),

        // The executable: argument-parser commands only.
        .executableTarget(
            name: "favs",
            dependencies: [
                "FavsCore", "FavsFormats", "FavsLibrary", "FavsTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // A deterministic test-collection generator, for benchmarks.
        .executableTarget(
            name: "favs-gen",
            dependencies: ["FavsCore", "FavsFormats", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

        // Tests.
        .testTarget(name: "FavsCoreTests", dependencies: ["FavsCore"]),
        .testTarget(name: "FavsFormatsTests", dependencies: ["FavsFormats", "FavsCore"]),
        .testTarget(
            name: "FavsLibraryTests",
            dependencies: ["FavsLibrary", "FavsFormats", "FavsCore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "FavsTerminalTests", dependencies: ["FavsTerminal", "FavsCore", "CNcurses"]),
        .testTarget(name: "EndToEndTests", dependencies: ["FavsCore"]),
    ],
    swiftLanguageModes: [.v6]
)
