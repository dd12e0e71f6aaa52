import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// The Settings tab's import counts are right-aligned in a column as wide as the widest shown
/// (display widths: a Korean syllable is two cells), so every row's file name starts in one
/// column (the tester saw `1 pin  작은파일-11.csv` over `5000 pins  big.csv`). Whole frames.
final class SettingsImportCountColumnTests: XCTestCase {
    /// The Settings tab at 80×24 over ten imports, #11 (1 pin) down to #2 (5,000 pins), #3 with
    /// pins deleted, a file store.
    private func settings(language: Language) -> AppState {
        var state = AppState(cols: 80, rows: 24, color: false, reducedMotion: true, environment: AppEnvironment(language: language))
        var info = StoreInfo()
        info.path = "/home/me/pins.sqlite"
        info.sizeBytes = 4_096
        info.pinCount = 5_012
        info.batches = (2...11).reversed().map { id in
            let pins = id == 2 ? 5_000 : 1
            return RecentImport(id: Int64(id), file: id == 2 ? "/data/big.csv" : "/data/작은파일-\(id).csv",
                                importedAt: "2026-12-07T04:\(40 + id):00Z", imported: id == 3 ? 2 : pins, pinsLeft: pins)
        }
        state.feed(.showTab(.settings))
        state.feed(.store(.infoLoaded(info)))
        return state
    }

    private func frame(_ s: AppState) -> String {
        let screen = s.render()
        return (0..<screen.height).map { screen.line($0) }.joined(separator: "\n")
    }

    func testEnglishFileNamesStartInOneColumn() {
        XCTAssertEqual(frame(settings(language: .english)), """

              Store
              path     /home/me/pins.sqlite
              size     4.1 kB   5012 pins
              imports
                #11  2026-12-07T04:51             1 pin  작은파일-11.csv
                #10  2026-12-07T04:50             1 pin  작은파일-10.csv
                 #9  2026-12-07T04:49             1 pin  작은파일-9.csv
                 #8  2026-12-07T04:48             1 pin  작은파일-8.csv
                 #7  2026-12-07T04:47             1 pin  작은파일-7.csv
                 #6  2026-12-07T04:46             1 pin  작은파일-6.csv
                 #5  2026-12-07T04:45             1 pin  작은파일-5.csv
                 #4  2026-12-07T04:44             1 pin  작은파일-4.csv
                 #3  2026-12-07T04:43  1 of 2 pins left  작은파일-3.csv
                 #2  2026-12-07T04:42         5000 pins  big.csv

              Settings  (↑↓ move · Enter/Space/←→ change · click)
              ▸ Drag sensitivity  × 1  (0.5 less, 1 normal, 2 more)
                Reduced motion    on: sheets move instantly
                Map mode          braille (2×4 dots per cell)
                Colour            off
             ↑↓ move · Enter/Space/←→ change · click a row · ? help
             medium · 0 of 0 pins in view                                            ? help
                   1 Map             2 Timeline           3 Import           4 Settings
            """)
    }

    func testKoreanFileNamesStartInOneColumn() {
        XCTAssertEqual(frame(settings(language: .korean)), """

              저장소
              경로     /home/me/pins.sqlite
              크기     4.1 kB   핀 5012개
              가져오기
                #11  2026-12-07T04:51              핀 1개  작은파일-11.csv
                #10  2026-12-07T04:50              핀 1개  작은파일-10.csv
                 #9  2026-12-07T04:49              핀 1개  작은파일-9.csv
                 #8  2026-12-07T04:48              핀 1개  작은파일-8.csv
                 #7  2026-12-07T04:47              핀 1개  작은파일-7.csv
                 #6  2026-12-07T04:46              핀 1개  작은파일-6.csv
                 #5  2026-12-07T04:45              핀 1개  작은파일-5.csv
                 #4  2026-12-07T04:44              핀 1개  작은파일-4.csv
                 #3  2026-12-07T04:43  핀 2개 중 1개 남음  작은파일-3.csv
                 #2  2026-12-07T04:42           핀 5000개  big.csv

              설정  (↑↓ 이동 · Enter/Space/←→ 바꾸기 · 클릭)
              ▸ 끌기 감도         × 1  (0.5 둔하게, 1 보통, 2 예민하게)
                동작 줄이기       켜짐: 시트가 바로 움직임
                지도 방식         점자 (칸마다 2×4 점)
                색                꺼짐
             ↑↓ 이동 · Enter/Space/←→ 바꾸기 · 줄 클릭 · ? 도움말
             중간 · 보이는 핀 0/0개                                                ? 도움말
                   1 지도            2 타임라인          3 가져오기            4 설정
            """)
    }
}
