import XCTest
import Frame
import GeoMap
import PinStore
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// Korean only where characters are UTF-8; braille refused in a non-UTF-8 locale;
/// place wording in Korean.
final class LocaleCharactersTests: XCTestCase {
    func testKoreanNeedsAUTF8Locale() {
        XCTAssertEqual(Language.from(environment: ["LANG": "ko_KR.UTF-8"]), .korean)
        XCTAssertEqual(Language.from(environment: ["LANG": "ko_KR.EUC-KR"]), .english)
        XCTAssertEqual(Language.from(environment: ["LANG": "ko_KR"]), .english, "glibc's ko_KR is EUC-KR")
        XCTAssertEqual(Language.from(environment: ["LANG": "C", "LC_MESSAGES": "ko_KR.UTF-8"]), .english)
        XCTAssertEqual(Language.from(environment: ["LANG": "en_US.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8"]), .korean)
        XCTAssertEqual(PlaceNaming.language(environment: ["LANG": "ko_KR.EUC-KR"]), .english)
        XCTAssertEqual(PlaceNaming.language(environment: ["LC_ALL": "ko_KR.utf8"]), .korean)
    }

    func testBInANonUTF8LocaleRefusesBrailleAndSavesNothing() throws {
        let store = try Store.inMemory()
        let state = AppState(cols: 100, rows: 30, ascii: true, color: false, reducedMotion: true,
                             environment: AppEnvironment(localeIsUTF8: false))
        let r = AppRunner(store: store, state: state, loadSamples: { 0 })
        r.char("b")
        XCTAssertTrue(r.state.presentation.ascii)
        XCTAssertEqual(r.line(28), " Braille needs a UTF-8 locale (e.g. LANG=C.UTF-8): the map stays ASCII")
        XCTAssertNil(try store.setting(SettingKey.mapMode), "the forced ASCII is not saved")
    }

    /// In ASCII a list row's cut category ends in `~`, as its cut title does (it ended in
    /// `.`, `…` drawn as ASCII, which reads as a full stop).
    func testACutCategoryInASCIIEndsAsACutTitleDoes() throws {
        let r = try UIFixtures.runner(pins: [NewPin(title: "A very long title of a cafe that goes on and on and on and on and on",
                                                    category: "specialty coffee roasters", latitude: 37.55, longitude: 126.99,
                                                    createdAt: "2023-01-01T00:00:00Z")],
                                      viewport: Viewport(center: GeoPoint(latitude: 37.55, longitude: 126.99), zoom: 256), ascii: true)
        let f = r.frame()
        XCTAssertEqual(f.line(19), " @ A very long title of a cafe that goes on and on and on and ~ near Seoul~ specialty c~ 2023-01-01",
                       f.text())
    }

    func testBInAUTF8LocaleStillSwitches() throws {
        let r = try UIFixtures.sqliteRunner()
        r.char("b")
        XCTAssertTrue(r.state.presentation.ascii)
        XCTAssertEqual(try r.store.setting(SettingKey.mapMode), "ascii")
    }

    func testPlaceWordingInKorean() {
        let g = Gazetteer.shared
        let korean = PlaceNaming(language: .korean)
        XCTAssertEqual(g.placeText(GeoPoint(latitude: 37.5665, longitude: 126.9780), korean), "서울 근처, KR")
        XCTAssertEqual(g.placeText(GeoPoint(latitude: 37.5665, longitude: 126.9780)), "near Seoul, KR")
        XCTAssertEqual(g.placeText(GeoPoint(latitude: 0, longitude: -30), korean), "바다")
        XCTAssertEqual(g.placeText(GeoPoint(latitude: 0, longitude: -30)), "open sea")
    }

    func testPlaceRowsInKorean() throws {
        Gazetteer.prepareSearch()  // the UI builds the name index on a thread at start-up
        Strings.language = .korean
        defer { Strings.language = .english }
        let r = try UIFixtures.sqliteRunner()
        r.char("/"); r.type("Paris")
        let first = r.state.layout.sheetRect(height: r.state.sheet.height).y + 2
        XCTAssertEqual(r.line(first), " ⌖ Paris  France · 최대 도시")
        XCTAssertEqual(r.line(first + 1), " ⌖ Paris  United States · 도시")
    }
}
