import XCTest
import Foundation
import Frame
import GeoMap
import PinImport
import PinmapTestSupport
@testable import PinStore
import PinmapCore
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
    static var updating: Bool { ProcessInfo.processInfo.environment["PINMAP_UPDATE_FRAMES"] == "1" }

    /// A runner at `cols`×`rows` holding the 45 sample pins (Data/pins/pins-seoul.csv, imported
    /// by the real importer), centred on Seoul at zoom 256 (the README's example), the clock at 0,
    /// place names in `places` (the UI takes them from the locale, as `Strings.language`), without
    /// colour unless `color`, working
    /// in a folder of `test`'s own under /tmp (the Import tab lists it; frames show its path
    /// masked, `TempFolder.masked`).
    static func runner(cols: Int, rows: Int, places: PlaceNaming.Language, in test: XCTestCase,
                       color: Bool = false) throws -> AppRunner {
        // The import's and the pins' times come from the store's clock, stopped here.
        let store = try Store.inMemory(clock: .fixed("2025-06-08T09:00:00Z"))
        _ = try Importer.run(path: repoRoot.appendingPathComponent("Data/pins/pins-seoul.csv").path, store: store,
                             options: ImportOptions())
        let importFolder = try test.makeTempFolder(under: "/tmp").path
        try makeImportFolder(importFolder)
        // The home and working folders are fixed: the frames must not depend on the process.
        let environment = AppEnvironment(home: "/home/pin", cwd: importFolder, placeLanguage: places)
        let state = AppState(cols: cols, rows: rows, detent: .medium, ascii: false, color: color, reducedMotion: true,
                             environment: environment)
        let runner = UIRunner.make(store: store, state: state, loadSamples: { 0 })
        // Centred on Seoul, not on the pins fitted as a store first opens.
        runner.show(Viewport(center: GeoPoint(latitude: 37.55, longitude: 126.98), zoom: 256))
        return runner
    }

    /// Two importable files and a folder, so the Import tab lists something.
    static func makeImportFolder(_ importFolder: String) throws {
        let fm = FileManager.default
        try fm.createDirectory(atPath: importFolder + "/trips", withIntermediateDirectories: true)
        for name in ["cafes.csv", "hike.gpx"] where !fm.fileExists(atPath: importFolder + "/" + name) {
            try Data("title,lat,lon\nA,1,2\n".utf8).write(to: URL(fileURLWithPath: importFolder + "/" + name))
        }
    }

    /// Compares `screen` with the golden file `name-<cols>x<rows>.txt` (or writes it when updating):
    /// its text (a test folder's path masked: `TempFolder.masked`), then its styles (`styleMap`).
    static func check(_ screen: Screen, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let url = framesFolder.appendingPathComponent("\(name)-\(screen.width)x\(screen.height).txt")
        let actual = TempFolder.masked(screen.text()) + "\n" + styleMap(screen)
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

    /// The frame's styles in a compact, readable form: a legend naming each style that occurs
    /// (`.` plain, then `a`, `b`, … in order of first appearance: `a reverse`, `b dim fg 4`),
    /// then one line a row, one letter a cell (a wide character's second cell repeats its
    /// letter), trailing plain cells left out.
    ///
    ///     -- styles --
    ///     . plain
    ///     a reverse
    ///     -- cells --
    ///     aaaaaa
    static func styleMap(_ screen: Screen) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var letter: [Style: Character] = [.plain: "."]
        var legend = ["\(Character(".")) plain"]
        var rows: [String] = []
        for row in 0..<screen.height {
            var out = ""
            var last = Style.plain
            for col in 0..<screen.width {
                let cell = screen[col, row]
                let style = cell.isContinuation ? last : cell.style
                last = style
                if letter[style] == nil {
                    let c = letter.count - 1 < letters.count ? letters[letter.count - 1] : "?"
                    letter[style] = c
                    legend.append("\(c) \(describe(style))")
                }
                out.append(letter[style]!)
            }
            while out.last == "." { out.removeLast() }
            rows.append(out)
        }
        return "-- styles --\n" + legend.joined(separator: "\n") + "\n-- cells --\n" + rows.joined(separator: "\n") + "\n"
    }

    /// `bold reverse fg 4 bg 236`: the attributes set, then the colours that are not the default.
    static func describe(_ s: Style) -> String {
        var words: [String] = []
        if s.bold { words.append("bold") }
        if s.dim { words.append("dim") }
        if s.reverse { words.append("reverse") }
        if s.underline { words.append("underline") }
        if s.fg != .default { words.append("fg \(s.fg.index)") }
        if s.bg != .default { words.append("bg \(s.bg.index)") }
        return words.isEmpty ? "plain" : words.joined(separator: " ")
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
