import XCTest
import Frame
import PinModel
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// Toasts at 80×24 in English and Korean: never over a tab's header, the sheet or the tab
/// bar, cut with "…" when they do not fit their rows, and one notice at a time.
final class ToastPlacementTests: XCTestCase {

    private func runner(_ language: Language, tab: Character) throws -> AppRunner {
        let r = try UIFixtures.sqliteRunner(cols: 80, rows: 24, environment: AppEnvironment(language: language))
        r.char(tab)
        // A long toast: an import of a file with a long name and large counts.
        var report = ImportReport(file: longName, format: "csv")
        report.imported = 34_006
        report.duplicates = 45
        r.handle(.importer(.finished(name: longName, .success(report))), now: 0)
        return r
    }

    private let longName = "a very long Google Takeout export file name.csv"

    /// On the Timeline the toast takes the top row, kept empty for it: the month stays.
    func testKoreanToastOnTheTimelineKeepsTheMonth() throws {
        XCTAssertEqual(try runner(.korean, tab: "2").text, """
                  ✓ a very long Goog…t file name.csv: 34006개 가져옴, 0개 거부, 중복 45개…
                                            ‹  2023년 7월  ›

                                월    화    수    목    금    토    일
                                                               1•    2
                                 3     4     5     6     7     8     9
                                10    11    12    13    14    15    16
                                17    18    19    20    21    22    23
                                24    25    26    27    28    29    30
                                31

              2023-07-01: 핀 1개 · Enter로 지도에서 보기
               10:00  Busan Tower








             ←→ 날 · ↑↓ 주 · < > 달 · j/k 핀 · Enter 지도에서 보기 · ? 도움말
             중간 · 보이는 핀 5/5개 · Busan Tower                                  ? 도움말
                   1 지도            2 타임라인          3 가져오기            4 설정
            """)
    }

    /// On Settings it is one row, cut with "…"; the tab's header ("저장소") stays.
    func testKoreanToastOnSettingsIsOneRowAboveTheHeader() throws {
        XCTAssertEqual(try runner(.korean, tab: "4").text, """
                  ✓ a very long Goog…t file name.csv: 34006개 가져옴, 0개 거부, 중복 45개…
              저장소
              경로     :memory:
              크기     0 B   핀 5개
              가져오기 아직 없음

              설정  (↑↓ 이동 · Enter/Space/←→ 바꾸기 · 클릭)
              ▸ 끌기 감도         × 1  (0.5 둔하게, 1 보통, 2 예민하게)
                동작 줄이기       켜짐: 시트가 바로 움직임
                지도 방식         점자 (칸마다 2×4 점)
                색                꺼짐
                지명              영어
                핀 내보내기       [csv] geojson gpx kml gpkg (←/→ 형식, Enter는 저장소 옆에
                                  파일 쓰기)
                시트 단계: 중간 (다음 실행에도 기억)

              데이터
              해안선과 국경: Made with Natural Earth (퍼블릭 도메인).
              도시: GeoNames(geonames.org) 데이터 포함, CC BY 4.0.
              도시 확대의 해안선·호수·강: GSHHG 2.3.7, WDBII (Wessel & Smith), LGPL-3.
              예시 핀: Pinmap (CC0). 직접 가져오지 않으면 GeoNames나 공항 데이터는
             ↑↓ 이동 · Enter/Space/←→ 바꾸기 · 줄 클릭 · ? 도움말
             중간 · 보이는 핀 5/5개 · Busan Tower                                  ? 도움말
                   1 지도            2 타임라인          3 가져오기            4 설정
            """)
    }

