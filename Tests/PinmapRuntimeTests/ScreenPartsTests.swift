import XCTest
import Frame
import GeoMap
import PinModel
import PinModelTesting
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// The parts of the screen a person reads once.
final class ScreenPartsTests: XCTestCase {
    private let seoul = Viewport(center: GeoPoint(latitude: 37.55, longitude: 126.98), zoom: 256)

    func testTheTimelineOpensOnTheNewestPinsMonthAfterAPinIsAdded() throws {
        let r = try UIFixtures.runner()
        XCTAssertEqual(r.state.timeline.month, 7, "July 2023, the newest fixture pin")
        // A pin added this session (as `Effect.addPin` answers); the runtime reads the newest pin's day again (`Effect.restartTimeline`).
        try r.store.insert(NewPin(title: "New", latitude: 37.5, longitude: 127, createdAt: "2026-12-05T10:00:00Z"))
        r.handle(.pins(.written(.added(id: 6, NewPin(title: "New", latitude: 37.5, longitude: 127,
                                                      createdAt: "2026-12-05T10:00:00Z")))), now: 2)
        r.char("2", at: 6)
        r.handle(.tick, now: 7)  // the toast over the month's row is gone
        XCTAssertEqual([r.state.timeline.year, r.state.timeline.month], [2026, 12])
        XCTAssertTrue(r.text.contains("December 2026"), r.text)
    }

    func testAPinHiddenByTheCategoryFilterIsNotDrawnEvenSelected() throws {
        let r = try UIFixtures.runner(viewport: seoul)
        r.char("m")  // the map focused: the selection stays what the user chose
        let museum = try XCTUnwrap(r.state.list.pins.first { $0.category == "museum" })
        r.clickListed(museum.title)
        XCTAssertTrue(r.state.map.markers.contains { $0.id == museum.id && $0.selected })
        r.filterCategories(keeping: ["cafe", "landmark"])
        XCTAssertFalse(r.state.map.markers.contains { $0.id == museum.id }, "no marker of a hidden category, selected or not")
        XCTAssertFalse(r.state.map.markers.contains { m in m.categoryIndex == r.state.map.categorySlot("museum") })
    }

    func testDistanceSortShowsTheDistanceInEachRow() throws {
        let r = try UIFixtures.runner(viewport: seoul)
        r.char("s"); r.char("s")
        XCTAssertEqual(r.state.list.order, .distance)
        let near = try XCTUnwrap(r.state.list.source?.near)
        let top = r.state.layout.sheetRect(height: r.state.sheet.height).y
        for (i, pin) in r.state.list.pins.enumerated() {
            let metres = greatCircleMetres(near.latitude, near.longitude, pin.latitude, pin.longitude)
            XCTAssertTrue(r.line(top + 2 + i).hasSuffix(" " + DistanceText.text(metres: metres)), r.line(top + 2 + i))
        }
        do {
            XCTAssertEqual(DistanceText.text(metres: 850.4), "850 m")
            XCTAssertEqual(DistanceText.text(metres: 1_234), "1.2 km")
            XCTAssertEqual(DistanceText.text(metres: 36_400), "36 km")
            XCTAssertEqual(DistanceText.text(metres: 8_950_000), "8,950 km")
            XCTAssertEqual(DistanceText.text(metres: 12_345_678), "12,346 km")
        }
    }

    func testThePlaceGivesWayWhenItOnlyRepeatsTheTitle() throws {
        let pins = [NewPin(title: "Nani Daman", latitude: 20.4167, longitude: 72.85, createdAt: "2024-01-02T00:00:00Z"),
                    NewPin(title: "Daman lighthouse", latitude: 20.41, longitude: 72.83, createdAt: "2024-01-01T00:00:00Z")]
        XCTAssertNil(Pin(id: 1, title: "Nani Daman", latitude: 20.4167, longitude: 72.85, createdAt: "", updatedAt: "")
            .placeTextAddingToTitle())
        XCTAssertNil(Pin(id: 1, title: "NANI DAMAN", latitude: 20.4167, longitude: 72.85, createdAt: "", updatedAt: "")
            .placeTextAddingToTitle(), "case left out")
        XCTAssertNil(Pin(id: 1, title: "Nâni Damán", latitude: 20.4167, longitude: 72.85, createdAt: "", updatedAt: "")
            .placeTextAddingToTitle(), "accents left out")
        XCTAssertEqual(Pin(id: 2, title: "Lighthouse", latitude: 20.4167, longitude: 72.85, createdAt: "", updatedAt: "")
            .placeTextAddingToTitle(), "near Nani Daman, IN")
        let r = try UIFixtures.runner(pins: pins, viewport: Viewport(center: GeoPoint(latitude: 20.41, longitude: 72.84), zoom: 2048))
        r.char("m")
        let top = r.state.layout.sheetRect(height: r.state.sheet.height).y
        XCTAssertEqual(r.line(top + 2), " • Nani Daman" + String(repeating: " ", count: 76) + "2024-01-02")
        XCTAssertTrue(r.line(top + 3).hasPrefix(" • Daman lighthouse"), r.line(top + 3))
    }

