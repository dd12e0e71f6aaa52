import XCTest
import Foundation
import Frame
import PinStore
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
@testable import PinmapCLI

/// A toast over the map is drawn over whole names only: a place name or a pin's title it
/// would half cover is not drawn at all (the first run's two-line toast at 80×24 left "· G",
/// the start of "· Goyang-si", beside its shorter second line). Whole frame, as the first
/// run shows it.
final class ToastKeepsNamesWholeTests: XCTestCase {
    func testTheFirstRunToastLeavesNoFragmentOfANameBesideIt() throws {
        let store = try Store.inMemory()
        let state = AppState(cols: 80, rows: 24, color: false, reducedMotion: true)
        let r = AppRunner(store: store, state: state, loadSamples: { try SamplePins.load(into: store) })
        r.handle(.input(.resize(cols: 80, rows: 24)), now: 0)
        r.loadSamplesIfEmpty()
        r.waitUntilIdle(timeout: 10)
        XCTAssertEqual(r.text, Self.toast)
        r.handle(.tick, now: Toast.lifetime)
        XCTAssertNil(r.state.feedback.toast)
        XCTAssertEqual(r.text, Self.toastGone, "the names come back whole")
    }

    /// Nothing of "· Goyang-si" or of Bukhansan's title beside the toast's second line.
    static let toast = """
                  126.8E   ✓ Added 45 sample pins to try Pinmap with · to remove them:
        ⢄⡀        ⠁        4 (Settings), ↑ to the sample import, Enter
        ⠽⣺⣳⣦⣄     ⠁                            ⠈                            ⠈
          ⠉⠛⠿⣏⢲⢤⡀ ⠁                            ⠈                            ⠈
              ⠙⠻⠬⣑⢄⡀                           ⠈                            ⠈
        37.6N ⠂ ⠂ ⠉⠪⣦⢄⢤⡀⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ Seoul⠈⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠊ ⠂ ⠂ ⠂ ⠂ ⠂
                  ⠁ ⠈⠓⠿⣊⠢⡀   인왕산 정상 ● ●◔●◔⠈2                         ⣀⣀⣀
        Haneul Park silver g… ●            ◔◔◔●●● DDP night walk      ⣀⠤⠒⠉  ⠈⠉⠑⢢
              망원시장 간식 투어 ●  2      ●●◔ ⠈                  ⡔⠒⠊⠉     Hanam⠱⡀
                  ⠁  선유도공원 ●⠦전쟁기념… ●● ●     ● ◉ Seongsu-dong cafe street⠈⢆⡀
                여의도 한강공원 치맥 ●⠉⠢⡀   ● ● Itaewon… ● 뚝섬 한강공원 자전거    ⠈⠑⠢⢄⡀
                  ⠁  Banpo Moonlight Rainbow… ●⠈  ●    ●●⠤⡀   ●⠎ ● 올림픽공원 피크닉   ⠈
                  ⠁                       ⠉⠒⠊  ⠈          ⠈⠒⠔⠊● 석촌호수 벚꽃
        ─ medium ────────────────────────── ━━━━━━━━ ──────────────────────────[Filter]─
        ▸ Pins in view: 45 · newest first
         ◉ Seongsu-dong cafe street    near Seoul, KR           cafe         2025-06-07
         • 익선동 한옥 카페            near Seoul, KR           cafe         2025-05-03
         • 종묘                        near Seoul, KR           landmark     2025-04-12
         • 인왕산 정상                 near Seoul, KR           viewpoint    2025-03-15
         • National Folk Museum        near Seoul, KR           museum       2025-02-08
         • 창경궁 대온실               near Seoul, KR           park         2025-01-12
         • Seoul Museum of History     near Seoul, KR           museum       2024-12-07
         medium · 45 of 45 pins in view · [list] · near Seoul, KR · z662 · Seongsu-dong…
               1 Map             2 Timeline           3 Import           4 Settings
        """

    static let toastGone = """
                  126.8E                       127E                         127.2E
        ⢄⡀        ⠁    · Goyang-si          ● Bukhansan – Baegundae p…      ⠈
        ⠽⣺⣳⣦⣄     ⠁                            ⠈                            ⠈
          ⠉⠛⠿⣏⢲⢤⡀ ⠁                            ⠈                            ⠈
              ⠙⠻⠬⣑⢄⡀                           ⠈                            ⠈
        37.6N ⠂ ⠂ ⠉⠪⣦⢄⢤⡀⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ Seoul⠈⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠊ ⠂ ⠂ ⠂ ⠂ ⠂
                  ⠁ ⠈⠓⠿⣊⠢⡀   인왕산 정상 ● ●◔●◔⠈2                         ⣀⣀⣀
        Haneul Park silver g… ●            ◔◔◔●●● DDP night walk      ⣀⠤⠒⠉  ⠈⠉⠑⢢
              망원시장 간식 투어 ●  2      ●●◔ ⠈                  ⡔⠒⠊⠉     Hanam⠱⡀
                  ⠁  선유도공원 ●⠦전쟁기념… ●● ●     ● ◉ Seongsu-dong cafe street⠈⢆⡀
                여의도 한강공원 치맥 ●⠉⠢⡀   ● ● Itaewon… ● 뚝섬 한강공원 자전거    ⠈⠑⠢⢄⡀
                  ⠁  Banpo Moonlight Rainbow… ●⠈  ●    ●●⠤⡀   ●⠎ ● 올림픽공원 피크닉   ⠈
                  ⠁                       ⠉⠒⠊  ⠈          ⠈⠒⠔⠊● 석촌호수 벚꽃
        ─ medium ────────────────────────── ━━━━━━━━ ──────────────────────────[Filter]─
        ▸ Pins in view: 45 · newest first
         ◉ Seongsu-dong cafe street    near Seoul, KR           cafe         2025-06-07
         • 익선동 한옥 카페            near Seoul, KR           cafe         2025-05-03
         • 종묘                        near Seoul, KR           landmark     2025-04-12
         • 인왕산 정상                 near Seoul, KR           viewpoint    2025-03-15
         • National Folk Museum        near Seoul, KR           museum       2025-02-08
         • 창경궁 대온실               near Seoul, KR           park         2025-01-12
         • Seoul Museum of History     near Seoul, KR           museum       2024-12-07
         medium · 45 of 45 pins in view · [list] · near Seoul, KR · z662 · Seongsu-dong…
               1 Map             2 Timeline           3 Import           4 Settings
        """
}
