import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// The Settings tab's import ids are right-aligned in a column as wide as the widest shown,
/// so the rows of #10 and #9 line up (the tester saw `#10  2026…` over `#9  2026…`).
final class SettingsImportIDColumnTests: XCTestCase {
    /// The Settings tab over imports #`ids` (newest first), a file store.
    private func settings(ids: [Int64], language: Language = .english, older: Bool = false) -> AppState {
        var state = AppState(cols: 80, rows: 24, color: false, reducedMotion: true, environment: AppEnvironment(language: language))
        var info = StoreInfo()
        info.path = "/home/me/pins.sqlite"
        info.sizeBytes = 4_096
        info.pinCount = 12
        info.batches = ids.map { id in
            RecentImport(id: id, file: "/data/i\(id).csv", importedAt: "2026-12-07T03:\(50 + id % 10):00Z",
                         imported: Int(id), pinsLeft: id == 9 ? 1 : Int(id))
        }
        info.olderImports = older
        state.feed(.showTab(.settings))
        state.feed(.store(.infoLoaded(info)))
        return state
    }

    private func lines(_ s: AppState, _ range: ClosedRange<Int>) -> String {
        let frame = s.render()
        return range.map { frame.line($0) }.joined(separator: "\n")
    }

    func testIDsOfOneAndTwoDigitsLineUp() {
        var s = settings(ids: Array((2...11).reversed()), older: true)
        s.press(.up)  // the last import row (#2) selected
        XCTAssertEqual(lines(s, 1...17), """
              Store
              path     /home/me/pins.sqlite
              size     4.1 kB   12 pins
              imports
                #11  2026-12-07T03:51           11 pins  i11.csv
                #10  2026-12-07T03:50           10 pins  i10.csv
                 #9  2026-12-07T03:59  1 of 9 pins left  i9.csv
                 #8  2026-12-07T03:58            8 pins  i8.csv
                 #7  2026-12-07T03:57            7 pins  i7.csv
                 #6  2026-12-07T03:56            6 pins  i6.csv
                 #5  2026-12-07T03:55            5 pins  i5.csv
                 #4  2026-12-07T03:54            4 pins  i4.csv
                 #3  2026-12-07T03:53            3 pins  i3.csv
              ▸  #2  2026-12-07T03:52            2 pins  i2.csv
                older imports: see `pinmap imports`; `pinmap undo-import ID` undoes one

              Settings  (↑↓ move · Enter/Space/←→ change · click)
            """)
    }

    func testKoreanIDsLineUpToo() {
        XCTAssertEqual(lines(settings(ids: [100, 99, 9], language: .korean), 4...8), """
              가져오기
                #100  2026-12-07T03:50            핀 100개  i100.csv
                 #99  2026-12-07T03:59             핀 99개  i99.csv
                  #9  2026-12-07T03:59  핀 9개 중 1개 남음  i9.csv

            """)
    }

    /// Ids of one width are drawn as before: no column to make.
    func testIDsOfOneWidthAreNotPadded() {
        XCTAssertEqual(lines(settings(ids: [3, 2]), 4...7), """
              imports
                #3  2026-12-07T03:53  3 pins  i3.csv
                #2  2026-12-07T03:52  2 pins  i2.csv

            """)
    }
}
