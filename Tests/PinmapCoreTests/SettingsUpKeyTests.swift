import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// ↑ on the Settings tab moves to the setting above; only from the first setting does it
/// reach the imports above them, as `k` does. (`case .up, .char("k") where …` guarded `k`
/// alone: ↑ from Place names jumped to the last import, and Enter there offered to undo it.)
final class SettingsUpKeyTests: XCTestCase {
    private func settings() -> AppState {
        var state = AppState(cols: 80, rows: 24, color: false, reducedMotion: true)
        var info = StoreInfo()
        info.path = "/home/me/pins.sqlite"
        info.sizeBytes = 4_096
        info.pinCount = 12
        info.batches = [RecentImport(id: 1, file: "/data/a.csv", importedAt: "2026-12-07T03:50:00Z", imported: 12, pinsLeft: 12)]
        state.feed(.showTab(.settings))
        state.feed(.store(.infoLoaded(info)))
        return state
    }

    private func lines(_ s: AppState) -> String {
        let frame = s.render()
        return (1...15).map { frame.line($0) }.joined(separator: "\n")
    }

    func testUpMovesOneSettingAndReachesTheImportsOnlyFromTheFirst() {
        for up in [Key.up, .char("k")] {
            var s = settings()
            for _ in 0..<4 { s.press(.down) }  // Place names
            s.press(up)
            XCTAssertEqual(lines(s), """
                  Store
                  path     /home/me/pins.sqlite
                  size     4.1 kB   12 pins
                  imports
                    #1  2026-12-07T03:50  12 pins  a.csv

                  Settings  (↑↓ move · Enter/Space/←→ change · click)
                    Drag sensitivity  × 1  (0.5 less, 1 normal, 2 more)
                    Reduced motion    on: sheets move instantly
                    Map mode          braille (2×4 dots per cell)
                  ▸ Colour            off
                    Place names       English
                    Export pins       [csv] geojson gpx kml gpkg (←/→ format, Enter writes it
                                      next to the store)
                    Sheet detent: medium (remembered across runs)
                """, "\(up)")
            for _ in 0..<3 { s.press(up) }  // Drag sensitivity, the first setting
            s.press(up)
            XCTAssertEqual(s.render().line(5), "  ▸ #1  2026-12-07T03:50  12 pins  a.csv", "\(up)")
        }
    }
}
