import XCTest
import Foundation
import Frame
import GeoMap
import PinImport
@testable import PinStore
import PinmapCore
@testable import PinmapRuntime
@testable import PinmapCLI
import PinmapTestSupport

/// Titles whose grapheme clusters take other widths than their first
/// scalar's (a narrow emoji with its presentation selector, a ZWJ sequence, a flag, a skin
/// tone, conjoining jamo, a text selector) line up in the list and on the map, whole
/// frames against `Frames/emoji-*.txt` (regenerated as FrameGolden.swift says).
final class EmojiFrameTests: XCTestCase {
    private func runner() throws -> AppRunner {
        let store = try Store.inMemory()
        var csv = "title,lat,lon,category,created_at\n"
        for (i, title) in EmojiRowFixture.titles.enumerated() {
            csv += "\"\(title)\",\(37.50 + 0.04 * Double(i)),\(126.90 + 0.07 * Double(i)),\(["hike", "food", "", ""][i]),2025-0\(i + 1)-01T00:00:00Z\n"
        }
        let file = try makeTempFolder().path + "/emoji.csv"
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        _ = try Importer.run(path: file, store: store, options: ImportOptions())
        let environment = AppEnvironment(home: "/home/pin", cwd: "/tmp", placeLanguage: .english)
        let state = AppState(cols: 100, rows: 30, detent: .medium, ascii: false, color: false, reducedMotion: true,
                             environment: environment)
        let runner = UIRunner.make(store: store, state: state, loadSamples: { 0 })
        runner.show(Viewport(center: GeoPoint(latitude: 37.55, longitude: 126.98), zoom: 256))  // not the pins fitted
        return runner
    }

    func testListRowsLineUp() throws {
        let r = try runner()
        let frame = r.frame()
        FrameGolden.check(frame, "emoji-list")
        // The place column starts at the same cell in every row.
        let rows = (0..<frame.height).map { frame.line($0) }.filter { $0.hasPrefix(" • ") || $0.hasPrefix(" ◉ ") }
        XCTAssertEqual(rows.count, 4)
        XCTAssertEqual(Set(rows.map { DisplayWidth.of(String($0[..<$0.range(of: "near")!.lowerBound])) }).count, 1, rows.joined(separator: "\n"))
    }

    /// Each title selected in turn: its row, its name beside the marker and the status line.
    func testSelectedTitlesLineUp() throws {
        let r = try runner()
        for i in 1...4 {
            if i > 1 { r.char("j") }  // the first row is selected by itself (the list has the focus)
            FrameGolden.check(r.frame(), "emoji-selected-\(i)")
        }
    }
}

enum EmojiRowFixture {
    static let titles = ["\u{1F3D4}\u{FE0F} Summit Marker", "\u{1F9D1}\u{200D}\u{1F373} Test Kitchen",
                         "\u{1F1F0}\u{1F1F7} Flag \u{1F44D}\u{1F3FD} ok", "\u{1100}\u{1161}\u{11A8} jamo \u{231A}\u{FE0E}"]
}
