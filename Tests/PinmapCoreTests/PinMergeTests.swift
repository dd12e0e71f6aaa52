import XCTest
import PinModel
import PinmapCore

/// The three-way merge of an edit refused because the pin changed elsewhere (`PinMerge`), case
/// by case on real values: a field changed only by me takes mine, only by them theirs, by both
/// to the same value that value, by both differently is a conflict; and what an edit settled
/// over theirs writes next (`PinEdit.keepingMine(over:)`).
final class PinMergeTests: XCTestCase {
    /// 전쟁기념관 as the form opened it (version 1).
    private let opened = Pin(id: 1, title: "전쟁기념관", description: "War Memorial of Korea", category: "museum",
                             latitude: 37.5365, longitude: 126.9772, createdAt: "2023-05-05T10:00:00+09:00",
                             updatedAt: "2023-05-05T10:00:00+09:00", properties: #"{"kind":"memorial"}"#, version: 1)

    private var base: NewPin {
        NewPin(title: opened.title, description: opened.description, category: opened.category, latitude: opened.latitude,
               longitude: opened.longitude, createdAt: opened.createdAt, properties: opened.properties)
    }

    private func mine(_ edit: (inout NewPin) -> Void) -> NewPin {
        var pin = base
        edit(&pin)
        return pin
    }

    private func theirs(_ change: (inout Pin) -> Void) -> Pin {
        var pin = opened
        change(&pin)
        pin.version = 2
        return pin
    }

    func testAFieldOnlyIChangedTakesMineAndOneOnlyTheyChangedTakesTheirs() {
        let merge = PinMerge(base: base, mine: mine { $0.description = "my description" },
                             theirs: theirs { $0.title = "War Memorial" })
        XCTAssertEqual(merge.conflicts, [])
        XCTAssertEqual(merge.merged, [PinMerge.Merged(.title, by: .theirs), PinMerge.Merged(.description, by: .mine)])
        XCTAssertEqual(merge.keptTheirs, [.title])
        XCTAssertEqual(merge.keepingMine, NewPin(title: "War Memorial", description: "my description", category: "museum",
                                                 latitude: 37.5365, longitude: 126.9772, createdAt: "2023-05-05T10:00:00+09:00",
                                                 properties: #"{"kind":"memorial"}"#))
    }

    func testAFieldBothChangedToTheSameValueIsNoConflict() {
        let merge = PinMerge(base: base, mine: mine { $0.category = "memorial"; $0.latitude = 37.5366 },
                             theirs: theirs { $0.category = "memorial" })
        XCTAssertEqual(merge.conflicts, [])
        XCTAssertEqual(merge.merged, [PinMerge.Merged(.category, by: .both), PinMerge.Merged(.coordinates, by: .mine)])
        XCTAssertEqual(merge.keptTheirs, [])
        XCTAssertEqual([merge.keepingMine.category, "\(merge.keepingMine.latitude)", "\(merge.keepingMine.longitude)"],
                       ["memorial", "37.5366", "126.9772"])
    }

    /// Both changed the title, differently: a conflict, which keeps mine only when asked (the
    /// pop-up's `y`); their description, changed alone, is kept either way.
    func testAFieldBothChangedDifferentlyIsAConflict() {
        let merge = PinMerge(base: base, mine: mine { $0.title = "My title" },
                             theirs: theirs { $0.title = "Their title"; $0.description = "their description" })
        XCTAssertEqual(merge.conflicts, [.title])
        XCTAssertEqual(merge.merged, [PinMerge.Merged(.description, by: .theirs)])
        XCTAssertEqual([merge.keepingMine.title, merge.keepingMine.description], ["My title", "their description"])
    }

    /// A position is one field: my latitude against their longitude is a conflict (a point
    /// made of half of each is neither's), and either half moved counts as a change.
    func testCoordinatesAreOneField() {
        let merge = PinMerge(base: base, mine: mine { $0.latitude = 37.6 }, theirs: theirs { $0.longitude = 127.0 })
        XCTAssertEqual(merge.conflicts, [.coordinates])
        XCTAssertEqual(merge.merged, [])
        XCTAssertEqual([merge.keepingMine.latitude, merge.keepingMine.longitude], [37.6, 126.9772])
        let moved = PinMerge(base: base, mine: mine { $0.title = "전쟁기념관 본관" }, theirs: theirs { $0.longitude = 127.0 })
        XCTAssertEqual(moved.conflicts, [])
        XCTAssertEqual([moved.keepingMine.latitude, moved.keepingMine.longitude], [37.5365, 127.0])
        XCTAssertEqual(moved.keptTheirs, [.coordinates])
    }

    /// The created date and properties are not in the form (an edit never writes them): theirs
    /// stays, and is no field of the merge.
    func testTheirCreatedDateAndPropertiesStay() {
        let merge = PinMerge(base: base, mine: mine { $0.description = "" },
                             theirs: theirs { $0.createdAt = "2020-01-01T00:00:00+09:00"; $0.properties = #"{"kind":"museum"}"# })
        XCTAssertEqual(merge.conflicts, [])
        XCTAssertEqual(merge.merged, [PinMerge.Merged(.description, by: .mine)])
        XCTAssertEqual([merge.keepingMine.description, merge.keepingMine.createdAt, merge.keepingMine.properties],
                       ["", "2020-01-01T00:00:00+09:00", #"{"kind":"museum"}"#])
    }

    /// A value stored with spaces around it (by psql, say), which the form trims, is not taken
    /// for my edit: their change to it is kept.
    func testATrimmedValueLeftAloneIsNoEdit() {
        var spacedBase = base
        spacedBase.category = " museum "
        let merge = PinMerge(base: spacedBase, mine: mine { $0.title = "My title" }, theirs: theirs { $0.category = "memorial" })
        XCTAssertEqual(merge.conflicts, [])
        XCTAssertEqual(merge.merged, [PinMerge.Merged(.title, by: .mine), PinMerge.Merged(.category, by: .theirs)])
        XCTAssertEqual([merge.keepingMine.title, merge.keepingMine.category], ["My title", "memorial"])
    }

    /// Only the version moved (a write elsewhere of the same values): nothing to merge, mine is written.
    func testOnlyTheVersionMovedMergesNothing() {
        let edit = mine { $0.title = "My title" }
        let merge = PinMerge(base: base, mine: edit, theirs: theirs { _ in })
        XCTAssertEqual(merge.conflicts, [])
        XCTAssertEqual(merge.merged, [PinMerge.Merged(.title, by: .mine)])
        XCTAssertEqual(merge.keepingMine, edit)
    }

    /// Without a base, every field that differs is a conflict and nothing is merged unseen.
    func testWithoutABaseEveryDifferenceIsAConflict() {
        let merge = PinMerge(base: nil, mine: mine { $0.title = "My title" },
                             theirs: theirs { $0.category = "their category"; $0.properties = "{}" })
        XCTAssertEqual(merge.conflicts, [.title, .category])
        XCTAssertEqual(merge.merged, [])
        XCTAssertEqual([merge.keepingMine.title, merge.keepingMine.category, merge.keepingMine.properties],
                       ["My title", "museum", "{}"])
    }

    /// Settled over theirs, an edit is written at their version against their fields, so a
    /// write elsewhere meanwhile is merged again against what this one merged, and the changes
    /// of theirs it kept add up for the notice.
    func testAnEditSettledOverTheirsIsWrittenAtTheirVersionAgainstTheirFields() {
        let edit = PinEdit(id: 1, pin: mine { $0.description = "my description" }, ifVersion: 1, base: base)
        let first = theirs { $0.title = "War Memorial" }
        let settled = edit.keepingMine(over: first)
        XCTAssertEqual(settled.ifVersion, 2)
        XCTAssertEqual(settled.keptTheirs, [.title])
        XCTAssertEqual([settled.pin.title, settled.pin.description, settled.base?.title, settled.base?.description],
                       ["War Memorial", "my description", "War Memorial", "War Memorial of Korea"])
        // Refused again: version 3 changed the category too.
        var second = first
        second.category = "landmark"
        second.version = 3
        XCTAssertEqual(settled.merge(with: second).conflicts, [])
        let again = settled.keepingMine(over: second)
        XCTAssertEqual(again.ifVersion, 3)
        XCTAssertEqual(again.keptTheirs, [.title, .category])
        XCTAssertEqual([again.pin.title, again.pin.description, again.pin.category],
                       ["War Memorial", "my description", "landmark"])
    }
}
