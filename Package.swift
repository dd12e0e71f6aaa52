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
        // Software prefetch, for the tables of a bulk load's search lists.
        .target(name: "CPrefetch", path: "Sources/CPrefetch"),
        // The FTS5 tokenizer of the search index (grams of 1–3 characters, SQLite's folding).
        .target(name: "CSearchTokenizer", path: "Sources/CSearchTokenizer",
                linkerSettings: [.linkedLibrary("sqlite3")]),

        // Pure modules: no terminal, no SQLite.
        .target(name: "CTextWidth", path: "Sources/CTextWidth"),
        .target(name: "Frame", dependencies: ["CTextWidth"]),
        .target(name: "Sheet"),
        .target(name: "GeoMap", dependencies: ["Frame", "CMapData", "PinModel"]),

        // General utilities with no SQLite and no Pinmap types: a monotonic clock, path
        // splitting, a joinable thread, giving freed memory back.
        .target(name: "Support"),

        // The values every layer speaks in and `PinRepository`: no dependencies.
        .target(name: "PinModel"),
        // An in-memory `PinRepository` for tests without SQLite.
        .target(name: "PinModelTesting", dependencies: ["PinModel"]),

        // Storage and import.
        .target(name: "PinStore", dependencies: ["PinModel", "Support", "CSQLite", "CSearchTokenizer"]),
        // The importer knows no store: it yields the pins it parsed into PinModel's
        // `PinImportStore`, which the command line hands it (PinStore's `Store`).
        // Frame: SafeText for the progress bar; CSQLite: reading GeoPackages; CProj: coordinate
        // reference systems; CShapelib: Shapefiles; CUchardet: a CSV's legacy CJK encoding.
        .target(name: "PinImport", dependencies: ["PinModel", "Support", "Frame", "CZlib", "CProj", "CShapelib", "CSQLite", "CUchardet"]),
        // The store a team shares: PostgreSQL + PostGIS through libpq (the same `PinRepository`).
        .target(name: "PinStorePostgres", dependencies: ["PinModel", "PinStore", "Support", "CLibpq", "CPrefetch"]),

        // The app's pure core: state + event -> (state, effects), state -> frame. No SQLite,
        // no file system, no environment.
        .target(name: "PinmapCore", dependencies: ["Frame", "Sheet", "GeoMap", "PinModel"]),
        // Performs the core's effects against a `PinRepository` and feeds their outcomes back
        // as events (the terminal UI, `pinmap render`, tests with the in-memory fake).
        .target(name: "PinmapRuntime", dependencies: ["PinmapCore", "Frame", "Sheet", "GeoMap", "PinModel"]),
        // The ncurses backend: decodes input, paints frames.
        .target(name: "Terminal", dependencies: ["Frame", "CCurses"]),
        // Command line: every subcommand; `pinmap` is a thin main.
        .target(name: "PinmapCLI", dependencies: ["PinmapCore", "PinmapRuntime", "Terminal", "PinStore", "PinStorePostgres", "PinImport", "Support", "GeoMap", "Frame"]),
        .executableTarget(name: "pinmap", dependencies: ["PinmapCLI"]),

        .testTarget(name: "FrameTests", dependencies: ["Frame"]),
        .testTarget(name: "SheetTests", dependencies: ["Sheet"]),
        .testTarget(name: "SupportTests", dependencies: ["Support"]),
        .testTarget(name: "GeoMapTests", dependencies: ["GeoMap", "Frame", "PinModel"]),
        // Links libpq, which the app opens at run time: LibpqSymbolsTests checks the symbol table's
        // types against the header's functions.
        .testTarget(name: "PinStoreTests", dependencies: ["PinStore", "PinStorePostgres", "PinModelTesting", "PostgresTesting", "PinmapTestSupport", "CLibpq"],
                    linkerSettings: [.linkedLibrary("pq")]),
        // A PostgreSQL database per test, on the server of PINMAP_TEST_PG_URL.
        .target(name: "PostgresTesting", dependencies: ["PinModel", "PinStorePostgres"], path: "Tests/PostgresTesting"),
        .testTarget(name: "PinmapCLITests", dependencies: ["PinmapCLI", "PinStore", "PinImport", "PostgresTesting", "PinmapTestSupport"], resources: [.copy("Fixtures")]),
        // Links libproj, which the app opens at run time: ProjSymbolsTests checks the symbol
        // table's types against the header's functions.
        .testTarget(name: "PinImportTests", dependencies: ["PinImport", "PinStore", "PinModel", "PinModelTesting", "PinmapTestSupport", "CProj"],
                    resources: [.copy("Fixtures")], linkerSettings: [.linkedLibrary("proj")]),
        // Helpers for the tests of the app (a runner over a repository, keys, frames).
        .target(name: "PinmapTestSupport", dependencies: ["PinmapCore", "PinmapRuntime", "PinModel", "PinModelTesting", "Frame", "GeoMap", "Sheet"],
                path: "Tests/PinmapTestSupport"),
        // Pure core tests reach their states through events (`update` alone, effects dropped).
        .target(name: "PinmapCoreTestSupport", dependencies: ["PinmapCore", "PinModel", "GeoMap", "Frame"],
                path: "Tests/PinmapCoreTestSupport"),
        // `update` and `render` alone: state + event -> (state, effects), state -> frame. No runtime.
        .testTarget(name: "PinmapCoreTests", dependencies: ["PinmapCore", "PinmapCoreTestSupport", "PinModel", "Frame", "GeoMap", "Sheet"]),
        // The app through its runtime: over the in-memory repository, over the SQLite store
        // and the importer (pin cells, bulk imports, properties), and over a PostgreSQL server
        // (live changes, conflicts, a restarted server).
        .testTarget(name: "PinmapRuntimeTests", dependencies: ["PinmapCore", "PinmapRuntime", "PinmapTestSupport", "PinmapCoreTestSupport", "PinmapCLI", "PinStore", "PinStorePostgres", "PostgresTesting", "PinImport", "PinModel", "PinModelTesting", "Frame", "GeoMap", "Sheet"],
                    exclude: ["Frames"]),  // golden frames, read by path
        .testTarget(name: "TerminalTests", dependencies: ["Terminal"]),
        .testTarget(name: "EndToEndTests", dependencies: ["pinmap"]),
    ],
    swiftLanguageModes: [.v6]
)
