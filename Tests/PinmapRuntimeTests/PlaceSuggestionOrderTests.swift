import XCTest
import GeoMap
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// `/` lists a country whose name starts with the text before one whose later word does
/// (README): `/af` gives Afghanistan before South Africa and the Central African Rep.
final class PlaceSuggestionOrderTests: XCTestCase {
    override func setUp() { Gazetteer.prepareSearch() }

    func testSlashAfListsAfghanistanBeforeCountriesWhoseLaterWordStartsSo() throws {
        let r = try UIFixtures.runner()
        r.char("/"); r.type("af")
        XCTAssertEqual(r.text, Self.frame)
    }

    static let frame = """
    180W            120W             60W              0E              60E              120E




    ⠁               ⠈⢀⣀⣀⢀⣀⣀⣴⣲⣶⡶⠏⣉⣭⣭⣿⠒⠒⠒⠒⠒⠚⠉⠉⠉⠛⠛⠲⢶⠶⠒   ⠁Norway⠤    ⠤⠤⠄ ⠈        ⠤⣔⣤⣀⡀   ⠁
    ⣀    ⣀⣀⣀⡀     ⡀⣾⣻⣿⡿⢿⣿⡸⣿⣟⡿⡿⠿⢿⠥⣀⣉⠉⠉⠑⣦Greenland⠟     ⠁  ⠈⠉ ⢁⣀⣀     ⣠⣶⠚⠛⢋⣥⣤⡤⢤⠴⠖⠚⠉⠉⠁⠉⠛⠿⠤⠤⠤⢤⣀⣀⣻⠷⢖⣒⣀⣀⡀    ⢀
    ⡵⣶⣦⣼⣿⡅  ⠈⠉⢹⠉⠉⠉⠉⠉⠉⠙⠛⠛⠛⠛⠛⠛⢙⣻⣯⣋⣽⣖⣈⣷⡲⠁⠈⢏  ⢠⠤⠴⠒⠚⣭⣤⣤⠄   ⠁Sweden⠝⡏⢭⣵⡦⠶⠒⠙⠓⠙⠉⠙⠣⠿            ⠁          ⠉⠉⠉⠉⠉⣉
    60N ⠻⣦⣄⣴⠖⠒⠚⠦⢦⡀⠂ ⠊ ⠂ ⠂ ⠂⠰⣍⣀⠉⠉⢿⠉⠻⠽⢦⠁⠂ ⠑⠒⠃ ⠂ ⠂ ⠂ ⠂ ⣤⡄⠃⠫⣤⣗Finland ⠂ ⠂ ⠊ ⠂ ⠂ ⠂ ⠂ Russia⠂⠁⠂ ⠂ ⢀⡠⠤⠔⠴⣮⠗⡟⠒⠒⠉⠉
    ⠁   ⠉⠉      ⠐⠯⣦⣀⣀⣀⣀⣀⣀Canada⠯⠏ ⢀⣀⣀⣩⣷⡀      London⣿·⣦⣶⡋⣻⣮Ukraine⢀⡠⠤⠤⢴⠎⠉⠙⠓⠓⠤⣄⣀⣠⣀⡤⣄⣀⣀⣀⣀⡶⠒⣄ ⠈⠛⣾⡀  ⠧⠊⠁
    ⠁              ⡹⠁      ⠈⠉⠉⢓⣆⡤⠤⣾⠿⠷⠋⠛⠃           France⣿⣿⣿⡯⣽⢗⣶⠿⣅⣨Kazakhstan⠙⠉Mongolia⠃ ⣀⣽⡫⢎⣿⡄
    ⠁              ⠹United States⠋⠁New York City   ⠺⣧⣴⠯⠤⣿⡾⠟⠹Turkey⢟⠻⠼⠽⠬Garosu-gil coffee ●⢁⣠⣼⡇
    ⠁               ⠈⠻⣷⡒⠲⡤⣀⡠⠤⠤⢤⣶⠁    ⠁            ⣀Algeria⠒⠜⢳⠒⠲⣾⠿⠒Iran⠸⣦⠔⢋⡝⠘⣧⣄⣀China   · Shanghai
    ⠁    ⠠⣀         ⠈ Mexico⢀⣀⢤⢿⣏⡀   ⠁           ⣼⡿⠉⡗⠢⢄ Libya⠤⠤⠽⣷⡀ ⠈⠿⡟⣷⠛⠑⢟India⢿⠋⢧⣤⣤⣀⡤⠔⠵
    ⠁     ⠈         ⠈   ⠈⠑·⠽Mexico City          ⣷⣤Mali⣏⣀⣠⡃ Sudan⣵⣒⣪⠽⠛⠁   ⢧ ⡴⠋ ⠈⠗⣏⣛⣷⡏  ⣾⡂
    ⠁               ⠈        ⠈⠻Venezuela         ⠙⢟⣿⠚⡞⣿⡃⢀⡼⡧⠴⠳Ethiopia ⠈   ⠈⠷⣧    ⢿⡙⠟⠁ ⣰⢻⣿⡆
    0N  ⡀ ⡀ ⡀ ⡀ ⡀ ⡀ ⡈ ⡀ ⡀ ⡀ ⡀Colombia⠯⠟⠻⣄⣀⡀ ⡀ ⡀ ⡀Central African Rep. ⡈ ⡀ ⡀ ⡀ ⡀ ⠙⢟⢾ ⣶⠾⣻⣥⡬⣴⣀⡀⡀ ⡀ ⡀ ⡀ ⡀ ⡀
    ─ medium ──────────────────────────────────── ━━━━━━━━ ────────────────────────────────────[Filter]─
    ▸ Search: af                                        1 in view · Enter keeps · Esc clears
     ⌖ Afghanistan  country
     ⌖ South Africa  country
     ⌖ Central African Rep.  country
     • Garosu-gil coffee                               near Seoul, KR           cafe         2023-03-18





     medium · 1 of 5 pins in view · search “af” · [list] · centre open sea · 59.6N 0E · z1       ? help
              1 Map                 2 Timeline                3 Import                4 Settings
    """
}
