import XCTest
import Frame
import GeoMap
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// The status line names the place at the map centre, or under the pointer:
/// "near <city>, <country code>", else the country, else "open sea", in the UI's
/// language, ASCII only in ASCII mode; the coordinate goes first when space is short.
final class StatusPlaceTests: XCTestCase {
    static let seoul = GeoPoint(latitude: 37.5665, longitude: 126.9780)
    static let algeria = GeoPoint(latitude: 24, longitude: 5)     // the Sahara, no city within 50 km
    static let atlantic = GeoPoint(latitude: 30, longitude: -40)
    static let saoPaulo = GeoPoint(latitude: -23.55, longitude: -46.63)

    /// The status line (row 22 of 24) at `cols`, the small sheet, nothing selected, the
    /// visible map centred on `at` at `zoom`; the pointer on the map cell `pointer` cells
    /// right of and below the visible map's centre when given.
    private func status(_ at: GeoPoint, zoom: Double = 400, cols: Int, korean: Bool = false, ascii: Bool = false,
                        search: String = "", pointer: (Int, Int)? = nil) throws -> String {
        Strings.language = korean ? .korean : .english
        defer { Strings.language = .english }
        let r = try UIFixtures.runner(cols: cols, rows: 24, detent: .small, viewport: Viewport(center: at, zoom: zoom),
                                      ascii: ascii, environment: AppEnvironment(placeLanguage: korean ? .korean : .english))
        r.show(r.state.viewport(centring: at))
        if !search.isEmpty { r.char("/"); r.type(search) }  // typed, the field still open
        if let (dc, dr) = pointer {
            let v = r.state.layout.visibleMap(sheetHeight: r.state.sheet.height)
            r.mouse(.move, .none, col: v.x + v.width / 2 + dc, row: v.y + v.height / 2 + dr)
        }
        return r.line(22)
    }

    func testNearACity() throws {
        XCTAssertEqual(try status(Self.seoul, cols: 80), " small · 4 of 5 pins in view · [list] · centre near Seoul, KR · z400     ? help")
        XCTAssertEqual(try status(Self.seoul, cols: 100), " small · 4 of 5 pins in view · [list] · centre near Seoul, KR · 37.5665N 126.978E · z400     ? help")
        XCTAssertEqual(try status(Self.seoul, cols: 200), " small · 4 of 5 pins in view · [list] · centre near Seoul, KR · 37.5665N 126.978E · z400                                                                                                         ? help")
    }

    func testNearACityInKorean() throws {
        XCTAssertEqual(try status(Self.seoul, cols: 80, korean: true), " 작게 · 보이는 핀 4/5개 · [목록] · 중심 서울 근처, KR · 37.5665N 126.978E · z400")
        XCTAssertEqual(try status(Self.seoul, cols: 100, korean: true), " 작게 · 보이는 핀 4/5개 · [목록] · 중심 서울 근처, KR · 37.5665N 126.978E · z400           ? 도움말")
        XCTAssertEqual(try status(Self.seoul, cols: 200, korean: true), " 작게 · 보이는 핀 4/5개 · [목록] · 중심 서울 근처, KR · 37.5665N 126.978E · z400                                                                                                               ? 도움말")
    }

    func testInACountryFarFromCities() throws {
        XCTAssertEqual(try status(Self.algeria, zoom: 20, cols: 80), " small · 0 of 5 pins in view · [list] · centre Algeria · 24N 5E · z20    ? help")
        XCTAssertEqual(try status(Self.algeria, zoom: 20, cols: 100), " small · 0 of 5 pins in view · [list] · centre Algeria · 24N 5E · z20                        ? help")
        XCTAssertEqual(try status(Self.algeria, zoom: 20, cols: 100, korean: true), " 작게 · 보이는 핀 0/5개 · [목록] · 중심 알제리 · 24N 5E · z20                              ? 도움말")
    }

    func testAtSea() throws {
        XCTAssertEqual(try status(Self.atlantic, zoom: 4, cols: 80), " small · 0 of 5 pins in view · [list] · centre open sea · 30N 40W · z4   ? help")
        XCTAssertEqual(try status(Self.atlantic, zoom: 4, cols: 100), " small · 0 of 5 pins in view · [list] · centre open sea · 30N 40W · z4                       ? help")
        XCTAssertEqual(try status(Self.atlantic, zoom: 4, cols: 100, korean: true), " 작게 · 보이는 핀 0/5개 · [목록] · 중심 바다 · 30N 40W · z4                                ? 도움말")
    }

