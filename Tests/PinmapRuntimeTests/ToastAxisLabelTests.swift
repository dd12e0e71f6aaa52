import XCTest
import Frame
import PinModel
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// A toast over the map's top row: a degree label it would cover in part is not drawn
/// ("120W" half under it left a "1" beside the ✓ that read as a count).
final class ToastAxisLabelTests: XCTestCase {
    func testAToastNeverLeavesPartOfADegreeLabel() throws {
        let r = try UIFixtures.sqliteRunner(cols: 80, rows: 24, environment: AppEnvironment(language: .english))
        let name = "aaaaaaaaaaa.csv"
        var report = ImportReport(file: name, format: "csv")
        report.imported = 3
        r.handle(.importer(.finished(name: name, .success(report))), now: 0)
        XCTAssertEqual(r.text, """
            180W           ✓ aaaaaaaaaaa.csv: 3 imported, 0 rejected, 0 duplicates skipped


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
            ─ medium ────────────────────────── ━━━━━━━━ ──────────────────────────[Filter]─
            ▸ Pins in view: 5 · newest first
             ◉ Busan Tower                 near Busan, KR           landmark     2023-07-01
             • National Museum of Korea    near Seoul, KR           museum       2023-06-22
             • 전쟁기념관                  near Seoul, KR           museum       2023-05-05
             • Hongdae, busking street     near Seoul, KR           landmark     2023-04-29
             • Garosu-gil coffee           near Seoul, KR           cafe         2023-03-18


             medium · 5 of 5 pins in view · [list] · centre open sea · z1 · Busan Tower
                   1 Map             2 Timeline           3 Import           4 Settings
            """)
    }
}
