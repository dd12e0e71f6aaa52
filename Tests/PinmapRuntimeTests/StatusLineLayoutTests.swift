import XCTest
import Frame
import GeoMap
import PinModel
import Sheet
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// The status line by priority (`StatusPriority`): counts, search, zoom, focus, the
/// place (cut with … to no fewer than 10 cells), the selected pin's title (to no fewer
/// than 8), the coordinate, the pointer legend, `? help`.
final class StatusLineLayoutTests: XCTestCase {
    /// The status line at `cols` with the museum selected, a search when `search`, and
    /// the pointer over a cluster of 37 pins when `pointer`.
    private func status(cols: Int, korean: Bool = false, search: String = "", pointer: Bool = true) throws -> String {
        Strings.language = korean ? .korean : .english
        defer { Strings.language = .english }
        let seoul = GeoPoint(latitude: 37.5665, longitude: 126.9780)
        let r = try UIFixtures.runner(cols: cols, rows: 24, viewport: Viewport(center: seoul, zoom: 400),
                                      environment: AppEnvironment(placeLanguage: korean ? .korean : .english))
        r.show(r.state.viewport(centring: seoul))
        r.selectListed(korean ? "전쟁기념관" : "National Museum of Korea")
        if !search.isEmpty { r.char("/"); r.type(search) }  // typed, the field still open: its matches in view
        if pointer {
            r.showMarkers([MapMarker(id: 99, latitude: 37.60, longitude: 126.90, count: 37, categoryIndex: 1)])
            let c = r.state.map.viewport.cell(for: GeoPoint(latitude: 37.60, longitude: 126.90), pane: r.state.layout.mapPane)
            r.mouse(.move, .none, col: Int(c.col), row: Int(c.row))
        }
        return r.line(22)
    }

    /// The pointer legend in the UI's language (a cluster of 37 pins under the pointer).
    func testThePointerLegendSpeaksTheUILanguage() throws {
        XCTAssertEqual(try status(cols: 160, korean: true).trimmingCharacters(in: .whitespaces),
                       "중간 · 보이는 핀 4/5개 · [목록] · 포인터 서울 근처, KR · 37.604N 126.9013E · z400 · 여기 핀 37개: 클릭하면 확대 · 전쟁기념관                          ? 도움말")
        for (language, texts) in [(Language.english, ["37 pins here: click to zoom in", "◑ 37 pins here (fuller, more pins): click to zoom in", "● pin: Cafe"]),
                                  (.korean, ["여기 핀 37개: 클릭하면 확대", "◑ 여기 핀 37개 (많이 찰수록 핀이 많음): 클릭하면 확대", "● 핀: Cafe"])] {
            Strings.language = language
            defer { Strings.language = .english }
            XCTAssertEqual([S.legendClick(S.legendPins("37")), S.legendClick(S.legendShade("◑", "37") + S.legendShadeNote.text),
                            S.legendPinTitled("●", "Cafe")], texts)
        }
    }

    func testEnglishAt40() throws {
        XCTAssertEqual(try status(cols: 40, korean: false), " medium · 4 of 5 pins in view · z400")
        XCTAssertEqual(try status(cols: 40, korean: false, pointer: false), " medium · 4 of 5 pins in view · z400")
        XCTAssertEqual(try status(cols: 40, korean: false, search: "museum"), " medium · 2 of 5 pins in view · z400")
    }

    func testKoreanAt40() throws {
        XCTAssertEqual(try status(cols: 40, korean: true), " 중간 · 보이는 핀 4/5개 · [목록] · z400")
        XCTAssertEqual(try status(cols: 40, korean: true, pointer: false), " 중간 · 보이는 핀 4/5개 · [목록] · z400")
        XCTAssertEqual(try status(cols: 40, korean: true, search: "museum"), " 중간 · 보이는 핀 2/5개 · 검색 “museum”")
    }

