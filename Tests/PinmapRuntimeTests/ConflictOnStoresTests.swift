import XCTest
import Foundation
import Frame
import PinModel
@testable import PinStore
@testable import PinStorePostgres
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
@testable import PinmapCLI
import PostgresTesting

/// No edit silently lost, on the real stores with the UI's worker lanes and change watch:
/// a save over another connection's edit of other fields is merged and saved (their title, my
/// description); one over an edit of the same field offers keep mine / take theirs (both
/// outcomes checked), a delete of a pin changed since is refused, and undo of a delete
/// restores the same id. On a PostgreSQL database (PINMAP_TEST_PG_URL, always set by `.ci/run`) and a
/// SQLite file.
final class ConflictOnStoresTests: XCTestCase {
    private var folder: TempFolder!

    override func setUpWithError() throws { folder = try makeTempFolder() }

    /// Both stores, each holding the Seoul fixture pins (ids 1–5), with a second connection.
    private func stores() throws -> [(name: String, store: any PinRepository, uri: String?, other: any PinRepository)] {
        let path = folder.path + "/pins-\(UUID().uuidString.prefix(6)).sqlite"
        var all: [(String, any PinRepository, String?, any PinRepository)] = [("sqlite", try Store(path: path), nil, try Store(path: path))]
        if TestServer.url != nil {
            let uri = try TestServer.freshStoreURI()
            addTeardownBlock { TestServer.dropDatabase(uri) }
            all.append(("postgresql", try PostgresStore(uri: uri), uri, try PostgresStore(uri: uri)))
        }
        for (_, store, _, _) in all { for p in UIFixtures.seoulPins { try store.insert(p) } }
        XCTAssertEqual(all.count, 2, "PINMAP_TEST_PG_URL is not set: the PostgreSQL store was not checked")
        return all
    }

    /// Opens 전쟁기념관 (id 1) in the edit form, types a new title (or `typing`); another
    /// connection changes its title and category (or `theirs`: version 2) and the UI hears of
    /// it; then the save.
    private func conflictingSave(_ store: any PinRepository, uri: String?, other: any PinRepository,
                                 typing: ((AppRunner) -> Void)? = nil,
                                 theirs: ((any PinRepository) throws -> Void)? = nil) throws -> AppRunner {
        let r = try UIFixtures.liveRunner(over: store, uri: uri)
        r.selectListed("전쟁기념관")
        r.press(.char("e"))
        if let typing { typing(r) } else {
            r.press(.ctrl("u"))
            r.type("My title")
        }
        if let theirs { try theirs(other) } else { try other.update(id: 1, title: "their title", category: "their category") }
        XCTAssertTrue(r.wait(upTo: 10) { r.state.feedback.message?.hasSuffix("elsewhere") == true }, r.state.feedback.message ?? "no message")
        r.press(.ctrl("s"))
        return r
    }

    /// Whether the keep mine / take theirs pop-up is up with the title both changed and their
    /// category merged, its lines checked whole (a failure named after the store when it is not).
    private func showsBothVersions(_ r: AppRunner, _ name: String) -> Bool {
        guard case .confirm(let popup)? = r.state.feedback.modal?.content, case .keepMine = popup.action else {
            XCTFail("\(name): no conflict pop-up: \(String(describing: r.state.feedback.modal?.content))")
            return false
        }
        let f = r.frame()
        XCTAssertEqual((23..<30).map { f.line($0).trimmingCharacters(in: .whitespaces) }, [
            "“their title” changed elsewhere since you opened it",
            "theirs                                    yours",
            "title         their title                               My title",
            "merged without conflict: category (theirs)",
            "", "[ Keep mine ]   [ Take theirs ]", "y keeps mine · t takes theirs · Esc back to your edit · ←→ Enter choose",
        ], name)
        return true
    }