    func testUnderThePointer() throws {
        // 20 cells west of Seoul at zoom 20: near Weihai across the Yellow Sea at 80 columns,
        // the sea at 100 (`z` is measured against the pane's width, so a cell spans less).
        XCTAssertEqual(try status(Self.seoul, zoom: 20, cols: 80, pointer: (-20, 0)), " small · 5 of 5 pins in view · [list] · pointer near Weihai, CN · z20    ? help")
        XCTAssertEqual(try status(Self.seoul, zoom: 20, cols: 100, pointer: (-20, 0)), " small · 5 of 5 pins in view · [list] · pointer open sea · 37.5665N 123.468E · z20           ? help")
        XCTAssertEqual(try status(Self.seoul, zoom: 20, cols: 200, pointer: (0, 0)), " small · 4 of 5 pins in view · [list] · pointer near Seoul, KR · 37.5665N 127.023E · z20 · ◔ 2 pins here (fuller, more pins): click to zoom in                                                   ? help")
        XCTAssertEqual(try status(Self.seoul, zoom: 20, cols: 100, korean: true, pointer: (-20, 0)), " 작게 · 보이는 핀 5/5개 · [목록] · 포인터 바다 · 37.5665N 123.468E · z20                   ? 도움말")
    }

    /// Short of room the coordinate goes first, then the place drops "centre", then it is
    /// cut with … (to no fewer than 10 cells), while detent, counts, focus and zoom stay.
    func testPlaceGivesWayAfterTheCoordinate() throws {
        let greatBend = GeoPoint(latitude: 38.5, longitude: -98.5)
        XCTAssertEqual(try status(greatBend, zoom: 20, cols: 100), " small · 0 of 5 pins in view · [list] · centre near Great Bend, US · 38.5N 98.5W · z20       ? help")
        XCTAssertEqual(try status(greatBend, zoom: 20, cols: 80), " small · 0 of 5 pins in view · [list] · centre near Great Bend, US · z20")
        XCTAssertEqual(try status(greatBend, zoom: 20, cols: 80, search: "mu"), " small · 0 of 5 pins in view · search “mu” · [list] · near Great Bend, US · z20")
        XCTAssertEqual(try status(greatBend, zoom: 20, cols: 80, search: "museum"), " small · 0 of 5 pins in view · search “museum” · [list] · near Great Bend… · z20")
        XCTAssertEqual(try status(greatBend, zoom: 20, cols: 80, search: "the museum"), " small · 0 of 5 pins in view · search “the museum” · [list] · near Great … · z20")
    }

    func testASCII() throws {
        XCTAssertEqual(try status(Self.saoPaulo, cols: 80, ascii: true), " small | 0 of 5 pins in view | [list] | centre near Sao Paulo, BR | z400")
        XCTAssertEqual(try status(Self.saoPaulo, cols: 100, ascii: true), " small | 0 of 5 pins in view | [list] | centre near Sao Paulo, BR | 23.55S 46.63W | z400     ? help")
        XCTAssertEqual(try status(Self.saoPaulo, cols: 100, korean: true, ascii: true), " 작게 | 보이는 핀 0/5개 | [목록] | 중심 Sao Paulo 근처, BR | 23.55S 46.63W | z400          ? 도움말")
    }

    /// Korean interface, English place names (Settings' "Place names"): the names are English,
    /// the words around them Korean, on the status line, in the list and on the detail page
    /// (before: "중심 near Seoul, KR", "중심 open sea", list rows "near Seoul, KR").
    func testAKoreanInterfaceWithEnglishPlaceNamesWordsThePlaceInKorean() throws {
        Strings.language = .korean
        defer { Strings.language = .english }
        let r = try UIFixtures.runner(cols: 100, rows: 30, detent: .medium, viewport: Viewport(center: Self.seoul, zoom: 400),
                                      environment: AppEnvironment(placeLanguage: .english))
        r.key(.escape)  // the sheet to small: no row selected, the status line names the centre
        r.show(r.state.viewport(centring: Self.seoul))
        let small = r.frame().text().components(separatedBy: "\n")
        XCTAssertEqual(small[26...28].joined(separator: "\n"), """
              보이는 핀: 4 · 최신순  K 또는 ↑로 끌어 목록 열기
             • National Museum of Korea                        Seoul 근처, KR           museum       2023-06-22
             작게 · 보이는 핀 4/5개 · [목록] · 중심 Seoul 근처, KR · 37.5665N 126.978E · z400          ? 도움말
            """)
        r.show(r.state.viewport(centring: Self.atlantic))
        XCTAssertEqual(r.line(28), " 작게 · 보이는 핀 0/5개 · [목록] · 중심 바다 · 30N 40W · z400                              ? 도움말")
    }
}
