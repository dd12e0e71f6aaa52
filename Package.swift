// swift-tools-version:6.0
// Pinmap: a map-pin explorer for the terminal.
// Module map (why each exists) and the loop: docs/architecture.md.
import PackageDescription

let package = Package(
    name: "pinmap",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "pinmap", targets: ["pinmap"]),
    ],
    targets: [
        // System libraries and the small C shims Swift cannot do without.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        // zlib (Debian's zlib1g-dev): raw inflate of KMZ (zip) entries.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // PROJ (Debian's libproj-dev, with proj-data's proj.db): coordinate reference systems.
        .systemLibrary(name: "CProj", path: "Sources/CProj"),
        // shapelib (Debian's libshp-dev): Shapefile .shp/.shx/.dbf reading.
        .systemLibrary(name: "CShapelib", path: "Sources/CShapelib"),
        // uchardet (Debian's libuchardet-dev): tells a legacy CJK encoding (CP949, Shift_JIS,
        // EUC-JP, GB18030, Big5) of a CSV that is not UTF-8.
        .systemLibrary(name: "CUchardet", path: "Sources/CUchardet"),
        // libpq (Debian's libpq-dev): the PostgreSQL store's connection.
        .systemLibrary(name: "CLibpq", path: "Sources/CLibpq"),
        .target(name: "CCurses", path: "Sources/CCurses",
                linkerSettings: [.linkedLibrary("ncursesw")]),
        .target(name: "CMapData", path: "Sources/CMapData"),
        // The FTS5 tokenizer of the search index (grams of 1–3 characters, SQLite's folding).
        .target(name: "CSearchTokenizer", path: "Sources/CSearchTokenizer",
                linkerSettings: [.linkedLibrary("sqlite3")]),

        // Pure modules: no terminal, no SQLite.
        .target(name: "CTextWidth", path: "Sources/CTextWidth"),
        .target(name: "Frame", dependencies: ["CTextWidth"]),
        .target(name: "Sheet"),
        .target(name: "GeoMap", dependencies: ["Frame", "CMapData", "PinModel"]),

        // The values every layer speaks in and `PinRepository`: no dependencies.
        .target(name: "PinModel"),
        // An in-memory `PinRepository` for tests without SQLite.
        .target(name: "PinModelTesting", dependencies: ["PinModel"]),

        // Storage and import.
        .target(name: "PinStore", dependencies: ["PinModel", "CSQLite", "CSearchTokenizer"]),
        // Frame: SafeText for the progress bar; CSQLite: reading GeoPackages; CProj: coordinate
        // reference systems; CShapelib: Shapefiles; CUchardet: a CSV's legacy CJK encoding.
        .target(name: "PinImport", dependencies: ["PinModel", "PinStore", "Frame", "CZlib", "CProj", "CShapelib", "CSQLite", "CUchardet"]),
        // The store a team shares: PostgreSQL + PostGIS through libpq (the same `PinRepository`).
        .target(name: "PinStorePostgres", dependencies: ["PinModel", "PinStore", "CLibpq"]),

        // The app's pure core: state + event -> (state, effects), state -> frame. No SQLite,
        // no file system, no environment.
        .target(name: "PinmapCore", dependencies: ["Frame", "Sheet", "GeoMap", "PinModel"]),
        // Performs the core's effects against a `PinRepository` and feeds their outcomes back
        // as events (the terminal UI, `pinmap render`, tests with the in-memory fake).
        .target(name: "PinmapRuntime", dependencies: ["PinmapCore", "Frame", "Sheet", "GeoMap", "PinModel"]),
        // The ncurses backend: decodes input, paints frames.
        .target(name: "Terminal", dependencies: ["Frame", "CCurses"]),
        // Command line: every subcommand; `pinmap` is a thin main.
        .target(name: "PinmapCLI", dependencies: ["PinmapCore", "PinmapRuntime", "Terminal", "PinStore", "PinStorePostgres", "PinImport", "GeoMap", "Frame"]),
        .executableTarget(name: "pinmap", dependencies: ["PinmapCLI"]),

        .testTarget(name: "FrameTests", dependencies: ["Frame"]),
        .testTarget(name: "SheetTests", dependencies: ["Sheet"]),
        .testTarget(name: "GeoMapTests", dependencies: ["GeoMap", "Frame", "PinModel"]),
        .testTarget(name: "PinStoreTests", dependencies: ["PinStore", "PinStorePostgres", "PinModelTesting", "PostgresTesting", "PinmapTestSupport"]),
        // A PostgreSQL database per test, on the server of PINMAP_TEST_PG_URL.
        .target(name: "PostgresTesting", dependencies: ["PinModel", "PinStorePostgres"], path: "Tests/PostgresTesting"),
        .testTarget(name: "PinmapCLITests", dependencies: ["PinmapCLI", "PinStore", "PinImport", "PostgresTesting", "PinmapTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "PinImportTests", dependencies: ["PinImport", "PinStore", "PinModel", "PinmapTestSupport"],
                    resources: [.copy("Fixtures")]),
        // Helpers for the tests of the app (a runner over a repository, keys, frames).
        .target(name: "PinmapTestSupport", dependencies: ["PinmapCore", "PinmapRuntime", "PinModel", "PinModelTesting", "Frame", "GeoMap", "Sheet"],
                path: "Tests/PinmapTestSupport"),
        // The core and the runtime over the in-memory repository: no SQLite.
        .testTarget(name: "PinmapCoreTests", dependencies: ["PinmapCore", "PinmapRuntime", "PinmapTestSupport", "PinModel", "PinModelTesting", "Frame", "GeoMap", "Sheet"]),
        // The app over the SQLite store and the importer (pin cells, bulk imports, properties),
        // and over a PostgreSQL server (live changes, conflicts, a restarted server).
        .testTarget(name: "PinmapRuntimeTests", dependencies: ["PinmapCore", "PinmapRuntime", "PinmapTestSupport", "PinmapCLI", "PinStore", "PinStorePostgres", "PostgresTesting", "PinImport", "Frame", "GeoMap", "Sheet"],
                    exclude: ["Frames"]),  // golden frames, read by path
        .testTarget(name: "TerminalTests", dependencies: ["Terminal"]),
        .testTarget(name: "EndToEndTests", dependencies: ["pinmap"]),
    ],
    swiftLanguageModes: [.v6]
)
