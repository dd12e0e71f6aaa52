import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// The Settings tab names a server reached through a socket folder by its whole URI
/// (`postgresql:///pins?host=/tmp/pinmap-pg-x/socket&port=54420&user=postgres`): at 80
/// columns it was cut in the middle (`host=/tmp/pinma…l/socket`), now it breaks before an
/// `&` onto a second line under the value column; at 100 it fits on one. The rows below move
/// down by the line, and a click still finds its row.
final class SettingsServerNameTests: XCTestCase {
    private static let socketURI = "postgresql:///pins?host=/tmp/pinmap-pg-x/socket&port=54420&user=postgres"

    private func settings(cols: Int, rows: Int, language: Language = .english, path: String = socketURI) -> AppState {
        var state = AppState(cols: cols, rows: rows, color: false, reducedMotion: true,
                             environment: AppEnvironment(language: language))
        var info = StoreInfo()
        info.isServer = true
        info.path = path
        info.sizeBytes = 106_496
        info.pinCount = 2
        info.batches = [RecentImport(id: 2, file: "/data/b.csv", importedAt: "2026-12-07T03:59:00Z", imported: 1, pinsLeft: 1),
                        RecentImport(id: 1, file: "/data/a.csv", importedAt: "2026-12-07T03:58:00Z", imported: 1, pinsLeft: 1)]
        state.feed(.showTab(.settings))
        state.feed(.store(.infoLoaded(info)))
        return state
    }

    /// The frame's lines from the tab's first row to the first setting.
    private func top(_ s: AppState, lines: Int = 10) -> String {
        let frame = s.render()
        return (0..<lines).map { frame.line($0) }.joined(separator: "\n")
    }

    func testASocketURIBreaksBeforeAnAmpersandAt80Columns() {
        XCTAssertEqual(top(settings(cols: 80, rows: 24)), """

              Store
              server   postgresql:///pins?host=/tmp/pinmap-pg-x/socket&port=54420
                       &user=postgres
              size     106.5 kB   2 pins
              imports
                #2  2026-12-07T03:59  1 pin  b.csv
                #1  2026-12-07T03:58  1 pin  a.csv

              Settings  (↑↓ move · Enter/Space/←→ change · click)
            """)
    }

    func testASocketURIIsOneLineAt100Columns() {
        XCTAssertEqual(top(settings(cols: 100, rows: 30), lines: 9), """

              Store
              server   postgresql:///pins?host=/tmp/pinmap-pg-x/socket&port=54420&user=postgres
              size     106.5 kB   2 pins
              imports
                #2  2026-12-07T03:59  1 pin  b.csv
                #1  2026-12-07T03:58  1 pin  a.csv

              Settings  (↑↓ move · Enter/Space/←→ change · click)
            """)
    }

    func testKoreanBreaksUnderItsValueColumnToo() {
        XCTAssertEqual(top(settings(cols: 80, rows: 24, language: .korean)), """

              저장소
              서버     postgresql:///pins?host=/tmp/pinmap-pg-x/socket&port=54420
                       &user=postgres
              크기     106.5 kB   핀 2개
              가져오기
                #2  2026-12-07T03:59  핀 1개  b.csv
                #1  2026-12-07T03:58  핀 1개  a.csv

              설정  (↑↓ 이동 · Enter/Space/←→ 바꾸기 · 클릭)
            """)
    }

    /// A socket folder too long for a line of its own gives way in the middle; the port and
    /// user still follow on the next line.
    func testAPieceTooWideAloneGivesWayInTheMiddle() {
        let uri = "postgresql:///pins?host=/var/run/a-very-long-folder-name-for-sockets/of-this-team/postgresql/socket&port=5432&user=ann"
        XCTAssertEqual(top(settings(cols: 80, rows: 24, path: uri), lines: 6), """

              Store
              server   postgresql:///pins
                       ?host=/var/run/a-very-long-folder-…ts/of-this-team/postgresql/socket
                       &port=5432&user=ann
              size     106.5 kB   2 pins
            """)
    }

    /// The rows under the second line are where clicks find them: the first import (its
    /// undo asked after) and the second setting.
    func testClicksFindTheRowsBelowTheSecondLine() {
        var s = settings(cols: 80, rows: 24)
        let area = Rect(x: 0, y: 0, width: 80, height: 22)
        let first = SettingsView.firstSettingRow(s, area: area)
        XCTAssertEqual(first, 10)
        XCTAssertEqual(s.render().line(first + 1), "    Reduced motion    on: sheets move instantly")
        s.feed(.input(.mouse(MouseEvent(.press, .left, col: 10, row: first + 1))))
        XCTAssertEqual(s.settingsTab.cursor, 1)
        XCTAssertFalse(s.sheet.reducedMotion)
        s.feed(.input(.mouse(MouseEvent(.press, .left, col: 10, row: 6))))
        XCTAssertEqual(s.settingsTab.importCursor, 0)
        XCTAssertEqual(s.render().line(6), "  ▸ #2  2026-12-07T03:59  1 pin  b.csv")
    }
}