    /// On the Map it wraps onto the map's rows above the sheet, never over the sheet's header.
    func testKoreanToastOnTheMapWrapsAboveTheSheet() throws {
        XCTAssertEqual(try runner(.korean, tab: "1").text, """
            180W   ✓ a very long Goog…t file name.csv: 34006개 가져옴, 0개 거부, 중복 45개
                   건너뜀

            ⠁            ⠁       ⢀⣀⣀⣀⡀⠈   ⣀⣀⣀⣀⡀     ⠁            ⠁            ⠈
            ⠁           ⣀⣤⣴⣶⣰⣶⣾⣿⣿⣿⡴⠶⢾⣏⣉⡉⠉⠉⠁ ⠈⠉⠉⣽⠛⠁  ⠁ ⠲⠶⠶⠖⠂  ⠐⠛⠃⣀⣀⣤⡄   ⣀⣚⡳⠶⠦⣤⡀⠈   ⣀⣀⣀⡀
            ⣶⣀⣠⣴⡒⠒⠒⠒⢲⠤⠒⠒⠗⠿⠿⠿⠽⠿⠿⠿⢿⣻⢻⣽⢲⣤⡀Greenland⣀   ⠁ ⢀⡤⢶⣶⣶⣢⣤⣤⣤⠿⠿⠶⠶⢝⡿⠉⠉⠁    ⠈⠉⠉⠉⠙⠓⠚⠋⠉⠓⠒⠲⠢⠲⠒⠲
            60N ⣥⣤⡶⠦⠼⢤⣄ ⠄⠁⠄ ⠄ ⠠⣎⣉⠛⢻⠛⢻⠿⡀ ⠙⠒⠞ ⠄ ⠈⠉⠉ ⢠⣄⠅⢮⣽⣹⢽⣥⡞⠉⠉ ⠄ ⠄⠁⠄ ⠄ ⠄ Russia⠌ ⠄ ⢀⡠⠤⠤⢔⡲⡶⠴⠒⠛
            ⠁  ⠉⠉     ⠛⠷⣄⣀⣀⣀Canada⠟ ⣀⣤⣬⣷⡄        ⠘⢻⣯⠶⣞⣩⣯⣭⣟⣿⠳⣤Kazakhstan⣤⡤⠴⠢⠤⢤⢤⣴⠒⠦⣀⣉⣿⡀ ⠸⠚⠁
            ⠁           ⣇⠁       ⠹⢖·⠟New York City⡶⢚⡶⢻⣿⣿Turkey⣾⣿⢯⢷⣲⣴⣶⠾China⠤⠚⠉⣩⣤⣴⠟⢋⣿⠂
            ⠁          United States  ⠈        Morocco⡯⢍⡬⣷⣭⣿⡯⣋⣯⡉⠉Busan Tower +4 ◉⡶⠟⠃
            ⠁   ⣀⡀       ⠁Mexico⣀⣼⣿⣀  ⠈         ⣴Algeria⣀⢸⣀⣹⣦ ⠈⠯⣿⡞⠳India⣿⠻⣤⣤⣀⡤⢾⠇
            ⠁    ⠉       ⠁  ⠈·⠚Mexico City      ⣷Mali⢥⣤⡇Sudan⣷⣾⡝⠋⠁  ⢣⢰⠊ ⠘⢺⣯⢿⡏ ⢸⣧
            ⠁            ⠁      ⠈Venezuela      ⠈⠻⠯⠯⠿⣤⣞⣗Ethiopia ⠁  ⠈⠻⠆  ⣼⣷⡋⣀⣴⡏⠻⡇
            ─ 중간 ──────────────────────────── ━━━━━━━━ ────────────────────────────[필터]─
            ▸ 보이는 핀: 5 · 최신순
             ◉ Busan Tower                 Busan 근처, KR           landmark     2023-07-01
             • National Museum of Korea    Seoul 근처, KR           museum       2023-06-22
             • 전쟁기념관                  Seoul 근처, KR           museum       2023-05-05
             • Hongdae, busking street     Seoul 근처, KR           landmark     2023-04-29
             • Garosu-gil coffee           Seoul 근처, KR           cafe         2023-03-18


             중간 · 보이는 핀 5/5개 · [목록] · 중심 바다 · 60.5N 0E · z1 · Busan Tower
                   1 지도            2 타임라인          3 가져오기            4 설정
            """)
    }

    /// A notice sheet replaces a toast; a toast that comes while the sheet is up waits for
    /// it to go and then gets its whole time; a newer toast replaces an older one.
    func testOneNoticeAtATime() throws {
        let r = try UIFixtures.sqliteRunner(cols: 80, rows: 24)
        func pin(_ title: String) -> NewPin { NewPin(title: title, latitude: 37.5, longitude: 127) }
        r.handle(.pins(.written(.added(id: 101, pin("A")))), now: 0)
        r.handle(.pins(.written(.updated(PinEdit(id: 102, pin: pin("B"), ifVersion: 1, base: nil)))), now: 1)
        XCTAssertEqual(r.state.feedback.toast?.message, "Updated “B”")
        r.handle(.pins(.written(.deleteMissing(id: 103))), now: 2)  // a failure: a notice sheet
        XCTAssertNil(r.state.feedback.toast, "the sheet replaces the toast")
        XCTAssertNotNil(r.state.feedback.modal)
        r.handle(.pins(.written(.added(id: 104, pin("D")))), now: 3)
        XCTAssertNil(r.state.feedback.toast, "it waits while the sheet is up")
        XCTAssertEqual(r.state.feedback.waitingToast?.message, "Added “D”")
        r.key(.escape, at: 4)
        var t = 4.0
        repeat { t += 0.5; r.handle(.tick, now: t) } while r.state.feedback.toast == nil && t < 10
        XCTAssertNil(r.state.feedback.modal)
        XCTAssertEqual(r.state.feedback.toast?.message, "Added “D”")
        XCTAssertEqual(r.state.feedback.toast?.shownAt ?? 0, t, accuracy: 0.001, "its time starts when it shows")
        XCTAssertNil(r.state.feedback.waitingToast)
    }
}
