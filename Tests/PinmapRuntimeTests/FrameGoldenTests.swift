import XCTest
import Frame
import GeoMap
import PinModel
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// Every screen, whole, at 80×24 and 100×30 in English and at 100×30 in Korean, against the
/// golden files in `Frames/` (FrameGolden.swift says how to regenerate them).
final class FrameGoldenTests: XCTestCase {
    /// Renders the screen `steps` lead to at each size and language and compares it with its file.
    /// Korean is checked at `koreanSizes` (100×30 unless a screen's width matters to it).
    private func check(_ name: String, koreanSizes: [(Int, Int)] = [(100, 30)], file: StaticString = #filePath, line: UInt = #line,
                       _ steps: (AppRunner) -> Void) throws {
        defer { Strings.language = .english }
        for (language, places, prefix, sizes) in [(Language.english, PlaceNaming.Language.english, "", [(80, 24), (100, 30)]),
                                                  (Language.korean, PlaceNaming.Language.korean, "ko-", koreanSizes)] {
            Strings.language = language
            for (cols, rows) in sizes {
                let runner = try FrameGolden.runner(cols: cols, rows: rows, places: places, in: self)
                steps(runner)
                FrameGolden.check(runner.frame(), prefix + name, file: file, line: line)
            }
        }
    }

    func testMapSmall() throws { try check("map-small") { $0.char("S") } }
    func testMapMedium() throws { try check("map-medium") { _ in } }
    func testMapLarge() throws { try check("map-large") { $0.char("L") } }
    func testTimeline() throws { try check("timeline") { $0.char("2") } }
    func testImport() throws { try check("import") { $0.char("3") } }
    func testSettings() throws { try check("settings") { $0.char("4") } }
    func testFilter() throws { try check("filter") { $0.char("f") } }
    func testHelp() throws { try check("help") { $0.char("?") } }
    // The list has the focus: its first row is selected, and Enter opens it.
    func testDetail() throws { try check("detail") { $0.key(.enter) } }
    func testForm() throws { try check("form") { $0.char("a") } }
    func testConfirm() throws { try check("confirm") { $0.char("d") } }
    // A save over another edit (a description and a latitude written elsewhere meanwhile):
    // both versions field by field; Esc goes back to the form, which says the pin changed.
    func testConflict() throws { try check("conflict", conflictingSave) }
    func testConflictBack() throws { try check("conflict-back") { conflictingSave($0); $0.key(.escape) } }
    func testNotice() throws { try check("notice") { $0.char("d"); $0.char("y") } }
    // Sorted by distance, each row says how far its pin is from the map's centre.
    func testDistanceSort() throws { try check("distance-sort") { $0.char("s"); $0.char("s") } }
    // An import row on Settings is chosen with ↑ from the first setting, and
    // Enter asks whether to undo it.
    func testSettingsImportRow() throws { try check("settings-import-row") { $0.char("4"); $0.char("k") } }
    func testUndoImportConfirm() throws { try check("undo-import-confirm") { $0.char("4"); $0.char("k"); $0.key(.enter) } }

    // The server gone: "⚠ reconnecting…" shares the status line with the detent, the counts,
    // the focus and the zoom (the tester saw the long message push them all off at 80 columns).
    func testReconnecting() throws {
        try check("reconnecting", koreanSizes: [(80, 24), (100, 30)]) {
            $0.handle(.store(.unreachable(StoreError("the PostgreSQL server closed the connection", kind: .connectionLost))), now: 0)
        }
    }

    /// The selected pin opened in the form, its description typed over; elsewhere, meanwhile,
    /// another description and latitude; then Ctrl-S.
    private func conflictingSave(_ r: AppRunner) {
        r.char("e")
        r.key(.tab); r.key(.ctrl("u")); r.type("my description")
        guard let id = r.state.list.selectedID else { return XCTFail("no pin selected") }
        XCTAssertNoThrow(try r.store.update(id: id, description: "their important notes", latitude: 37.6))
        r.key(.ctrl("s"))
    }

    /// In colour (the other frames are without): every layer's and category's colour, cell by cell.
    func testMapInColour() throws {
        let runner = try FrameGolden.runner(cols: 100, rows: 30, places: .english, in: self, color: true)
        FrameGolden.check(runner.frame(), "map-colour")
    }
}