    /// The case of the "keep mine" limitation: another connection changes the title while the
    /// UI changes the description. No pop-up: the store holds their title and my description,
    /// and the notice says their title was kept.
    func testTheirTitleAndMyDescriptionAreBothSaved() throws {
        for (name, store, uri, other) in try stores() {
            let r = try conflictingSave(store, uri: uri, other: other, typing: { r in
                r.press(.tab, .ctrl("u"))
                r.type("my description")
            }, theirs: { other in
                try other.update(id: 1, title: "War Memorial of Korea")
            })
            defer { r.stopLive() }
            XCTAssertTrue(r.wait(upTo: 10) { r.state.feedback.toast != nil }, "\(name): no notice")
            XCTAssertNil(r.state.feedback.modal, "\(name): no pop-up")
            let pin = try XCTUnwrap(try other.pin(id: 1), name)
            XCTAssertEqual([pin.title, pin.description, pin.category], ["War Memorial of Korea", "my description", "museum"], name)
            XCTAssertEqual(pin.version, 3, name)
            XCTAssertEqual(r.state.feedback.toast?.message,
                           "Updated “War Memorial of Korea”; kept 1 change made elsewhere (title)", name)
        }
    }

    /// Keep mine: my title, which both changed, and their category, which only they changed.
    func testASaveOverAnotherEditAsksAndKeepMineWritesMineWhereBothChanged() throws {
        for (name, store, uri, other) in try stores() {
            let r = try conflictingSave(store, uri: uri, other: other)
            defer { r.stopLive() }
            guard showsBothVersions(r, name) else { continue }
            XCTAssertEqual(try other.pin(id: 1)?.title, "their title", "\(name): nothing written before the answer")
            r.press(.char("y"))
            let pin = try XCTUnwrap(try other.pin(id: 1), name)
            XCTAssertEqual([pin.title, pin.category], ["My title", "their category"], name)
            XCTAssertEqual(pin.version, 3, name)
            XCTAssertEqual(r.state.feedback.toast?.title, "Pin updated", name)
        }
    }

    /// Another program's plain SQL (psql, QGIS, the sqlite3 shell: not Pinmap's `update`, which
    /// raises the version itself) on the other connection: the save still asks.
    func testASaveOverAnEditMadeOutsidePinmapAsks() throws {
        for (name, store, uri, other) in try stores() {
            let sql = "UPDATE pins SET title = 'their title', category = 'their category' WHERE id = 1"
            let r = try conflictingSave(store, uri: uri, other: other, theirs: { other in
                if let file = other as? Store { try file.db.execute(sql) }
                if let server = other as? PostgresStore { _ = try server.db.execute(sql) }
            })
            defer { r.stopLive() }
            guard showsBothVersions(r, name) else { continue }
            r.press(.enter)  // Take theirs
            let pin = try XCTUnwrap(try other.pin(id: 1), name)
            XCTAssertEqual([pin.title, pin.category], ["their title", "their category"], name)
            XCTAssertEqual(pin.version, 2, name)
        }
    }

    func testTakeTheirsWritesNothingAndShowsTheirs() throws {
        for (name, store, uri, other) in try stores() {
            let r = try conflictingSave(store, uri: uri, other: other)
            defer { r.stopLive() }
            r.press(.enter)  // Take theirs is chosen at first
            XCTAssertNil(r.state.feedback.modal, name)
            XCTAssertEqual(r.state.feedback.message, "Kept the other version: nothing written", name)
            let pin = try XCTUnwrap(try other.pin(id: 1), name)
            XCTAssertEqual([pin.title, pin.category], ["their title", "their category"], name)
            XCTAssertEqual(pin.version, 2, name)
        }
    }

