import XCTest
import Frame
@testable import PinStore
@testable import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// The detail page uses its rows and scrolls, an edit that changes nothing says so, a
/// single search match opens with Enter, the Timeline says it ignores the filter.
/// (The delete pop-up's `y` and the Settings header are in the golden frames confirm-*, settings-*.)
final class DetailEditSearchTests: XCTestCase {
    private func detailRunner() throws -> AppRunner {
        var pins = UIFixtures.seoulPins
        pins[0].properties = """
            {"geonameid":"1835848","asciiname":"Jeonjaeng Ginyeomgwan","alternatenames":"War Memorial of Korea",\
            "feature_class":"S","feature_code":"MUS","country":"KR","admin1":"11","population":"0",\
            "elevation":"30","timezone":"Asia/Seoul","modified":"2024-01-01","source":"geonames"}
            """
        let r = try UIFixtures.sqliteRunner(cols: 80, rows: 24, pins: pins, clock: .fixed("2025-06-08T09:00:00Z"))
        r.selectListed("전쟁기념관")
        r.key(.enter)
        return r
    }

    /// 80×24: the properties take the rows the comments do not need; the last one shown ends
    /// "… PgDn", and PgDn shows the rest (j/k too, as the pin has no comments).
    func testDetailUsesItsRowsAndScrolls() throws {
        let r = try detailRunner()
        FrameGolden.check(r.frame(), "detail-long")
        r.key(.pageDown)
        FrameGolden.check(r.frame(), "detail-long-scrolled")
        r.key(.pageUp)
        r.char("j")
        guard case .detail(let d)? = r.state.modal?.content else { return XCTFail("no detail") }
        XCTAssertEqual(d.descriptionScroll, 1)
        for _ in 0..<30 { r.char("j") }
        FrameGolden.check(r.frame(), "detail-long-scrolled")  // no blank rows past the last line
    }

    /// `e` then Ctrl-S with no field changed: "Nothing changed", no "Pin updated" notice.
    func testAnEditThatChangesNothingSaysSo() throws {
        let r = try FrameGolden.runner(cols: 100, rows: 30, places: .english)
        r.char("j")
        r.char("e")
        r.key(.ctrl("s"))
        XCTAssertNil(r.state.modal)
        FrameGolden.check(r.frame(), "edit-nothing-changed")
    }

    /// A search with one match: Enter keeps it and selects the match, a second Enter opens it.
    func testASingleSearchMatchOpensWithEnter() throws {
        let r = try FrameGolden.runner(cols: 100, rows: 30, places: .english)
        r.char("/")
        r.type("Seongsu")
        XCTAssertEqual(r.state.listed.map(\.title), ["Seongsu-dong cafe street"])
        r.key(.enter)
        XCTAssertEqual(r.state.selectedPin?.title, "Seongsu-dong cafe street")
        r.key(.enter)
        guard case .detail(let d)? = r.state.modal?.content else { return XCTFail("no detail: \(r.text)") }
        XCTAssertEqual(d.pin.title, "Seongsu-dong cafe street")
    }

    /// With a category filter the Timeline says it shows every category.
    func testTimelineSaysItIgnoresTheCategoryFilter() throws {
        let r = try FrameGolden.runner(cols: 80, rows: 24, places: .english)
        r.filterCategories(keeping: ["cafe"])
        r.char("2")
        FrameGolden.check(r.frame(), "timeline-filtered")
    }
}

/// A search's "newest first" lists its matches newest created first, as the map's list and
/// its header say (not newest id first, the order the store reads them).
final class SearchOrderTests: XCTestCase {
    func testSearchListsItsMatchesNewestCreatedFirst() throws {
        // Ids 1, 2, 3 created 2024, 2022, 2023: id order is not creation order.
        let pins = [("Harbor Roasters", "2024-05-01T10:00:00Z"), ("Pepper Roasters", "2022-05-01T10:00:00Z"),
                    ("River Roasters", "2023-05-01T10:00:00Z")].enumerated().map { i, p in
            NewPin(title: p.0, category: "cafe", latitude: 37.5 + Double(i) / 100, longitude: 127, createdAt: p.1)
        }
        let r = try UIFixtures.runner(cols: 100, rows: 30, pins: pins, viewport: .world)
        r.char("/")
        r.type("Roasters")
        r.key(.enter)
        let top = 28 - r.state.sheet.height
        XCTAssertEqual((top + 1...top + 4).map { r.line($0) }, [
            "  Search “Roasters”: 3 in view · best match · / edits · Esc in / clears",
            " ◉ Harbor Roasters                                 near Seoul, KR           cafe         2024-05-01",
            " • River Roasters                                  near Seoul, KR           cafe         2023-05-01",
            " • Pepper Roasters                                 near Seoul, KR           cafe         2022-05-01",
        ])
    }
}
