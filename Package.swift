// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "favs",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "favs", targets: ["favs"]),
        .library(name: "FavsModel", targets: ["FavsModel"]),
        .library(name: "FavsCore", targets: ["FavsCore"]),
        .library(name: "FavsLibrary", targets: ["FavsLibrary"]),
        // For the fuzzing package (Fuzz/).
        .library(name: "FavsFormats", targets: ["FavsFormats"]),
        // For the benchmarks package.
        .library(name: "FavsGenerator", targets: ["FavsGenerator"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        // The config file's TOML (toml++ underneath: C++17).
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
    ],
    targets: [
        // The C shim: only what Swift 6 cannot import from ncursesw.
        .target(
            name: "CNcurses",
            cSettings: [.define("_XOPEN_SOURCE", to: "700")],
            linkerSettings: [.linkedLibrary("ncursesw")]
        ),

        // The model: items, the store (the one place state lives), the list query and its result. Foundation only.
        .target(name: "FavsModel"),

        // The exit statuses: what each command can end with, for its help and the manual's EXIT STATUS alike.
        .target(name: "FavsExitStatus"),

        // The browser without a terminal: panes, canvas, key map, script parser, over the model. Foundation only.
        // (Browser/ is the headless browser and its view state; Panes/ the three panes it draws.)
        .target(name: "FavsCore", dependencies: ["FavsModel"]),

        // liblz4 from the system (liblz4-dev), for Firefox's .jsonlz4 bookmark backups: a module map, no shim.
        .systemLibrary(name: "CLZ4", path: "Sources/CLZ4", providers: [.apt(["liblz4-dev"])]),

        // File formats: JSON, JSON Lines, CSV and TSV import files, browsers' bookmarks, and exports.
        .target(name: "FavsFormats", dependencies: ["FavsModel", "CLZ4"]),

        // The library on disk: SQLite through GRDB.
        .target(
            name: "FavsLibrary",
            dependencies: [
                "FavsModel", "FavsFormats", .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, for the list loader and the import's bulk binding (GRDB's own module for it).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),

        // libpq, PostgreSQL's C client, from the system (libpq-dev's header to build; libpq5 loaded when a team
        // library is opened, not at every launch).
        .target(name: "CLibpq"),

        // The library on a PostgreSQL server: the same interface as FavsLibrary's SQLite file, pushed changes.
        .target(name: "FavsPostgres", dependencies: ["FavsModel", "FavsFormats", "FavsLibrary", "CLibpq"]),

        // The config file: TOML in, a validated `Config` out (key map overrides, colours, defaults).
        .target(
            name: "FavsConfig",
            dependencies: ["FavsModel", "FavsCore", "FavsFormats", .product(name: "TOMLKit", package: "TOMLKit")]
        ),

        // The terminal adapter: ncurses screen, key decoding, signals, run loop.
        .target(name: "FavsTerminal", dependencies: ["FavsModel", "FavsCore", "CNcurses"]),

        // The executable: argument-parser commands only.
        .executableTarget(
            name: "favs",
            dependencies: [
                "FavsModel", "FavsCore", "FavsFormats", "FavsLibrary", "FavsPostgres", "FavsTerminal", "FavsConfig",
                "FavsExitStatus", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Writes favs.1 (make install) from `favs --experimental-dump-help` and the key map; not part of favs itself.
        .executableTarget(name: "favs-man", dependencies: ["FavsCore", "FavsExitStatus"]),

        // Deterministic test collections of any size, for favs-gen and the benchmarks; not part of favs itself.
        .target(name: "FavsGenerator", dependencies: ["FavsModel"]),

        // Writes a generated collection as JSON Lines, TSV or CSV files, or bookmarks as each browser writes them
        // (liblz4 for .jsonlz4, GRDB for places.sqlite), for benchmarks.
        .executableTarget(
            name: "favs-gen",
            dependencies: ["FavsGenerator", "FavsFormats", "CLZ4", .product(name: "GRDB", package: "GRDB.swift"),
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

        // Tests. Fixtures that the model's and the browser's tests share (one test target cannot import another's).
        .target(name: "FavsTestFixtures", dependencies: ["FavsModel"], path: "Tests/FavsTestFixtures"),
        // The store, the list query and the item collection; some drive them through the headless browser.
        .testTarget(name: "FavsModelTests", dependencies: ["FavsModel", "FavsCore", "FavsTestFixtures"]),
        .testTarget(name: "FavsCoreTests", dependencies: ["FavsModel", "FavsCore", "FavsTestFixtures"]),
        .testTarget(name: "FavsConfigTests", dependencies: ["FavsConfig", "FavsModel", "FavsCore", "FavsFormats"]),
        // FuzzCorpusTests reads Fuzz/Corpus and Fuzz/Regressions by path (the script parser's inputs too).
        .testTarget(name: "FavsFormatsTests", dependencies: ["FavsFormats", "FavsModel", "FavsCore"], exclude: ["Fixtures"]),
        .testTarget(name: "FavsGeneratorTests", dependencies: ["FavsGenerator", "FavsModel", "FavsCore"]),
        .testTarget(
            name: "FavsLibraryTests",
            dependencies: ["FavsLibrary", "FavsFormats", "FavsModel", "FavsTestFixtures", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // One suite, both backends: the SQLite file and a PostgreSQL schema (FAVS_TEST_POSTGRES, see the Makefile).
        .testTarget(
            name: "LibraryBackendTests",
            dependencies: ["FavsLibrary", "FavsPostgres", "FavsFormats", "FavsModel", "FavsCore", "FavsTestFixtures"]
        ),
        .testTarget(name: "FavsTerminalTests", dependencies: ["FavsTerminal", "FavsModel", "FavsCore", "CNcurses"]),
        // BadInput/ is the corpus of broken import files the end-to-end tests feed the binary (read by path).
        // GRDB makes Firefox profiles and holds their lock as a running Firefox does.
        .testTarget(name: "EndToEndTests", dependencies: ["FavsModel", "FavsCore", "FavsExitStatus", "FavsGenerator",
                                                          "FavsTestFixtures", .product(name: "GRDB", package: "GRDB.swift")],
                    exclude: ["BadInput"]),
    ],
    swiftLanguageModes: [.v6]
)
