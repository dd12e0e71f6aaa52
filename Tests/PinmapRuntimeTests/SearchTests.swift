import XCTest
import Frame
import PinModel
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

final class SearchTests: XCTestCase {
    /// `기념` (2 characters, a substring inside 전쟁기념관) finds the war memorial
    /// through the store's search (PinQuery.search), in the list and on the map.
    func testKoreanWordFiltersListAndMapAsYouType() throws {
        let r = try UIFixtures.runner()
        r.char("/")
        XCTAssertTrue(r.state.isSearching)
        r.type("기")
        XCTAssertEqual(r.state.search.text, "기")
        XCTAssertEqual(Set(r.state.list.pins.map(\.title)), ["전쟁기념관"])  // 기 is in no other pin
        r.type("념")
        XCTAssertEqual(r.state.list.pins.map(\.title), ["전쟁기념관"])
        XCTAssertEqual(r.state.list.inViewCount, 1)
        XCTAssertEqual(r.state.map.markers.map(\.id), [1], "the map shows only the match")
        let top = 28 - r.state.sheet.height
        let header = r.line(top + 1)
        XCTAssertTrue(header.hasPrefix("▸ Search: 기념"), header)
        XCTAssertTrue(header.hasSuffix("1 in view · Enter keeps · Esc clears"), header)
        XCTAssertTrue(r.line(top + 2).hasPrefix(" • 전쟁기념관"), r.line(top + 2))
        XCTAssertTrue(r.line(28).contains("search “기념”"), "status line: \(r.line(28))")
        // Enter keeps the search and gives the keys back.
        r.key(.enter)
        XCTAssertFalse(r.state.isSearching)
        XCTAssertEqual(r.state.search.text, "기념")
        XCTAssertEqual(r.line(top + 1), "  Search “기념”: 1 in view · best match · / edits · Esc in / clears")
        XCTAssertEqual(r.state.list.inViewCount, 1)
        // / reopens it with the text; Esc clears and leaves.
        r.char("/")
        r.key(.escape)
        XCTAssertFalse(r.state.isSearching)
        XCTAssertEqual(r.state.search.text, "")
        XCTAssertEqual(r.state.list.inViewCount, 5)
        XCTAssertFalse(r.line(28).contains("search"))
    }

    func testQIsTextInTheSearchFieldNeverQuit() throws {
        let r = try UIFixtures.runner()
        r.char("/")
        r.type("qadeu?")  // quit, add, delete, edit, undo, help: all text here
        XCTAssertFalse(r.state.quit)
        XCTAssertNil(r.state.feedback.modal)
        XCTAssertFalse(r.state.feedback.showHelp)
        XCTAssertEqual(r.state.search.text, "qadeu?")
        XCTAssertEqual(r.state.list.inViewCount, 0)
        r.key(.backspace)
        XCTAssertEqual(r.state.search.text, "qadeu")
        r.key(.escape)
        r.char("q")
        XCTAssertTrue(r.state.quit, "outside the field q quits again")
    }

    func testSearchCombinesWithTheCategoryFilter() throws {
        let r = try UIFixtures.runner()
        r.char("/"); r.type("museum"); r.key(.enter)
        XCTAssertEqual(Set(r.state.list.pins.map(\.title)), ["전쟁기념관", "National Museum of Korea"])
        // Filter sheet: categories cafe, landmark, museum; turn museum off.
        r.char("f"); r.char("j"); r.char("j"); r.char(" "); r.key(.escape)
        r.handle(.tick, now: 1)
        XCTAssertEqual(r.state.map.categoryFilter, ["cafe", "landmark"])
        XCTAssertEqual(r.state.list.pins.count, 0)
        r.char("/", at: 1); r.key(.ctrl("u"), at: 1); r.type("tower", at: 1)
        XCTAssertEqual(r.state.list.pins.map(\.title), ["Busan Tower"])
        let top = 28 - r.state.sheet.height
        r.key(.ctrl("u"), at: 1); r.type("zzz", at: 1); r.key(.enter, at: 1)
        XCTAssertEqual(r.line(top + 2), "  No pin matches “zzz”", "no match anywhere: zooming out would not help")
    }

    func testSearchLeavesTheDetentAndArrowsMoveThroughResults() throws {
        let small = try UIFixtures.runner(detent: .small)
        small.char("/")
        XCTAssertEqual(small.state.sheet.detent, .small, "opening search leaves the detent as it is")
        let r = try UIFixtures.runner(detent: .medium)
        r.char("/")
        r.type("museum")
        r.key(.down)
        XCTAssertTrue(r.state.isSearching, "arrows do not leave the field")
        XCTAssertEqual(r.state.list.selectedPin?.title, "National Museum of Korea")
        r.key(.down)
        XCTAssertEqual(r.state.list.selectedPin?.title, "전쟁기념관")
    }

    func testSwitchingTabsWithTheMouseEndsTheFieldButKeepsTheSearch() throws {
        let r = try UIFixtures.runner()
        r.char("/"); r.type("tower")
        let timelineCol = r.state.layout.tabSegment(.timeline).lowerBound + 1
        r.mouse(.press, col: timelineCol, row: 29); r.mouse(.release, col: timelineCol, row: 29)
        XCTAssertEqual(r.state.tab, .timeline)
        r.char("1")  // a key for the tab bar, not text for the hidden field
        XCTAssertEqual(r.state.tab, .map)
        XCTAssertFalse(r.state.isSearching)
        XCTAssertEqual(r.state.search.text, "tower")
    }

    func testHelpListsTheNewKeys() {
        let lines = HelpView.lines(for: .map)
        for (key, help) in [("Enter", "pin detail (c comment, x delete)"), ("a", "add a pin at the map centre"),
                            ("e", "edit the selected pin"), ("d", "delete the selected pin (asks)"),
                            ("u", "undo the last delete"), ("/", "search all pins (Enter keeps, Esc clears)"),
                            ("right btn", "on the map: add a pin there · key a (at the centre)")] {
            XCTAssertTrue(lines.contains { $0.key == key && $0.text == help }, key)
        }
        var seen: [Key: String] = [:]
        for b in KeyBindings.all {
            for k in b.keys {
                XCTAssertNil(seen[k], "\(k) bound twice: \(seen[k] ?? "") and \(b.label)")
                seen[k] = b.label
            }
        }
    }
}
