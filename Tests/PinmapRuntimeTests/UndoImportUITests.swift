import XCTest
import Frame
import PinModel
@testable import PinStore
import PinmapCore
@testable import PinmapRuntime
@testable import PinmapCLI
import PinmapTestSupport

/// An import is undone from the app (a Settings import row, the Import
/// tab's result), after the confirm pop-up, as `pinmap undo-import` does, refused when pins
/// of it were edited since.
final class UndoImportUITests: XCTestCase {
    /// The golden runner: the 45 sample pins as import #1.
    private func runner(cols: Int = 100, rows: Int = 30) throws -> AppRunner {
        try FrameGolden.runner(cols: cols, rows: rows, places: .english, in: self)
    }

    func testASettingsImportRowUndoesTheImportAfterTheConfirmation() throws {
        let r = try runner()
        r.char("4"); r.char("k")
        XCTAssertEqual(r.state.settingsTab.importCursor, 0)
        r.key(.enter)
        guard case .confirm(let popup)? = r.state.feedback.modal?.content else { return XCTFail("no pop-up: \(r.text)") }
        XCTAssertEqual(popup.title, "Undo import #1 (“pins-seoul.csv”)?")
        XCTAssertEqual(try r.store.count(), 45, "nothing before the answer")
        r.char("y")
        XCTAssertEqual(try r.store.count(), 0)
        XCTAssertEqual(r.state.feedback.toast?.message, "Undid import #1: 45 pins removed")
        XCTAssertEqual(r.state.storeInfo.batches, [], "the Settings tab read again")
        XCTAssertNil(r.state.settingsTab.importCursor)
        r.char("1")
        XCTAssertEqual(r.state.list.totalCount, 0)
        XCTAssertTrue(r.text.contains("0 of 0 pins in view"), r.text)
    }

    /// Pins of the import deleted one by one: the Settings row and the confirmation count the
    /// pins left (what the undo removes, as `pinmap imports` counts them), and say so plainly
    /// when none are left.
    func testSettingsAndTheConfirmationCountThePinsLeft() throws {
        let r = try runner(cols: 80, rows: 24)
        let ids = try r.store.pins(matching: PinQuery()).map(\.id).sorted()
        XCTAssertEqual(ids.count, 45)
        for id in ids.dropFirst() { XCTAssertTrue(try r.store.delete(id: id, ifVersion: nil)) }
        r.char("4"); r.char("k"); r.key(.enter)
        FrameGolden.check(r.frame(), "undo-import-one-left")
        r.key(.escape)
        XCTAssertTrue(try r.store.delete(id: ids[0], ifVersion: nil))
        r.char("1"); r.char("4"); r.char("k"); r.key(.enter)
        FrameGolden.check(r.frame(), "undo-import-none-left")
        r.char("y")
        XCTAssertEqual(r.state.storeInfo.batches, [], "the record went")
        XCTAssertEqual(r.state.feedback.toast?.message, "Undid import #1: 0 pins removed")
    }

    /// More imports than the tab lists: the newest ten (ids right-aligned: ` #9` under `#10`),
    /// and a line saying how to reach the older ones (the sample pins' import, which the
    /// first run's toast points to).
    func testSettingsSaysWhereOlderImportsAre() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pm-older-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try runner(cols: 80, rows: 24)
        r.char("3")
        for k in 2...11 {  // through the Import tab, one file after another
            let path = dir.appendingPathComponent("trip\(k).csv").path
            try "name,lat,lon\nStop \(k),37.\(k),127.0\n".write(toFile: path, atomically: true, encoding: .utf8)
            r.type(path)
            r.key(.enter); r.key(.enter)
        }
        XCTAssertEqual(try r.store.count(), 55)
        r.char("4")
        let shown = r.text.components(separatedBy: "\n").prefix(18).map {
            $0.replacingOccurrences(of: #"20[0-9-]{8}T[0-9:]{5}"#, with: "<time>", options: .regularExpression)
        }
        XCTAssertEqual(Array(shown.dropFirst(5)), (2...11).reversed().map { "    \($0 < 10 ? " " : "")#\($0)  <time>  1 pin  trip\($0).csv" }
                       + ["    older imports: see `pinmap imports`; `pinmap undo-import ID` undoes one", "", "  Settings  (↑↓ move · Enter/Space/←→ change · click)"])
        r.char("k")
        XCTAssertEqual(r.state.settingsTab.importCursor, 9, "↑ from the first setting: the oldest import listed")
        // A click on an import's row asks about that import; on the heading, about none.
        r.mouse(.press, col: 10, row: 4); r.mouse(.release, col: 10, row: 4)
        XCTAssertNil(r.state.feedback.modal, "the \"imports\" heading")
        let row10 = try XCTUnwrap(r.text.components(separatedBy: "\n").firstIndex { $0.hasSuffix("trip10.csv") })
        r.mouse(.press, col: 10, row: row10); r.mouse(.release, col: 10, row: row10)
        guard case .confirm(let popup)? = r.state.feedback.modal?.content else { return XCTFail("no pop-up: \(r.text)") }
        XCTAssertEqual(popup.title, "Undo import #10 (“trip10.csv”)?")
    }

