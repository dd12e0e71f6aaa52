// swift-tools-version:6.0
// Pinmap: a map-pin explorer for the terminal.
// Module map (why each exists) is in README.md under "Architecture".
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
        .target(name: "CCurses", path: "Sources/CCurses",
                linkerSettings: [.linkedLibrary("ncursesw")]),
        .target(name: "CMapData", path: "Sources/CMapData"),

        // Pure modules: no terminal, no SQLite.
        .target(name: "CTextWidth", path: "Sources/CTextWidth"),
        .target(name: "Frame", dependencies: ["CTextWidth"]),
        .target(name: "Sheet"),
        .target(name: "GeoMap", dependencies: ["Frame", "CMapData"]),

        // Storage and import.
        .target(name: "PinStore", dependencies: ["CSQLite"]),
        .target(name: "PinImport", dependencies: ["PinStore", "Frame", "CZlib"]),  // Frame: SafeText for the progress bar

        // The app: state + event -> state, state -> frame.
        .target(name: "PinmapUI", dependencies: ["Frame", "Sheet", "GeoMap", "PinStore", "PinImport"]),
        // The ncurses backend: decodes input, paints frames.
        .target(name: "Terminal", dependencies: ["Frame", "CCurses"]),
        // Command line: every subcommand; `pinmap` is a thin main.
        .target(name: "PinmapCLI", dependencies: ["PinmapUI", "Terminal", "PinStore", "PinImport", "GeoMap", "Frame"]),
        .executableTarget(name: "pinmap", dependencies: ["PinmapCLI"]),

        .testTarget(name: "FrameTests", dependencies: ["Frame"]),
        .testTarget(name: "SheetTests", dependencies: ["Sheet"]),
        .testTarget(name: "GeoMapTests", dependencies: ["GeoMap", "Frame"]),
        .testTarget(name: "PinStoreTests", dependencies: ["PinStore"]),
        .testTarget(name: "PinmapCLITests", dependencies: ["PinmapCLI", "PinStore", "PinImport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "PinImportTests", dependencies: ["PinImport", "PinStore"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "PinmapUITests", dependencies: ["PinmapUI", "Frame", "PinStore"], exclude: ["Frames"]),  // golden frames, read by path
        .testTarget(name: "TerminalTests", dependencies: ["Terminal"]),
        .testTarget(name: "EndToEndTests", dependencies: ["pinmap"]),
    ],
    swiftLanguageModes: [.v6]
)