    /// The tester's case: another connection writes a description and a latitude while the
    /// user types a description. The pop-up shows both descriptions, their position merged; Esc
    /// goes back to the form with "my description" kept; a save from there is refused again
    /// (a third edit elsewhere meanwhile, of the category, is merged too), and only `y` writes
    /// my description over theirs, with their category and position.
    func testEscGoesBackToTheEditAndASaveComparesWithTheNewestVersion() throws {
        for (name, store, uri, other) in try stores() {
            let r = try conflictingSave(store, uri: uri, other: other, typing: { r in
                r.press(.tab, .ctrl("u"))
                r.type("my description")
            }, theirs: { other in
                try other.update(id: 1, description: "their important notes", latitude: 37.6)
            })
            defer { r.stopLive() }
            var f = r.frame()
            XCTAssertEqual((22..<30).map { f.line($0) }, [
                "───────────────────────────────────────────── ━━━━━━━━ ─────────────────────────────────────────────",
                "                         “전쟁기념관” changed elsewhere since you opened it",
                "                theirs                                    yours",
                "  description   their important notes                     my description",
                "  merged without conflict: coordinates (theirs)",
                "",
                "                                  [ Keep mine ]   [ Take theirs ]",
                "              y keeps mine · t takes theirs · Esc back to your edit · ←→ Enter choose",
            ], name)
            r.press(.escape)
            guard case .form(let form)? = r.state.feedback.modal?.content else { XCTFail("\(name): no form"); continue }
            XCTAssertEqual([form[.title].text, form[.description].text], ["전쟁기념관", "my description"], name)
            XCTAssertEqual(try other.pin(id: 1)?.description, "their important notes", "\(name): nothing written")
            try other.update(id: 1, category: "war museum")  // a third edit, meanwhile
            XCTAssertTrue(r.wait(upTo: 10) { r.state.feedback.message?.hasSuffix("elsewhere") == true }, name)
            r.press(.ctrl("s"))
            f = r.frame()
            XCTAssertEqual((22..<30).map { f.line($0) }, [
                "───────────────────────────────────────────── ━━━━━━━━ ─────────────────────────────────────────────",
                "                         “전쟁기념관” changed elsewhere since you opened it",
                "                theirs                                    yours",
                "  description   their important notes                     my description",
                "  merged without conflict: category, coordinates (theirs)",
                "",
                "                                  [ Keep mine ]   [ Take theirs ]",
                "              y keeps mine · t takes theirs · Esc back to your edit · ←→ Enter choose",
            ], name)
            XCTAssertEqual(try other.pin(id: 1)?.description, "their important notes", "\(name): refused again")
            r.press(.char("y"))
            let pin = try XCTUnwrap(try other.pin(id: 1), name)
            XCTAssertEqual([pin.title, pin.description, pin.category], ["전쟁기념관", "my description", "war museum"], name)
            XCTAssertEqual([pin.latitude, pin.longitude], [37.6, 126.9772], name)
            XCTAssertEqual(pin.version, 4, name)
        }
    }

    func testADeleteOfAPinChangedElsewhereIsRefusedAndUndoOfADeleteKeepsTheId() throws {
        for (name, store, uri, other) in try stores() {
            let r = try UIFixtures.liveRunner(over: store, uri: uri)
            defer { r.stopLive() }
            r.selectListed("전쟁기념관")
            r.press(.char("d"))
            try other.update(id: 1, title: "전쟁기념관 (renamed)")
            r.press(.char("y"))
            XCTAssertEqual(try other.pin(id: 1)?.title, "전쟁기념관 (renamed)", "\(name): not deleted")
            guard case .notice(let title, let message, _, _)? = r.state.feedback.modal?.content else { XCTFail("\(name): no notice"); continue }
            XCTAssertEqual([title, message], ["Pin not deleted", "“전쟁기념관 (renamed)” changed elsewhere since you opened it: not deleted"], name)
            r.press(.escape)

            let before = try XCTUnwrap(try other.pin(id: 5), name)
            r.show(.world)
            r.waitUntilIdle(timeout: 10)
            r.selectListed("Busan Tower")
            r.press(.char("d"), .char("y"))
            XCTAssertNil(try other.pin(id: 5), name)
            r.press(.char("u"))
            XCTAssertEqual(try other.pin(id: 5), before, "\(name): the same id, version and fields")
        }
    }
}