    func testCancellingRemovesNothing() throws {
        let r = try runner()
        r.char("4"); r.char("k"); r.key(.enter)
        r.key(.escape)
        XCTAssertNil(r.state.feedback.modal)
        XCTAssertEqual(r.state.feedback.message, "Nothing removed")
        XCTAssertEqual(try r.store.count(), 45)
    }

    func testAnImportWithAnEditedPinIsKeptAndTheNoticeSaysWhy() throws {
        let r = try runner(cols: 80, rows: 24)
        let pin = try XCTUnwrap(r.state.list.pins.first)
        try r.store.update(id: pin.id, title: pin.title + " (edited)", description: nil, category: nil, latitude: nil, longitude: nil)
        r.char("4"); r.char("k"); r.key(.enter); r.char("y")
        XCTAssertEqual(try r.store.count(), 45, "nothing removed")
        guard case let .notice(title, message, success, _)? = r.state.feedback.modal?.content else { return XCTFail("no notice: \(r.text)") }
        XCTAssertFalse(success)
        XCTAssertEqual(title, "Import #1 kept")
        XCTAssertEqual(message, "1 of its pins changed since (edited or commented): nothing removed. `pinmap undo-import 1 --force` removes them too.")
        FrameGolden.check(r.frame(), "undo-import-refused")
    }

    func testTheImportTabsResultOffersUAndUndoesThatImport() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pm-undo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("two.csv").path
        try "name,lat,lon\nTower,37.5,126.9\nPark,37.6,127.0\n".write(toFile: path, atomically: true, encoding: .utf8)
        let r = try runner()
        r.char("3")
        r.type(path)
        r.key(.enter); r.key(.enter)
        XCTAssertEqual(try r.store.count(), 47)
        XCTAssertTrue(r.text.contains("two.csv: 2 imported, 0 rejected, 0 duplicates skipped (import #2; u undoes it)"), r.text)
        XCTAssertTrue(r.text.contains(" u undo import · Enter or typing: new path"), r.text)
        r.char("u")
        guard case .confirm(let popup)? = r.state.feedback.modal?.content else { return XCTFail("no pop-up: \(r.text)") }
        XCTAssertEqual(popup.title, "Undo import #2 (“two.csv”)?")
        r.char("y")
        XCTAssertEqual(try r.store.count(), 45, "only that import's pins went")
        XCTAssertNil(r.state.importTab.lastImport)
        XCTAssertEqual(r.state.importTab.summary, ["Undid import #2: 2 pins removed"], "the result no longer offers u")
        r.char("u")
        XCTAssertNil(r.state.feedback.modal, "u is not offered twice")
    }

    /// The Import tab's result knows the pins as imported; once the Settings tab has read
    /// that one of them was deleted since, its `u` counts the pin left.
    func testTheImportTabsUndoCountsThePinsLeftOnceSettingsReadThem() throws {
        let dir = try makeTempFolder()
        let path = dir.path + "/two.csv"
        try "name,lat,lon\nTower,37.5,126.9\nPark,37.6,127.0\n".write(toFile: path, atomically: true, encoding: .utf8)
        let r = try runner()
        r.char("3")
        r.type(path)
        r.key(.enter); r.key(.enter)
        let park = try XCTUnwrap(try r.store.pins(matching: PinQuery(search: "Park")).first)
        XCTAssertTrue(try r.store.delete(id: park.id, ifVersion: nil))
        r.char("4"); r.char("3"); r.char("u")
        guard case .confirm(let popup)? = r.state.feedback.modal?.content else { return XCTFail("no pop-up: \(r.text)") }
        XCTAssertEqual([popup.title, popup.message],
                       ["Undo import #2 (“two.csv”)?", "Its 1 pin goes, unless it was edited or commented since."])
    }
}
