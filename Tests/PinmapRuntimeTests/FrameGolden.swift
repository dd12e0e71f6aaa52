import XCTest
import Foundation
import Frame
import GeoMap
import PinImport
@testable import PinStore
@testable import PinmapCore
@testable import PinmapRuntime
@testable import PinmapCLI

/// Whole-frame golden files: a screen rendered headless from a fixed state is compared,
/// every line, with `Frames/<screen>-<cols>x<rows>.txt`. After an intended change,
/// `PINMAP_UPDATE_FRAMES=1 swift test --filter FrameGoldenTests` rewrites the files;
/// review them with `git diff Tests/PinmapRuntimeTests/Frames`.
enum FrameGolden {
    static let framesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Frames")
    static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The Import tab's folder: fixed, so its path and listing are the same on every machine.
    static let importFolder = "/tmp/pinmap-frame-goldens"
    static var updating: Bool { ProcessInfo.processInfo.environment["PINMAP_UPDATE_FRAMES"] == "1" }

    /// A runner at `cols`×`rows` holding the 45 sample pins (Data/pins/pins-seoul.csv, imported
    /// by the real importer), centred on Seoul at zoom 256 (the README's example), the clock at 0,
    /// place names in `places` (the UI takes them from the locale, as `Strings.language`).
    static func runner(cols: Int, rows: Int, places: PlaceNaming.Language) throws -> AppRunner {
        let store = try Store.inMemory()
        _ = try Importer.run(path: repoRoot.appendingPathComponent("Data/pins/pins-seoul.csv").path, store: store,
                             options: ImportOptions())
        // The import takes these two times from the wall clock.
        try store.db.execute("UPDATE import_batches SET imported_at = '2025-06-08T09:00:00Z'")
        try store.db.execute("UPDATE pins SET updated_at = '2025-06-08T09:00:00Z'")
        try makeImportFolder()
        // The home and working folders are fixed: the frames must not depend on the process.
        let environment = AppEnvironment(home: "/home/pin", cwd: importFolder, placeLanguage: places)
        let state = AppState(cols: cols, rows: rows, detent: .medium, ascii: false, color: false, reducedMotion: true,
                             environment: environment)
        let runner = UIRunner.make(store: store, state: state, loadSamples: { 0 })
        // Centred on Seoul, not on the pins fitted as a store first opens.
        runner.show(Viewport(center: GeoPoint(latitude: 37.55, longitude: 126.98), zoom: 256))
        return runner
    }

    /// Two importable files and a folder, so the Import tab lists something.
    static func makeImportFolder() throws {
        let fm = FileManager.default
        try fm.createDirectory(atPath: importFolder + "/trips", withIntermediateDirectories: true)
        for name in ["cafes.csv", "hike.gpx"] where !fm.fileExists(atPath: importFolder + "/" + name) {
            try Data("title,lat,lon\nA,1,2\n".utf8).write(to: URL(fileURLWithPath: importFolder + "/" + name))
        }
    }

    /// Compares `screen` with the golden file `name-<cols>x<rows>.txt` (or writes it when updating).
    static func check(_ screen: Screen, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let url = framesFolder.appendingPathComponent("\(name)-\(screen.width)x\(screen.height).txt")
        let actual = screen.text() + "\n"
        if updating {
            XCTAssertNoThrow(try Data(actual.utf8).write(to: url), file: file, line: line)
            return
        }
        guard let data = try? Data(contentsOf: url), let expected = String(data: data, encoding: .utf8) else {
            XCTFail("no golden frame \(url.path): run PINMAP_UPDATE_FRAMES=1 swift test --filter FrameGoldenTests",
                    file: file, line: line)
            return
        }
        if expected != actual {
            XCTFail("frame \(url.lastPathComponent) differs:\n" + diff(expected, actual), file: file, line: line)
        }
    }

    /// The lines that differ, unified-diff style: `@@ line N @@`, `-expected`, `+actual`.
    static func diff(_ expected: String, _ actual: String) -> String {
        let a = expected.components(separatedBy: "\n"), b = actual.components(separatedBy: "\n")
        var out = "--- golden\n+++ rendered\n"
        for i in 0..<max(a.count, b.count) {
            let old = i < a.count ? a[i] : nil, new = i < b.count ? b[i] : nil
            guard old != new else { continue }
            out += "@@ line \(i + 1) @@\n"
            if let old { out += "-" + old + "\n" }
            if let new { out += "+" + new + "\n" }
        }
        return out
    }
}
