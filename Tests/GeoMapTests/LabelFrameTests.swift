import Foundation
import Frame
import XCTest
@testable import GeoMap

/// Whole frames with place names. Regenerate an expected frame
/// only after looking at the new one: `PINMAP_PRINT_FRAMES=1 swift test --filter LabelFrameTests`.
final class LabelFrameTests: XCTestCase {
    static let seoul = Viewport(center: GeoPoint(latitude: 37.55, longitude: 126.98), zoom: 256)

    func frame(_ vp: Viewport, width: Int, height: Int, markers: [MapMarker] = [], language: PlaceNaming.Language,
               ascii: Bool = false) -> String {
        let s = Fixture.render(vp, width: width, height: height, markers: markers,
                               options: MapOptions(ascii: ascii, placeNames: language))
        if ProcessInfo.processInfo.environment["PINMAP_PRINT_FRAMES"] != nil { print("FRAME\n" + s.text() + "\nEND") }
        return s.text()
    }

    func testWorldViewNamesCountriesAndSomeCities() {
        XCTAssertEqual(frame(.world, width: 100, height: 24, language: .english), #"""
180W            120W             60W              0E              60E              120E


⠁               ⠈⢀⣀⣀⢀⣀⣀⣴⣲⣶⡶⠏⣉⣭⣭⣿⠒⠒⠒⠒⠒⠚⠉⠉⠉⠛⠛⠲⢶⠶⠒   ⠁Norway⠤    ⠤⠤⠄ ⠈        ⠤⣔⣤⣀⡀   ⠁
⣀    ⣀⣀⣀⡀     ⡀⣾⣻⣿⡿⢿⣿⡸⣿⣟⡿⡿⠿⢿⠥⣀⣉⠉⠉⠑⣦Greenland⠟     ⠁  ⠈⠉ ⢁⣀⣀     ⣠⣶⠚⠛⢋⣥⣤⡤⢤⠴⠖⠚⠉⠉⠁⠉⠛⠿⠤⠤⠤⢤⣀⣀⣻⠷⢖⣒⣀⣀⡀    ⢀
⡵⣶⣦⣼⣿⡅  ⠈⠉⢹⠉⠉⠉⠉⠉⠉⠙⠛⠛⠛⠛⠛⠛⢙⣻⣯⣋⣽⣖⣈⣷⡲⠁⠈⢏  ⢠⠤⠴⠒⠚⣭⣤⣤⠄   ⠁Sweden⠝⡏⢭⣵⡦⠶⠒⠙⠓⠙⠉⠙⠣⠿            ⠁          ⠉⠉⠉⠉⠉⣉
60N ⠻⣦⣄⣴⠖⠒⠚⠦⢦⡀⠂ ⠊ ⠂ ⠂ ⠂⠰⣍⣀⠉⠉⢿⠉⠻⠽⢦⠁⠂ ⠑⠒⠃ ⠂ ⠂ ⠂ ⠂ ⣤⡄⠃⠫⣤⣗Finland ⠂ ⠂ ⠊ ⠂ ⠂ ⠂ ⠂ Russia⠂⠁⠂ ⠂ ⢀⡠⠤⠔⠴⣮⠗⡟⠒⠒⠉⠉
⠁   ⠉⠉      ⠐⠯⣦⣀⣀⣀⣀⣀⣀Canada⠯⠏ ⢀⣀⣀⣩⣷⡀      London⣿·⣦⣶⡋⣻⣮Ukraine⢀⡠⠤⠤⢴⠎⠉⠙⠓⠓⠤⣄⣀⣠⣀⡤⣄⣀⣀⣀⣀⡶⠒⣄ ⠈⠛⣾⡀  ⠧⠊⠁
⠁              ⡹⠁      ⠈⠉⠉⢓⣆⡤⠤⣾⠿⠷⠋⠛⠃           France⣿⣿⣿⡯⣽⢗⣶⠿⣅⣨Kazakhstan⠙⠉Mongolia⠃ ⣀⣽⡫⢎⣿⡄
⠁              ⠹United States⠋⠁New York City   ⠺⣧⣴⠯⠤⣿⡾⠟⠹Turkey⢟⠻⠼⠽⠬⣱⠾⢿⢿⣍   China  ⠐⣿⠾Japan
⠁               ⠈⠻⣷⡒⠲⡤⣀⡠⠤⠤⢤⣶⠁    ⠁            ⣀Algeria⠒⠜⢳⠒⠲⣾⠿⠒Iran⠸⣦⠔⢋·⠘Lahore     · Shanghai
⠁    ⠠⣀         ⠈ Mexico⢀⣀⢤⢿⣏⡀   ⠁           ⣼⡿⠉⡗⠢⢄ Libya⠤⠤⠽⣷⡀ ⠈⠿⡟⣷⠛⠑⢟India⢿⠋⢧⣤⣤⣀⡤⠔⠵
⠁     ⠈         ⠈   ⠈⠑·⠽Mexico City          ⣷⣤Mali⣏⣀⣠⡃ Sudan⣵⣒⣪⠽⠛⠁   ⢧ ⡴⠋ ⠈⠗⣏⣛⣷⡏  ⣾⡂
⠁               ⠈        ⠈⠻Venezuela         ⠙⢟⣿⠚⡞⣿⡃⢀⡼⡧⠴⠳Ethiopia ⠈   ⠈⠷⣧    ⢿⡙⠟⠁ ⣰⢻⣿⡆
0N  ⡀ ⡀ ⡀ ⡀ ⡀ ⡀ ⡈ ⡀ ⡀ ⡀ ⡀Colombia⠯⠟⠻⣄⣀⡀ ⡀ ⡀ ⡀Central African Rep. ⡈ ⡀ ⡀ ⡀ ⡀ ⠙⢟⢾ ⣶⠾⣻⣥⡬⣴⣀⡀⡀ ⡀ ⡀ ⡀ ⡀ ⡀
⠁               ⠈          ⢾⡋⣨⠛Brazil⠈⠉⠒⡆       Dem. Rep. Congo   ⠈           ⠓⢧⣬⣗⣋⣿⣏⡛⠛⠟⣍⣏⣲⡼⠷⢄⣀
⠁               ⠈          Peru⠛⠤⡄     ⡔⠁         ⠁ Angola⣎⣿⠚⡇⢀⣴⡀ ⠈               ⠉⠉⢉⣄⡖⢲⡂⣿⡌⠙  ⠙⠃⡀
⠁               ⠈            Bolivia  ⣠⠃          ⠁Namibia⣩⢿⠋⠁⡇⡜  ⠈              ⢀⡤⠼⠉   ⠉⠁⠙⢄   ⢠⡍  ⠛
⠁               ⠈             ⣿⠇ ⢹⡼⠆⡾· São Paulo  South Africa⠓⠁  ⠈              ⢻Australia⠈⢳
⠁               ⠈           Argentina             ⠁   ⠘⠧⠒⠚⠉       ⠈              ⠸⠧⠶⠒⠊⠉⠲⢦  ⢠· Sydney
⠁               ⠈            ⣼⡇⢰⠞⠉                ⠁               ⠈                ⠁     ⠉⢿⡏    ⢀⣰⡿⠋
⠁               ⠈           ⠰⣳⢃⠝ ⣀                ⠁               ⠈  ⠤             ⠁            ⠙⠋
⠁               ⠈            ⠙⠛⠗ ⠉                ⠁               ⠈                ⠁
60S ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠉ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁⢀⣠⠤⠄ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⣀⣀⠉ ⠁ ⠁ ⠁ ⣀ ⠁ ⣀⡀⢀⣀⠁⠁⠁ ⢀⣀⠁ ⠁ ⠁ ⠁ ⠁ ⠁
"""#)
    }

    func testSeoulAtCityZoomInEnglish() {
        XCTAssertEqual(frame(Self.seoul, width: 80, height: 20, markers: Fixture.seoulPins, language: .english), #"""
  ⣀⠤⢤⠔⠊⢏    126.5E    ⡇   ⢫  ⠑⠉          127E                        127.5E
⠤⠊      ⠑⠢⣀ ⠈         ⣇⣠⣴⣦⠤⠇             ⠁                           ⠈  ⣀⣀⣀    ⢀
⢄⣀⡠⡀ ⣀⠎⠑⠊⠒⠼⣒⠢⢄⣀      ⣴⠋⡎                 ⠁                           ⠈⠐⡍   ⠉⠒⠒⠒⠁
⣀⡠⠜ ⢫       ⠉⢆⠴⠭⡱⠤⠔⣉⠯⡅⠘⡄                 ⠁                           ⠈ ⠣⡀
⢢⠒⢩⠂⢎⠁      ⠈⢈⡇ ⠈⠉⠉  ⠸⡀⢇                 ⠁                           ⠈⢀⠤⠃
⢞⡀⠳⢌⣧⡤⣄     ⠈⠘⡄      ⢀⣇⠎                 ⠁                     ⢀⠤⠒⠢⢄⣀⣀⡨⠆
 ⠈⢑⠄ ⡸⠁⢣    ⠈ ⢯⡀     ⠣⢬⠢⣀              ● Bukhansan – Baegundae p…    ⠈
   ⠑⠉⢤⠔⠃    ⠈ ⢻⢄⣀      ⠉⠉⠛⠶⣤⣀            ⠁                   ⢀⠎      ⠈
     ⠈⠒⢄⢄⣀⣎⠢⢤⣔⡍⠄⠼⠤⣀⡀⡀       ⠉⠓⢤⡠⡀    Seoul                  ⢠⠃       ⠈
 ⢠⢄⡀        ⠈⠉ ⠈⢓⠠⠁⢈낙산공원 성곽길 야경 ● Ihwa Mural Village        ⠈
  ⢱⠵⠶⠶⠖⢖⣾⣕⠉⣆⢰⠢⢄⠤⡸⠉⠚⢆⠈⡲      전쟁기념관 ●⢀⠔● Garosu-gil coffee⢄⡀      ⠈
37.5N ⠂ ⠂⢔⡭⣤⠇ ⢀⡀⡜⠦⣈⡩⠤⠽⠁ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂⠑⠁⠁⠂ ⠂⠉● Lotte World Tower – Seo…⠂ ⠂ ⠂ ⠂
    ⠘⡕⢔⠢⣀ ⠓⡽⡖⠉⠁⠈⠁⢰⠁⡀    · Incheon        ⠁                          ⠸⡀
     ⠘⠑⣑⠜  ⠈⠈     ⠉⠒⠢⡀                   ⠁                           ⠑⠢⡀
      ⠚⡌⠢⡁  ⠈        ⠘⠒⠺⣀⠔⢄              ⠁                           ⠈ ⢱
       ⠉⠉⠃  ⠈⠂         ⢀⠤⠒⣁⡀             ⠁                           ⠈  ⠑⢄⡀
           ⠂⠈     ⠠⠄   ⠈⠉⠉⢘⠄             ⠁                           ⠈    ⠈⠢⢄
⣀        ⣠⡢⠦⡄ ⠒⢦⢤⡆  ⠈ ⣀   ⠤⢉⠉⢉⠭⣢⣀        · Suwon                  · Icheon-si⠉⠑⢢
⠑⠛⡵⠮⠂ ⣀ ⢈⣇⡀⢎⠡⠺⣦⠠⡇⠈⠙⢄ ⠄⡴⠍⠉⠪⠒⢖⣠⠝⠁ ⠉⠁       ⠁                           ⠈         ⢸
    ⠠⢀  ⠈ ⠉⠁⠈⠁⢈⣿⡢⠢⠻⠍⢫⣆⡵⣴    ⠈            ⠁                           ⠈
"""#)
    }

    func testSeoulAtCityZoomInKorean() {
        XCTAssertEqual(frame(Self.seoul, width: 80, height: 20, markers: Fixture.seoulPins, language: .korean), #"""
  ⣀⠤⢤⠔⠊⢏    126.5E    ⡇   ⢫  ⠑⠉          127E                        127.5E
⠤⠊      ⠑⠢⣀ ⠈         ⣇⣠⣴⣦⠤⠇             ⠁                           ⠈  ⣀⣀⣀    ⢀
⢄⣀⡠⡀ ⣀⠎⠑⠊⠒⠼⣒⠢⢄⣀      ⣴⠋⡎                 ⠁                           ⠈⠐⡍   ⠉⠒⠒⠒⠁
⣀⡠⠜ ⢫       ⠉⢆⠴⠭⡱⠤⠔⣉⠯⡅⠘⡄                 ⠁                           ⠈ ⠣⡀
⢢⠒⢩⠂⢎⠁      ⠈⢈⡇ ⠈⠉⠉  ⠸⡀⢇                 ⠁                           ⠈⢀⠤⠃
⢞⡀⠳⢌⣧⡤⣄     ⠈⠘⡄      ⢀⣇⠎                 ⠁                     ⢀⠤⠒⠢⢄⣀⣀⡨⠆
 ⠈⢑⠄ ⡸⠁⢣    ⠈ ⢯⡀     ⠣⢬⠢⣀              ● Bukhansan – Baegundae p…    ⠈
   ⠑⠉⢤⠔⠃    ⠈ ⢻⢄⣀      ⠉⠉⠛⠶⣤⣀            ⠁                   ⢀⠎      ⠈
     ⠈⠒⢄⢄⣀⣎⠢⢤⣔⡍⠄⠼⠤⣀⡀⡀       ⠉⠓⢤⡠⡀    서울⠁                  ⢠⠃       ⠈
 ⢠⢄⡀        ⠈⠉ ⠈⢓⠠⠁⢈낙산공원 성곽길 야경 ● Ihwa Mural Village        ⠈
  ⢱⠵⠶⠶⠖⢖⣾⣕⠉⣆⢰⠢⢄⠤⡸⠉⠚⢆⠈⡲      전쟁기념관 ●⢀⠔● Garosu-gil coffee⢄⡀      ⠈
37.5N ⠂ ⠂⢔⡭⣤⠇ ⢀⡀⡜⠦⣈⡩⠤⠽⠁ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂⠑⠁⠁⠂ ⠂⠉● Lotte World Tower – Seo…⠂ ⠂ ⠂ ⠂
    ⠘⡕⢔⠢⣀ ⠓⡽⡖⠉⠁⠈⠁⢰⠁⡀    · 인천           ⠁                          ⠸⡀
     ⠘⠑⣑⠜  ⠈⠈     ⠉⠒⠢⡀                   ⠁                           ⠑⠢⡀
      ⠚⡌⠢⡁  ⠈        ⠘⠒⠺⣀⠔⢄              ⠁                           ⠈ ⢱
       ⠉⠉⠃  ⠈⠂         ⢀⠤⠒⣁⡀             ⠁                           ⠈  ⠑⢄⡀
           ⠂⠈     ⠠⠄   ⠈⠉⠉⢘⠄             ⠁                           ⠈    ⠈⠢⢄
⣀        ⣠⡢⠦⡄ ⠒⢦⢤⡆  ⠈ ⣀   ⠤⢉⠉⢉⠭⣢⣀        · 수원                   · 이천     ⠉⠑⢢
⠑⠛⡵⠮⠂ ⣀ ⢈⣇⡀⢎⠡⠺⣦⠠⡇⠈⠙⢄ ⠄⡴⠍⠉⠪⠒⢖⣠⠝⠁ ⠉⠁       ⠁                           ⠈         ⢸
    ⠠⢀  ⠈ ⠉⠁⠈⠁⢈⣿⡢⠢⠻⠍⢫⣆⡵⣴    ⠈            ⠁                           ⠈
"""#)
    }

    func testSeoulAtCityZoomInASCIIModeUsesASCIINames() {
        XCTAssertEqual(frame(Self.seoul, width: 80, height: 20, markers: Fixture.seoulPins, language: .korean, ascii: true), ###"""
  _-_//#    126.5E    |   \  \-          127E                        127.5E
-/      \\_ .         \_##-|             .                           .  ___    .
\_/. _/\/-/+\\_      #-/                 .                           .'/   ----'
_// \       -\-++-/+#|||                 .                           . \.
\-\'+'      .|| '--  |.\                 .                           ..-|
#.\+\__     .||      .\/                 .                     .--\\__/|
 '\. /'\    . #.     \+\_              o Bukhansan – Baegundae p~    .
   \-_/|    . \\_      ----__            .                   ./      .
     '-\\_#\_+/./-_..       --_/.    Seoul                  ||       .
 |\.        .- '\.'|낙산공원 성곽길 야경 o Ihwa Mural Village        .
  \+---+##-\|\\-/--\'+      전쟁기념관 o./o Garosu-gil coffee\.      .
37.5N . .+#_| ../-/+-#' . . . . . . . .\'.. .-o Lotte World Tower – Seo~. . . .
    |++\_ -#/-'''|'.    + Incheon        .                          |.
     |\+/  '.     --\.                   .                           \\.
      -/\|  .        |-+_/\              .                           . \
       --|  .'         .--\.             .                           .  \\.
           '.     ..   '--|.             .                           .    '\\
_        _+-| -\_|  ' _   -\-\++_        + Suwon                  + Icheon-si-\\
\-#+' _ |\.+\+#.|'-\ .//-+-+_+' -'       .                           .         |
    ..  ' -'.'|#+\#/\\##    '            .                           .
"""###)
    }

    /// Two clusters side by side on France's label point are drawn as density shades (no
    /// room for their counts): the name "France" moves off them, never over them (the
    /// tryout's 350 pins at Paris vanished under it).
    func testACountrysNameNeverCoversADensityShade() {
        let france = Gazetteer.shared.countries.first { $0.name == "France" }!.labelPoint
        let vp = Viewport.world
        let pane = Rect(x: 0, y: 0, width: 100, height: 24)
        let at = vp.cell(for: france, pane: pane)
        let next = vp.point(col: at.col + 1, row: at.row, pane: pane)
        let markers = [MapMarker(id: 1, latitude: france.latitude, longitude: france.longitude, count: 350),
                       MapMarker(id: 2, latitude: next.latitude, longitude: next.longitude, count: 31)]
        XCTAssertEqual(frame(vp, width: 100, height: 24, markers: markers, language: .english), #"""
180W            120W             60W              0E              60E              120E


⠁               ⠈⢀⣀⣀⢀⣀⣀⣴⣲⣶⡶⠏⣉⣭⣭⣿⠒⠒⠒⠒⠒⠚⠉⠉⠉⠛⠛⠲⢶⠶⠒   ⠁Norway⠤    ⠤⠤⠄ ⠈        ⠤⣔⣤⣀⡀   ⠁
⣀    ⣀⣀⣀⡀     ⡀⣾⣻⣿⡿⢿⣿⡸⣿⣟⡿⡿⠿⢿⠥⣀⣉⠉⠉⠑⣦Greenland⠟     ⠁  ⠈⠉ ⢁⣀⣀     ⣠⣶⠚⠛⢋⣥⣤⡤⢤⠴⠖⠚⠉⠉⠁⠉⠛⠿⠤⠤⠤⢤⣀⣀⣻⠷⢖⣒⣀⣀⡀    ⢀
⡵⣶⣦⣼⣿⡅  ⠈⠉⢹⠉⠉⠉⠉⠉⠉⠙⠛⠛⠛⠛⠛⠛⢙⣻⣯⣋⣽⣖⣈⣷⡲⠁⠈⢏  ⢠⠤⠴⠒⠚⣭⣤⣤⠄   ⠁Sweden⠝⡏⢭⣵⡦⠶⠒⠙⠓⠙⠉⠙⠣⠿            ⠁          ⠉⠉⠉⠉⠉⣉
60N ⠻⣦⣄⣴⠖⠒⠚⠦⢦⡀⠂ ⠊ ⠂ ⠂ ⠂⠰⣍⣀⠉⠉⢿⠉⠻⠽⢦⠁⠂ ⠑⠒⠃ ⠂ ⠂ ⠂ ⠂ ⣤⡄⠃⠫⣤⣗Finland ⠂ ⠂ ⠊ ⠂ ⠂ ⠂ ⠂ Russia⠂⠁⠂ ⠂ ⢀⡠⠤⠔⠴⣮⠗⡟⠒⠒⠉⠉
⠁   ⠉⠉      ⠐⠯⣦⣀⣀⣀⣀⣀⣀Canada⠯⠏ ⢀⣀⣀⣩⣷⡀      London⣿·⣦⣶⡋⣻⣮Ukraine⢀⡠⠤⠤⢴⠎⠉⠙⠓⠓⠤⣄⣀⣠⣀⡤⣄⣀⣀⣀⣀⡶⠒⣄ ⠈⠛⣾⡀  ⠧⠊⠁
⠁              ⡹⠁      ⠈⠉⠉⢓⣆⡤⠤⣾⠿⠷⠋⠛⠃           ⣠⣌⢽◕◑⣿⣿⣿⣿⡯⣽⢗⣶⠿⣅⣨Kazakhstan⠙⠉Mongolia⠃ ⣀⣽⡫⢎⣿⡄
⠁              ⠹United States⠋⠁New York City   ⠺⣧⣴⠯⠤⣿⡾⠟⠹Turkey⢟⠻⠼⠽⠬⣱⠾⢿⢿⣍   China  ⠐⣿⠾Japan
⠁               ⠈⠻⣷⡒⠲⡤⣀⡠⠤⠤⢤⣶⠁    ⠁            ⣀Algeria⠒⠜⢳⠒⠲⣾⠿⠒Iran⠸⣦⠔⢋·⠘Lahore     · Shanghai
⠁    ⠠⣀         ⠈ Mexico⢀⣀⢤⢿⣏⡀   ⠁           ⣼⡿⠉⡗⠢⢄ Libya⠤⠤⠽⣷⡀ ⠈⠿⡟⣷⠛⠑⢟India⢿⠋⢧⣤⣤⣀⡤⠔⠵
⠁     ⠈         ⠈   ⠈⠑·⠽Mexico City          ⣷⣤Mali⣏⣀⣠⡃ Sudan⣵⣒⣪⠽⠛⠁   ⢧ ⡴⠋ ⠈⠗⣏⣛⣷⡏  ⣾⡂
⠁               ⠈        ⠈⠻Venezuela         ⠙⢟⣿⠚⡞⣿⡃⢀⡼⡧⠴⠳Ethiopia ⠈   ⠈⠷⣧    ⢿⡙⠟⠁ ⣰⢻⣿⡆
0N  ⡀ ⡀ ⡀ ⡀ ⡀ ⡀ ⡈ ⡀ ⡀ ⡀ ⡀Colombia⠯⠟⠻⣄⣀⡀ ⡀ ⡀ ⡀Central African Rep. ⡈ ⡀ ⡀ ⡀ ⡀ ⠙⢟⢾ ⣶⠾⣻⣥⡬⣴⣀⡀⡀ ⡀ ⡀ ⡀ ⡀ ⡀
⠁               ⠈          ⢾⡋⣨⠛Brazil⠈⠉⠒⡆       Dem. Rep. Congo   ⠈           ⠓⢧⣬⣗⣋⣿⣏⡛⠛⠟⣍⣏⣲⡼⠷⢄⣀
⠁               ⠈          Peru⠛⠤⡄     ⡔⠁         ⠁ Angola⣎⣿⠚⡇⢀⣴⡀ ⠈               ⠉⠉⢉⣄⡖⢲⡂⣿⡌⠙  ⠙⠃⡀
⠁               ⠈            Bolivia  ⣠⠃          ⠁Namibia⣩⢿⠋⠁⡇⡜  ⠈              ⢀⡤⠼⠉   ⠉⠁⠙⢄   ⢠⡍  ⠛
⠁               ⠈             ⣿⠇ ⢹⡼⠆⡾· São Paulo  South Africa⠓⠁  ⠈              ⢻Australia⠈⢳
⠁               ⠈           Argentina             ⠁   ⠘⠧⠒⠚⠉       ⠈              ⠸⠧⠶⠒⠊⠉⠲⢦  ⢠· Sydney
⠁               ⠈            ⣼⡇⢰⠞⠉                ⠁               ⠈                ⠁     ⠉⢿⡏    ⢀⣰⡿⠋
⠁               ⠈           ⠰⣳⢃⠝ ⣀                ⠁               ⠈  ⠤             ⠁            ⠙⠋
⠁               ⠈            ⠙⠛⠗ ⠉                ⠁               ⠈                ⠁
60S ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠉ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁⢀⣠⠤⠄ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⣀⣀⠉ ⠁ ⠁ ⠁ ⣀ ⠁ ⣀⡀⢀⣀⠁⠁⠁ ⢀⣀⠁ ⠁ ⠁ ⠁ ⠁ ⠁
"""#)
    }
}
