import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// The export row says where Enter writes the file: next to a file store, in the current
/// folder for a server's (which has no folder of its own).
final class SettingsExportHintTests: XCTestCase {
    private func exportRow(server: Bool) -> String {
        var state = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        var info = StoreInfo()
        info.isServer = server
        info.path = server ? "postgresql://team@db.example:5432/pins" : "/home/me/pins.sqlite"
        state.feed(.showTab(.settings))
        state.feed(.store(.infoLoaded(info)))
        let first = SettingsView.firstSettingRow(state, area: Rect(x: 0, y: 0, width: 100, height: 28))
        let frame = state.render(), row = first + SettingRow.export.rawValue
        return frame.line(row) + "\n" + frame.line(row + 1)
    }

    func testTheExportRowSaysWhereTheFileGoes() {
        XCTAssertEqual(exportRow(server: false),
                       "    Export pins       [csv] geojson gpx kml gpkg  (←/→ format, Enter writes it next to the store)\n"
                       + "    Sheet detent: medium (remembered across runs)")
        XCTAssertEqual(exportRow(server: true),
                       "    Export pins       [csv] geojson gpx kml gpkg (←/→ format, Enter writes it in the current\n"
                       + "                      folder)")
    }
}
