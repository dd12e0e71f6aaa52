import XCTest
import Frame
@testable import PinStore
import PinmapCore
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
        guard case .detail(let d)? = r.state.feedback.modal?.content else { return XCTFail("no detail") }
        XCTAssertEqual(d.descriptionScroll, 1)
        for _ in 0..<30 { r.char("j") }
        FrameGolden.check(r.frame(), "detail-long-scrolled")  // no blank rows past the last line
    }

    /// `e` then Ctrl-S with no field changed: "Nothing changed", no "Pin updated" notice.
    func testAnEditThatChangesNothingSaysSo() throws {
        let r = try FrameGolden.runner(cols: 100, rows: 30, places: .english, in: self)
        r.char("j")
        r.char("e")
        r.key(.ctrl("s"))
        XCTAssertNil(r.state.feedback.modal)
        FrameGolden.check(r.frame(), "edit-nothing-changed")
    }

    /// A search with one match: Enter keeps it and selects the match, a second Enter opens it.
    func testASingleSearchMatchOpensWithEnter() throws {
        let r = try FrameGolden.runner(cols: 100, rows: 30, places: .english, in: self)
        r.char("/")
        r.type("Seongsu")
        XCTAssertEqual(r.state.list.pins.map(\.title), ["Seongsu-dong cafe street"])
        r.key(.enter)
        XCTAssertEqual(r.state.list.selectedPin?.title, "Seongsu-dong cafe street")
        r.key(.enter)
        guard case .detail(let d)? = r.state.feedback.modal?.content else { return XCTFail("no detail: \(r.text)") }
        XCTAssertEqual(d.pin.title, "Seongsu-dong cafe street")
    }

    /// With a category filter the Timeline says it shows every category.
    func testTimelineSaysItIgnoresTheCategoryFilter() throws {
        let r = try FrameGolden.runner(cols: 80, rows: 24, places: .english, in: self)
        r.filterCategories(keeping: ["cafe"])
        r.char("2")
        FrameGolden.check(r.frame(), "timeline-filtered")
    }
}
