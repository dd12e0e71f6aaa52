import XCTest
import Foundation
import Frame
import PinModel
import PinmapCore
import PinmapRuntime
import PinmapTestSupport

/// A pin just added, edited or brought back by undo is shown and selected, as the Timeline's
/// Enter shows one: its category is let through the category filter and a kept search that
/// does not hold it is cleared. Before, the toast said "Added" while the filter or the search
/// hid the pin: the map did not draw it and the list did not hold it ("0 of 6 pins in view").
final class WrittenPinRevealTests: XCTestCase {
    /// Adds `title` of `category` at the map's centre through the form.
    private func add(_ r: AppRunner, _ title: String, category: String) {
        r.char("a")
        r.type(title)
        r.key(.tab); r.key(.tab)
        r.type(category)
        r.key(.ctrl("s"))
    }

    /// The sheet's rows of an 80×24 frame (its top edge to the tab bar).
    private func sheet(_ r: AppRunner) -> [String] {
        let f = r.frame()
        return (13..<24).map { f.line($0) }
    }

    /// The day a pin added now is listed with (the store dates it in UTC).
    private var today: String {
        let f = DateFormatter()
        f.timeZone = TimeZone(identifier: "UTC")
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd"
        return f.string(from: Date())
    }

    func testAPinOfACategoryTheFilterHidesIsShownWithItsCategoryLetThrough() throws {
        let r = try UIFixtures.runner(cols: 80, rows: 24)
        r.char("f"); r.char("n"); r.key(.escape)  // every category off
        XCTAssertEqual(r.state.map.categoryFilter, [])
        add(r, "Night market", category: "food")  // a category no pin had
        XCTAssertEqual(r.state.map.categoryFilter, ["food"], "the other categories stay hidden")
        XCTAssertEqual(sheet(r), [
            "─ medium ────────────────────────── ━━━━━━━━ ──────────────────────────[Filter*]",
            "▸ Pins in view: 1 · newest first",
            " ◉ Night market                open sea                 food         \(today)",
            "", "", "", "", "", "",
            " medium · 1 of 6 pins in view · [list] · centre open sea · z1 · Night market",
            "       1 Map             2 Timeline           3 Import           4 Settings",
        ])
    }

    func testAKnownCategoryLetBackMakesTheFilterWholeAgain() throws {
        let r = try UIFixtures.runner(cols: 80, rows: 24)
        r.char("f"); r.char(" "); r.key(.escape)  // cafe (the first row) off
        XCTAssertEqual(r.state.map.categoryFilter, ["landmark", "museum"])
        add(r, "Kept café", category: "cafe")
        XCTAssertNil(r.state.map.categoryFilter, "every category shown: no filter")
        XCTAssertEqual(sheet(r), [
            "─ medium ────────────────────────── ━━━━━━━━ ──────────────────────────[Filter]─",
            "▸ Pins in view: 6 · newest first",
            " ◉ Kept café                   open sea                 cafe         \(today)",
            " • Busan Tower                 near Busan, KR           landmark     2023-07-01",
            " • National Museum of Korea    near Seoul, KR           museum       2023-06-22",
            " • 전쟁기념관                  near Seoul, KR           museum       2023-05-05",
            " • Hongdae, busking street     near Seoul, KR           landmark     2023-04-29",
            " • Garosu-gil coffee           near Seoul, KR           cafe         2023-03-18",
            "",
            " medium · 6 of 6 pins in view · [list] · centre open sea · z1 · Kept café",
            "       1 Map             2 Timeline           3 Import           4 Settings",
        ])
    }

    func testAKeptSearchThatDoesNotHoldTheNewPinIsCleared() throws {
        let r = try UIFixtures.runner(cols: 80, rows: 24)
        r.char("/"); r.type("Garosu"); r.key(.enter)
        XCTAssertEqual(r.state.search.text, "Garosu")
        XCTAssertEqual(r.state.list.inViewCount, 1)
        add(r, "Night market", category: "food")
        XCTAssertEqual(r.state.search.text, "")
        XCTAssertEqual(sheet(r), [
            "─ medium ────────────────────────── ━━━━━━━━ ──────────────────────────[Filter]─",
            "▸ Pins in view: 6 · newest first",
            " ◉ Night market                near Seoul, KR           food         \(today)",
            " • Busan Tower                 near Busan, KR           landmark     2023-07-01",
            " • National Museum of Korea    near Seoul, KR           museum       2023-06-22",
            " • 전쟁기념관                  near Seoul, KR           museum       2023-05-05",
            " • Hongdae, busking street     near Seoul, KR           landmark     2023-04-29",
            " • Garosu-gil coffee           near Seoul, KR           cafe         2023-03-18",
            "",
            " medium · 6 of 6 pins in view · [list] · centre near Seoul, KR · z1 · Night mar…",
            "       1 Map             2 Timeline           3 Import           4 Settings",
        ])
    }