    func testEnglishAt80() throws {
        XCTAssertEqual(try status(cols: 80, korean: false), " medium · 4 of 5 pins in view · [list] · near Seoul, KR · z400 · National Museu…")
        XCTAssertEqual(try status(cols: 80, korean: false, pointer: false), " medium · 4 of 5 pins in view · [list] · centre near Seoul, KR · z400 · Nationa…")
        XCTAssertEqual(try status(cols: 80, korean: false, search: "museum"), " medium · 2 of 5 pins in view · search “museum” · [list] · near Seoul, KR · z400")
    }

    func testKoreanAt80() throws {
        XCTAssertEqual(try status(cols: 80, korean: true), " 중간 · 보이는 핀 4/5개 · [목록] · 포인터 서울 근처, KR · z400 · 전쟁기념관")
        XCTAssertEqual(try status(cols: 80, korean: true, pointer: false), " 중간 · 보이는 핀 4/5개 · [목록] · 중심 서울 근처, KR · z400 · 전쟁기념관")
        XCTAssertEqual(try status(cols: 80, korean: true, search: "museum"), " 중간 · 보이는 핀 2/5개 · 검색 “museum” · [목록] · 포인터 서울 근처, KR · z400")
    }

    func testEnglishAt100() throws {
        XCTAssertEqual(try status(cols: 100, korean: false), " medium · 4 of 5 pins in view · [list] · pointer near Seoul, KR · z400 · National Museum of Korea")
        XCTAssertEqual(try status(cols: 100, korean: false, pointer: false), " medium · 4 of 5 pins in view · [list] · centre near Seoul, KR · z400 · National Museum of Korea")
        XCTAssertEqual(try status(cols: 100, korean: false, search: "museum"), " medium · 2 of 5 pins in view · search “museum” · [list] · pointer near Seoul, KR · z400 · National…")
    }

    func testKoreanAt100() throws {
        XCTAssertEqual(try status(cols: 100, korean: true), " 중간 · 보이는 핀 4/5개 · [목록] · 포인터 서울 근처, KR · 37.6085N 126.9007E · z400 · 전쟁기념관")
        XCTAssertEqual(try status(cols: 100, korean: true, pointer: false), " 중간 · 보이는 핀 4/5개 · [목록] · 중심 서울 근처, KR · 37.5365N 126.9772E · z400 · 전쟁기념관")
        XCTAssertEqual(try status(cols: 100, korean: true, search: "museum"), " 중간 · 보이는 핀 2/5개 · 검색 “museum” · [목록] · 포인터 서울 근처, KR · z400 · 전쟁기념관")
    }

    /// The selected title takes the room "centre" leaves when the place takes its short
    /// form, and only when that lets it keep its 8 cells; else the place stays whole.
    func testTheTitleTakesTheRoomOfShortForms() {
        let parts = [StatusPart(text: "medium", priority: StatusPriority.counts, minWidth: 1),
                     StatusPart(text: "centre near Seoul, KR", priority: StatusPriority.place, minWidth: 10, short: "near Seoul, KR"),
                     StatusPart(text: "z400", priority: StatusPriority.zoom, minWidth: nil),
                     StatusPart(text: "National Museum of Korea", priority: StatusPriority.title, minWidth: 8, isTitle: true)]
        let line = { (width: Int) in StatusLineLayout.laidOut(parts, width: width, ascii: false).map(\.text).joined(separator: " · ") }
        XCTAssertEqual(line(70), "medium · centre near Seoul, KR · z400 · National Museum of Korea")
        XCTAssertEqual(line(60), "medium · centre near Seoul, KR · z400 · National Museum of…")
        XCTAssertEqual(line(46), "medium · near Seoul, KR · z400 · National Mu…")
        XCTAssertEqual(line(42), "medium · near Seoul, KR · z400 · Nationa…")
        XCTAssertEqual(line(41), "medium · centre near Seoul, KR · z400")
    }
}
