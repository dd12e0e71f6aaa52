import XCTest
import Frame
import PinStore
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// In the UI: the detail page lists a pin's properties, and the Settings tab exports.
final class PropertiesUITests: XCTestCase {
    func testDetailPageListsThePropertiesUnderTheDescription() throws {
        var pins = UIFixtures.seoulPins
        pins[0].properties = #"{"name_en":"War Memorial of Korea","opened":"1994","note":"two\nlines \u001b[31m"}"#
        let r = try UIFixtures.sqliteRunner(pins: pins)
        r.selectListed("전쟁기념관")
        r.key(.enter)
        guard case .detail(let d)? = r.state.feedback.modal?.content else { return XCTFail("no detail: \(r.text)") }
        XCTAssertEqual(d.properties.map(\.key), ["name_en", "opened", "note"])
        XCTAssertEqual(r.cells(row: 7, 0..<59), "  야외 전시 비행기 구경")
        XCTAssertEqual(r.cells(row: 8, 0..<59), "")
        XCTAssertEqual(r.cells(row: 9, 0..<59), "  name_en: War Memorial of Korea")
        XCTAssertEqual(r.cells(row: 10, 0..<59), "  opened: 1994")
        // Line breaks become spaces; the escape sequence is shown as a placeholder, never sent.
        XCTAssertEqual(r.cells(row: 11, 0..<59), "  note: two lines ␛[31m")
        for row in 12..<17 { XCTAssertEqual(r.cells(row: row, 0..<59), "", "row \(row)") }
    }

    func testSettingsExportRowChoosesAFormatAndWritesTheFile() throws {
        var pins = UIFixtures.seoulPins
        pins[1].properties = #"{"wifi":"yes"}"#
        let r = try UIFixtures.sqliteRunner(pins: pins)
        r.char("4")
        for _ in 0..<5 { r.char("j") }  // past the place-names row
        XCTAssertTrue(r.text.contains("▸ Export pins       [csv] geojson gpx kml gpkg  (←/→ format, Enter writes it next to the store)"), r.text)
        r.key(.right); r.key(.right)
        XCTAssertEqual(r.state.settingsTab.exportFormat, .gpx)
        XCTAssertTrue(r.text.contains("Export pins       csv geojson [gpx] kml gpkg"), r.text)
        r.key(.enter)
        let message = try XCTUnwrap(r.state.feedback.message)
        XCTAssertTrue(message.hasPrefix("Exported 5 pins to "), message)
        let path = String(message.dropFirst("Exported 5 pins to ".count))
        addTeardownBlock { unlink(path) }
        XCTAssertTrue(path.hasSuffix(".gpx") && path.contains("/pinmap-export-"), path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains("      <pinmap:wifi>yes</pinmap:wifi>\n"), text)
        XCTAssertEqual(text.components(separatedBy: "<wpt ").count - 1, 5)
    }

    func testSettingsExportWritesAGeoPackage() throws {
        let r = try UIFixtures.sqliteRunner()
        r.char("4")
        for _ in 0..<5 { r.char("j") }
        r.key(.left)
        XCTAssertEqual(r.state.settingsTab.exportFormat, .gpkg, "← from csv wraps to the last format")
        r.key(.enter)
        let message = try XCTUnwrap(r.state.feedback.message)
        XCTAssertTrue(message.hasPrefix("Exported 5 pins to "), message)
        let path = String(message.dropFirst("Exported 5 pins to ".count))
        addTeardownBlock { unlink(path) }
        XCTAssertTrue(path.hasSuffix(".gpkg") && path.contains("/pinmap-export-"), path)
        let head = try XCTUnwrap(FileHandle(forReadingAtPath: path)).readData(ofLength: 72)
        XCTAssertEqual(String(decoding: head.prefix(16), as: UTF8.self), "SQLite format 3\0")
        XCTAssertEqual(Array(head[68..<72]), Array("GPKG".utf8), "application_id")
        let name = (path as NSString).lastPathComponent
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
                        .filter { $0.hasPrefix("." + name) }, [], "no temporary file left")
    }

    func testExportPathIsNextToTheStoreWithTheTime() {
        let date = Date(timeIntervalSince1970: 1_764_601_323)  // 2025-12-01T15:02:03Z
        XCTAssertEqual(EffectPerformer.exportPath(storePath: "/data/pins.sqlite", format: .kml, now: date),
                       "/data/pinmap-export-20251201-150203.kml")
    }

    func testAServerStoresExportGoesIntoTheCurrentFolder() {
        let date = Date(timeIntervalSince1970: 1_764_601_323)  // 2025-12-01T15:02:03Z
        XCTAssertEqual(EffectPerformer.exportPath(storePath: "postgresql:///pins?host=/tmp/pg/socket&port=5432&user=postgres", onServer: true,
                                                  format: .gpkg, now: date),
                       FileManager.default.currentDirectoryPath + "/pinmap-export-20251201-150203.gpkg")
    }

    func testImportTabPreviewAndSummaryNameTheColumnsKeptAsProperties() throws {
        let dir = URL(fileURLWithPath: try makeTempFolder().path)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("cities.csv").path
        try "sep=;\nname;lat;lon;name_ko;pop\nParis;48.8566;2.3522;파리;2148000\n".write(toFile: path, atomically: true, encoding: .utf8)
        let r = try UIFixtures.sqliteRunner()
        r.char("3")
        for ch in path { r.char(ch) }
        r.key(.enter)
        let lines = (0..<30).map { r.line($0) }
        XCTAssertEqual(lines.first { $0.contains("kept as properties") }, "  kept as properties: \"name_ko\", \"pop\"")
        XCTAssertEqual(lines.first { $0.contains("delimiter") }?.hasPrefix("  CSV · encoding UTF-8 · delimiter ;"), true)
        r.key(.enter)
        XCTAssertEqual(r.state.importTab.summary[3], "kept as properties: \"name_ko\", \"pop\"")
        let paris = try XCTUnwrap(try r.store.pins(matching: PinQuery(search: "파리")).first)
        XCTAssertEqual(paris.properties, #"{"name_ko":"파리","pop":"2148000"}"#)
    }

    /// `/파리` finds a pin through a property value (here `name_ko`), as the CLI's `--search` does.
    func testSlashSearchFindsAPropertyValue() throws {
        var pins = UIFixtures.seoulPins
        pins[3].properties = #"{"name_ko":"국립중앙박물관","paris_twin":"파리 루브르"}"#
        let r = try UIFixtures.sqliteRunner(pins: pins)
        r.char("/")
        r.type("파리")
        XCTAssertEqual(r.state.list.pins.map(\.title), ["National Museum of Korea"])
        r.key(.backspace); r.key(.backspace)
        r.type("중앙박물")
        XCTAssertEqual(r.state.list.pins.map(\.title), ["National Museum of Korea"])
        let top = 28 - r.state.sheet.height
        XCTAssertTrue(r.line(top + 2).hasPrefix(" • National Museum of Korea"), r.line(top + 2))
    }
}