    func testTheTitleKeepsItsWidthBeforeThePlaceIsCut() {
        // 120 columns: a 60-cell title whole, the place beside it.
        let wide = ListColumns(width: 120, titleWidth: 60, placeWidth: 14)
        XCTAssertEqual([wide.title, wide.place, wide.note, wide.category, wide.last], [67, 24, 0, 12, 10])
        // 80 columns, long titles: the title's width first, the place takes what is left.
        let narrow = ListColumns(width: 80, titleWidth: 40, placeWidth: 14)
        XCTAssertEqual([narrow.title, narrow.place, narrow.note, narrow.category, narrow.last], [40, 11, 0, 12, 10])
        // 200 columns, short titles: the description takes the room the title does not need.
        let widest = ListColumns(width: 200, titleWidth: 32, placeWidth: 14)
        XCTAssertEqual([widest.title, widest.place, widest.note, widest.category, widest.last], [32, 24, 114, 12, 10])
        // A title of 3,000 cells is cut at `maxTitle`: the place and the description stay.
        let pasted = ListColumns(width: 200, titleWidth: 3_000, placeWidth: 14)
        XCTAssertEqual([pasted.title, pasted.place, pasted.note], [60, 24, 86])
        XCTAssertEqual([ListColumns(width: 100, titleWidth: 3_000, placeWidth: 14).title,
                        ListColumns(width: 100, titleWidth: 3_000, placeWidth: 14).place], [60, 11])
        // Less room than `minNote` to spare: the title takes it, as before.
        let hundred = ListColumns(width: 100, titleWidth: 32, placeWidth: 14)
        XCTAssertEqual([hundred.title, hundred.place, hundred.note], [47, 24, 0])
        // Less than 10 cells left: no place column, the title takes them.
        XCTAssertEqual(ListColumns(width: 80, titleWidth: 45, placeWidth: 14).place, 0)
    }

    /// On 200 columns the description fills the room short titles leave, muted, its first line.
    func testAWideListShowsTheDescription() throws {
        let pins = [NewPin(title: "종묘", description: "정전 앞 월대가 압도적.\n조용히 산책", category: "landmark",
                           latitude: 37.5744, longitude: 126.9940, createdAt: "2025-04-12T10:30:00+09:00")]
        let r = try UIFixtures.runner(cols: 200, rows: 60, pins: pins,
                                      viewport: Viewport(center: GeoPoint(latitude: 37.57, longitude: 126.99), zoom: 2048))
        let top = r.state.layout.sheetRect(height: r.state.sheet.height).y
        // Title 24 cells (the least), place 24, the note the 122 left (172 - 24 - 1 - 24 - 1).
        let note = "정전 앞 월대가 압도적."
        XCTAssertEqual(r.line(top + 2), " ◉ 종묘" + String(repeating: " ", count: 21) + "near Seoul, KR" + String(repeating: " ", count: 11)
                       + note + String(repeating: " ", count: 122 + 1 - DisplayWidth.of(note)) + "landmark     2025-04-12")
    }

    func testTheStatusLineNamesTheSelectedPinOnce() throws {
        let r = try UIFixtures.runner(viewport: seoul)
        let sel = try XCTUnwrap(r.state.list.selectedPin)
        let marker = try XCTUnwrap(r.state.map.markers.first { $0.selected })
        let cell = r.state.map.viewport.cell(for: GeoPoint(latitude: marker.latitude, longitude: marker.longitude),
                                         pane: r.state.layout.mapPane)
        r.mouse(.move, .none, col: Int(cell.col.rounded(.down)), row: Int(cell.row.rounded(.down)))
        let status = r.line(r.state.layout.statusRow)
        XCTAssertEqual(status.components(separatedBy: sel.title).count - 1, 1, status)
    }

    func testTheDetailPageShowsTimesInOneFormatInThePinsOffset() {
        XCTAssertEqual(DateText.text("2025-06-07T14:00:00+09:00", in: 9 * 3600), "2025-06-07 14:00 +09:00")
        XCTAssertEqual(DateText.text("2025-06-08T20:30:00Z", in: 9 * 3600), "2025-06-09 05:30 +09:00")
        XCTAssertEqual(DateText.text("2025-01-01T02:00:00Z", in: -5 * 3600), "2024-12-31 21:00 -05:00")
        XCTAssertEqual(DateText.text("2025-06-08T20:30:00Z", in: nil), "2025-06-08 20:30 UTC")
        XCTAssertEqual(DateText.text("2025-06-08T20:30:15.250Z", in: 0), "2025-06-08 20:30 UTC")
        XCTAssertEqual(DateText.text("2025-06-08", in: 3600), "2025-06-08")
        XCTAssertEqual(DateText.text("2025-06-08 07:05", in: 3600), "2025-06-08 07:05")
        XCTAssertEqual(DateText.text("yesterday", in: 0), "yesterday")
        XCTAssertEqual(DateText.offset(of: "2025-06-07T14:00:00+0530"), 5 * 3600 + 1800)
    }
}
