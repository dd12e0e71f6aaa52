import XCTest
import Frame
import PinStore
import PinmapCore
@testable import PinmapRuntime
@testable import PinmapCLI
import PinmapTestSupport
import PinStore
import PinmapCoreTestSupport

/// A click on Settings hits the row and the format under the
/// pointer, and does not move the page under it.
final class SettingsClickTests: XCTestCase {
    private func state() -> AppState {
        var s = AppState(cols: 80, rows: 20, color: false, reducedMotion: true)
        s.feed(.showTab(.settings))
        return s
    }

    private func click(_ s: inout AppState, col: Int, row: Int) -> [Effect] {
        // The Settings tab reads its store facts after every event (`Effect.loadStoreInfo`): left out here.
        (s.update(.input(.mouse(MouseEvent(.press, .left, col: col, row: row))), now: 0)
            + s.update(.input(.mouse(MouseEvent(.release, .left, col: col, row: row))), now: 0.05))
            .filter { $0 != .loadStoreInfo }
    }

    private var area: Rect { Rect(x: 0, y: 0, width: 80, height: 18) }

    func testClickingExportTwiceExportsTwiceWithoutScrolling() {
        var s = state()
        let row = SettingsView.firstSettingRow(s, area: area) + SettingRow.export.rawValue
        let before = s.render().text()
        XCTAssertEqual(click(&s, col: 5, row: row), [.exportPins(.csv)])
        XCTAssertEqual(s.settingsTab.cursor, SettingRow.export.rawValue)
        XCTAssertEqual(SettingsView.firstSettingRow(s, area: area) + SettingRow.export.rawValue, row,
                       "the page did not move under the mouse")
        XCTAssertEqual(click(&s, col: 5, row: row), [.exportPins(.csv)], "the same place is still Export")
        XCTAssertNotEqual(s.render().text(), before, "the cursor mark moved to Export")
        _ = s.update(.input(.key(.char("k"))), now: 1)
        XCTAssertEqual(s.settingsTab.cursor, SettingRow.placeNames.rawValue, "keys still move the cursor")
    }

    func testClickingAFormatChoosesThatFormat() {
        var s = state()
        let row = SettingsView.firstSettingRow(s, area: area) + SettingRow.export.rawValue
        let text = SettingsView.exportFormats(s)  // "[csv] geojson gpx kml gpkg"
        let gpx = SettingsView.valueColumn + DisplayWidth.of(String(text[..<text.range(of: "gpx")!.lowerBound]))
        XCTAssertEqual(click(&s, col: gpx + 1, row: row), [], "choosing a format exports nothing")
        XCTAssertEqual(s.settingsTab.exportFormat, .gpx)
        let kml = SettingsView.exportFormats(s)
        let col = SettingsView.valueColumn + DisplayWidth.of(String(kml[..<kml.range(of: "kml")!.lowerBound]))
        _ = click(&s, col: col, row: SettingsView.firstSettingRow(s, area: area) + SettingRow.export.rawValue)
        XCTAssertEqual(s.settingsTab.exportFormat, .kml)
        XCTAssertEqual(SettingsView.exportFormats(s), "csv geojson gpx [kml] gpkg")
    }
}
