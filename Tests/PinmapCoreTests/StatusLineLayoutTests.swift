import XCTest
import Frame
import GeoMap
import PinModel
import Sheet
@testable import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// The status line by priority: counts, coordinate and zoom, the selected pin's
/// title (cut with … to no fewer than 8 cells), the pointer legend, `? help`.
final class StatusLineLayoutTests: XCTestCase {
    /// The status line at `cols` with the museum selected, a search when `search`, and
    /// the pointer over a cluster of 37 pins when `pointer`.
    private func status(cols: Int, korean: Bool = false, search: String = "", pointer: Bool = true) throws -> String {
        Strings.language = korean ? .korean : .english
        defer { Strings.language = .english }
        let seoul = GeoPoint(latitude: 37.5665, longitude: 126.9780)
        let r = try UIFixtures.runner(cols: cols, rows: 24, viewport: Viewport(center: seoul, zoom: 400))
        var fx = Effects()  // the view is read below
        r.state.centerInVisibleMap(seoul, &fx)
        r.reloadView()
        r.selectListed(korean ? "전쟁기념관" : "National Museum of Korea")
        r.state.message = nil
        if !search.isEmpty { r.state.search = search }
        if pointer {
            r.state.markers = [MapMarker(id: 99, latitude: 37.60, longitude: 126.90, count: 37, categoryIndex: 1)]
            let c = r.state.viewport.cell(for: GeoPoint(latitude: 37.60, longitude: 126.90), pane: r.state.layout.mapPane)
            r.state.pointerCell = (Int(c.col), Int(c.row))
        }
        return r.line(22)
    }

    func testEnglishAt40() throws {
        XCTAssertEqual(try status(cols: 40, korean: false), " medium · 4 of 5 pins in view · Nationa…")
        XCTAssertEqual(try status(cols: 40, korean: false, pointer: false), " medium · 4 of 5 pins in view · Nationa…")
        XCTAssertEqual(try status(cols: 40, korean: false, search: "museum"), " medium · 4 of 5 pins in view · Nationa…")
    }

    func testKoreanAt40() throws {
        XCTAssertEqual(try status(cols: 40, korean: true), " 중간 · 보이는 핀 4/5개 · 전쟁기념관")
        XCTAssertEqual(try status(cols: 40, korean: true, pointer: false), " 중간 · 보이는 핀 4/5개 · 전쟁기념관")
        XCTAssertEqual(try status(cols: 40, korean: true, search: "museum"), " 중간 · 보이는 핀 4/5개 · 검색 “museum”")
    }

    func testEnglishAt80() throws {
        XCTAssertEqual(try status(cols: 80, korean: false), " medium · 4 of 5 pins in view · pointer 37.5915N 126.896E · z400 · National Mus…")
        XCTAssertEqual(try status(cols: 80, korean: false, pointer: false), " medium · 4 of 5 pins in view · centre 37.524N 126.9804E · z400 · National Muse…")
        XCTAssertEqual(try status(cols: 80, korean: false, search: "museum"), " medium · 4 of 5 pins in view · search “museum” · National Museum of Korea")
    }

    func testKoreanAt80() throws {
        XCTAssertEqual(try status(cols: 80, korean: true), " 중간 · 보이는 핀 4/5개 · [목록] · 포인터 37.604N 126.9041E · z400 · 전쟁기념관")
        XCTAssertEqual(try status(cols: 80, korean: true, pointer: false), " 중간 · 보이는 핀 4/5개 · [목록] · 중심 37.5365N 126.9772E · z400 · 전쟁기념관")
        XCTAssertEqual(try status(cols: 80, korean: true, search: "museum"), " 중간 · 보이는 핀 4/5개 · 검색 “museum” · 포인터 37.604N 126.9041E · z400")
    }

    func testEnglishAt100() throws {
        XCTAssertEqual(try status(cols: 100, korean: false), " medium · 4 of 5 pins in view · [list] · pointer 37.596N 126.9039E · z400 · National Museum of Korea")
        XCTAssertEqual(try status(cols: 100, korean: false, pointer: false), " medium · 4 of 5 pins in view · [list] · centre 37.524N 126.9804E · z400 · National Museum of Korea")
        XCTAssertEqual(try status(cols: 100, korean: false, search: "museum"), " medium · 4 of 5 pins in view · search “museum” · pointer 37.596N 126.9039E · z400 · National Museu…")
    }

    func testKoreanAt100() throws {
        XCTAssertEqual(try status(cols: 100, korean: true), " 중간 · 보이는 핀 4/5개 · [목록] · 포인터 37.6085N 126.9007E · z400 · 37 pins here · 전쟁기념관")
        XCTAssertEqual(try status(cols: 100, korean: true, pointer: false), " 중간 · 보이는 핀 4/5개 · [목록] · 중심 37.5365N 126.9772E · z400 · 전쟁기념관             ? 도움말")
        XCTAssertEqual(try status(cols: 100, korean: true, search: "museum"), " 중간 · 보이는 핀 4/5개 · 검색 “museum” · [목록] · 포인터 37.6085N 126.9007E · z400 · 전쟁기념관")
    }
}