    /// A kept search that holds the pin once written stays (the re-read after the write holds
    /// it): an added pin that matches, and the undo of a match's delete. Judged on the matches
    /// held before the write, the restore cleared it (the tmux test of a Korean search, delete
    /// and undo caught that).
    func testAKeptSearchThatHoldsTheWrittenPinStays() throws {
        let r = try UIFixtures.runner(cols: 80, rows: 24)
        r.char("/"); r.type("museum"); r.key(.enter)
        XCTAssertEqual(r.state.search.text, "museum")
        add(r, "Museum of Tea", category: "cafe")
        XCTAssertEqual(r.state.search.text, "museum", "the new pin matches: the search stays")
        let shown = [
            "─ medium ────────────────────────── ━━━━━━━━ ──────────────────────────[Filter]─",
            "  Search “museum”: 3 in view · best match · / edits · Esc in / clears",
            " ◉ Museum of Tea               open sea                 cafe         \(today)",
            " • National Museum of Korea    near Seoul, KR           museum       2023-06-22",
            " • 전쟁기념관                  near Seoul, KR           museum       2023-05-05",
            "", "", "", "",
            " medium · 3 of 6 pins in view · search “museum” · [list] · centre open sea · z1",
            "       1 Map             2 Timeline           3 Import           4 Settings",
        ]
        XCTAssertEqual(sheet(r), shown)
        r.char("d"); r.char("y"); r.key(.escape)
        XCTAssertEqual(r.state.list.inViewCount, 2)
        r.char("u")
        XCTAssertEqual(r.state.search.text, "museum", "the restored pin matches: the search stays")
        XCTAssertEqual(r.state.list.inViewCount, 3)
        XCTAssertEqual(r.state.list.pins.map(\.title), ["Museum of Tea", "National Museum of Korea", "전쟁기념관"])
        XCTAssertEqual(sheet(r), shown, "the restored pin selected, as the added one was")
    }

    func testAnEditToAHiddenCategoryLetsItThrough() throws {
        let r = try UIFixtures.runner(cols: 80, rows: 24)
        r.char("f"); r.char("n"); r.char(" "); r.key(.escape)  // cafe only
        r.key(.down)  // Garosu-gil coffee, the only café
        r.char("e"); r.key(.tab); r.key(.tab); r.key(.ctrl("u")); r.type("landmark"); r.key(.ctrl("s"))
        XCTAssertEqual(r.state.map.categoryFilter, ["cafe", "landmark"])
        XCTAssertEqual(sheet(r), [
            "─ medium ────────────────────────── ━━━━━━━━ ──────────────────────────[Filter*]",
            "▸ Pins in view: 3 · newest first",
            " • Busan Tower                 near Busan, KR           landmark     2023-07-01",
            " • Hongdae, busking street     near Seoul, KR           landmark     2023-04-29",
            " ◉ Garosu-gil coffee           near Seoul, KR           landmark     2023-03-18",
            "", "", "", "",
            " medium · 3 of 5 pins in view · [list] · centre near Seoul, KR · z1 · Garosu-gi…",
            "       1 Map             2 Timeline           3 Import           4 Settings",
        ])
    }

    func testUndoingADeleteUnderAFilterThatHidesThePinShowsIt() throws {
        let r = try UIFixtures.runner(cols: 80, rows: 24)
        XCTAssertEqual(r.state.list.selectedPin?.title, "Busan Tower", "the first row, selected with the list focused")
        r.char("d"); r.char("y")
        r.key(.escape)  // the notice
        r.char("f"); r.char("n"); r.key(.escape)
        r.char("u")
        XCTAssertEqual(r.state.map.categoryFilter, ["landmark"])
        XCTAssertEqual(r.state.list.selectedPin?.title, "Busan Tower")
        XCTAssertEqual(r.state.list.inViewCount, 2, "Busan Tower and Hongdae, the landmarks")
    }
}
