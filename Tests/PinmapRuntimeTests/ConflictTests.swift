import XCTest
import Frame
import PinModel
import PinModelTesting
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// No edit silently lost: a pin someone else changed after this user opened it is not
/// overwritten. Changes to different fields are merged and saved; a field both changed
/// differently is shown both ways in the pop-up, which lets them keep theirs or take the other.
final class ConflictTests: XCTestCase {
    /// Opens pin 1 (전쟁기념관) in the edit form, changes its title, then another process
    /// changes its title and category (version 2) before the save.
    private func conflictingSave() throws -> AppRunner {
        let r = try UIFixtures.runner()
        r.selectListed("전쟁기념관")
        r.char("e")
        r.key(.ctrl("u")); r.type("My title")
        try r.store.update(id: 1, title: "Their title", category: "their category")  // elsewhere, meanwhile
        r.key(.ctrl("s"))
        return r
    }

    /// They changed the category, I the title: no one need choose. Saved at once, both
    /// changes in the store, and the notice says theirs was kept.
    func testChangesToDifferentFieldsAreMergedWithoutAsking() throws {
        let r = try UIFixtures.runner()
        r.selectListed("전쟁기념관")
        r.char("e")
        r.key(.ctrl("u")); r.type("My title")
        try r.store.update(id: 1, category: "their category")  // elsewhere, meanwhile
        r.key(.ctrl("s"))
        XCTAssertNil(r.state.feedback.modal, "no pop-up")
        let pin = try XCTUnwrap(try r.store.pin(id: 1))
        XCTAssertEqual([pin.title, pin.category], ["My title", "their category"])
        XCTAssertEqual(pin.version, 3)
        XCTAssertEqual([r.state.feedback.toast?.title, r.state.feedback.toast?.message],
                       ["Pin updated", "Updated “My title”; kept 1 change made elsewhere (category)"])
    }

    func testASaveOverAnotherEditShowsTheFieldBothChangedAndWritesNothing() throws {
        let r = try conflictingSave()
        guard case .confirm(let popup)? = r.state.feedback.modal?.content, case .keepMine = popup.action else {
            return XCTFail("no conflict pop-up: \(String(describing: r.state.feedback.modal?.content))")
        }
        let f = r.frame()
        XCTAssertEqual((22..<30).map { f.line($0).trimmingCharacters(in: .whitespaces) }, [
            Expect.grabberRow(width: 100).trimmingCharacters(in: .whitespaces), "“Their title” changed elsewhere since you opened it",
            "theirs                                    yours",
            "title         Their title                               My title",
            "merged without conflict: category (theirs)",
            "", "[ Keep mine ]   [ Take theirs ]", "y keeps mine · t takes theirs · Esc back to your edit · ←→ Enter choose",
        ].map { $0 }, f.text())
        XCTAssertEqual(try r.store.pin(id: 1)?.title, "Their title", "nothing written yet")
    }

    /// Back in the form (Esc), the cursor is where the user was typing when they saved, so
    /// what they type next does not land in the title.
    func testEscBackToTheFormPutsTheCursorWhereTheSaveLeftIt() throws {
        let r = try UIFixtures.runner()
        r.selectListed("전쟁기념관")
        r.char("e")
        r.key(.tab); r.type(" (mine)")
        try r.store.update(id: 1, description: "their description")  // elsewhere, meanwhile
        r.key(.ctrl("s"))
        r.key(.escape)
        guard case .form(let form)? = r.state.feedback.modal?.content else { return XCTFail("no form: \(r.text)") }
        XCTAssertEqual(form.focused, .description)
        r.type("!")
        guard case .form(let typed)? = r.state.feedback.modal?.content else { return XCTFail("no form: \(r.text)") }
        XCTAssertEqual([typed[.title].text, typed[.description].text], ["전쟁기념관", form[.description].text + "!"])
    }

    func testTakeTheirsKeepsTheOtherVersion() throws {
        let r = try conflictingSave()
        r.key(.enter)  // Take theirs is chosen at first: a stray Enter overwrites nothing
        XCTAssertNil(r.state.feedback.modal)
        XCTAssertEqual(r.state.feedback.message, "Kept the other version: nothing written")
        let pin = try XCTUnwrap(try r.store.pin(id: 1))
        XCTAssertEqual([pin.title, pin.category], ["Their title", "their category"])
    }

    /// The tester's case: I change the description and the category, they the description.
    /// The pop-up (headed by the title stored, not one typed) asks about the description only
    /// and lists my category as merged; `t` takes their description and still writes my
    /// category, at their version, and says so.
    func testTakeTheirsStillWritesTheFieldsOnlyIChanged() throws {
        let r = try UIFixtures.runner()
        r.selectListed("전쟁기념관")
        r.char("e")
        r.key(.ctrl("u")); r.type("Title by B")
        r.key(.tab); r.key(.ctrl("u")); r.type("A desc T")
        r.key(.tab); r.key(.ctrl("u")); r.type("my category")
        try r.store.update(id: 1, title: "Title by A", description: "CLI desc T")  // elsewhere, meanwhile
        r.key(.ctrl("s"))
        let f = r.frame()
        XCTAssertEqual((21..<30).map { f.line($0).trimmingCharacters(in: .whitespaces) }, [
            Expect.grabberRow(width: 100).trimmingCharacters(in: .whitespaces), "“Title by A” changed elsewhere since you opened it",
            "theirs                                    yours",
            "title         Title by A                                Title by B",
            "description   CLI desc T                                A desc T",
            "merged without conflict: category (yours)",
            "", "[ Keep mine ]   [ Take theirs ]", "y keeps mine · t takes theirs · Esc back to your edit · ←→ Enter choose",
        ], f.text())
        r.char("t")
        XCTAssertEqual(r.state.feedback.message, "Took theirs in title, description; writing yours in category")
        let pin = try XCTUnwrap(try r.store.pin(id: 1))
        XCTAssertEqual([pin.title, pin.description, pin.category], ["Title by A", "CLI desc T", "my category"])
        XCTAssertEqual(pin.version, 3)
        XCTAssertEqual([r.state.feedback.toast?.title, r.state.feedback.toast?.message],
                       ["Pin updated", "Updated “Title by A”; kept 2 changes made elsewhere (title, description)"])
    }

    /// ←/→ move in their direction and stop at the ends: Take theirs is the right button and
    /// chosen at first, so "→ Enter" still takes theirs (a wrap chose Keep mine and overwrote).
    func testArrowsStopAtTheEndsAndRightIsTakeTheirs() throws {
        let r = try conflictingSave()
        r.key(.right)
        r.key(.enter)
        XCTAssertNil(r.state.feedback.modal)
        XCTAssertEqual(r.state.feedback.message, "Kept the other version: nothing written")
        XCTAssertEqual(try r.store.pin(id: 1)?.title, "Their title", "nothing written")
    }

    func testLeftReachesKeepMineAndStopsThere() throws {
        let r = try conflictingSave()
        r.key(.left); r.key(.left)  // a second ← stays on the left button
        r.key(.enter)
        XCTAssertEqual(try r.store.pin(id: 1)?.title, "My title")
        let again = try conflictingSave()
        again.key(.left); again.key(.right); again.key(.right)
        again.key(.enter)
        XCTAssertEqual(again.state.feedback.message, "Kept the other version: nothing written")
        XCTAssertEqual(try again.store.pin(id: 1)?.title, "Their title")
    }

    /// Keep mine: my title, which both changed, and their category, which only they did.
    func testKeepMineWritesMineWhereBothChangedAndKeepsTheirOtherChange() throws {
        let r = try conflictingSave()
        r.char("y")
        let pin = try XCTUnwrap(try r.store.pin(id: 1))
        XCTAssertEqual([pin.title, pin.category], ["My title", "their category"])
        XCTAssertEqual(pin.version, 3)
        XCTAssertEqual([r.state.feedback.toast?.title, r.state.feedback.toast?.message],
                       ["Pin updated", "Updated “My title”; kept 1 change made elsewhere (category)"])
    }

    func testADeleteOfAPinChangedSinceIsRefused() throws {
        let r = try UIFixtures.runner()
        r.selectListed("전쟁기념관")
        r.char("d")
        try r.store.update(id: 1, title: "전쟁기념관 (renamed)")
        r.char("y")
        XCTAssertEqual(try r.store.pin(id: 1)?.title, "전쟁기념관 (renamed)", "not deleted")
        guard case .notice(let title, let message, let success, _)? = r.state.feedback.modal?.content else { return XCTFail("no notice") }
        XCTAssertEqual([title, message], ["Pin not deleted", "“전쟁기념관 (renamed)” changed elsewhere since you opened it: not deleted"])
        XCTAssertFalse(success)
    }

    func testChangesElsewhereAreSaidBriefly() {
        XCTAssertEqual(AppState.changedElsewhereText(StoreChange(added: 3)), "3 pins added elsewhere")
        XCTAssertEqual(AppState.changedElsewhereText(StoreChange(added: 1, edited: 2, deleted: 1)),
                       "1 pin added, 2 pins edited, 1 pin deleted elsewhere")
        XCTAssertEqual(AppState.changedElsewhereText(StoreChange(counted: false)), "Pins changed elsewhere")
        let korean = Strings.language
        Strings.language = .korean
        defer { Strings.language = korean }
        XCTAssertEqual(AppState.changedElsewhereText(StoreChange(added: 3)), "다른 곳에서 핀 3개 추가")
    }

    func testAChangeElsewhereReloadsTheViewAndSaysSo() throws {
        let store = InMemoryPinRepository(pins: UIFixtures.seoulPins)
        let r = try UIFixtures.runner(over: store)
        XCTAssertEqual(r.state.list.count, 5)
        try store.insert(NewPin(title: "From elsewhere", latitude: 37.5, longitude: 127))
        r.handle(.store(.changedElsewhere(StoreChange(added: 1))), now: 1)
        XCTAssertEqual(r.state.list.count, 6)
        XCTAssertEqual(r.state.feedback.message, "1 pin added elsewhere")
        r.handle(.store(.unreachable(StoreError("lost"))), now: 2)
        XCTAssertEqual(r.state.feedback.message, "⚠ reconnecting…")
        XCTAssertEqual(r.state.list.count, 6, "the last view stays")
        r.handle(.store(.changedElsewhere(StoreChange(counted: false))), now: 3)
        XCTAssertEqual(r.state.feedback.message, "Reconnected to the store")
    }

    /// One pin edited or deleted elsewhere is named by the title the list showed it with; a
    /// pin the list does not show, or several, are counted; a long title is cut to a third of
    /// the line.
    func testAChangeElsewhereNamesTheOnePinItEditedOrDeleted() throws {
        let store = InMemoryPinRepository(pins: UIFixtures.seoulPins + [
            NewPin(title: "A very long title of a café that goes on and on and on", category: "cafe",
                   latitude: 37.55, longitude: 126.99, createdAt: "2023-01-01T00:00:00Z")])
        let r = try UIFixtures.runner(over: store)
        func id(_ title: String) throws -> Int64 { try XCTUnwrap(r.state.list.pins.first { $0.title == title }?.id) }
        var edit = StoreChange()
        edit.noteEdit(of: try id("Garosu-gil coffee"))
        r.handle(.store(.changedElsewhere(edit)), now: 10)
        XCTAssertEqual(r.state.feedback.message, "“Garosu-gil coffee” edited elsewhere")
        r.handle(.store(.changedElsewhere(StoreChange(deleted: 1, pinIDs: [try id("전쟁기념관")]))), now: 20)
        XCTAssertEqual(r.state.feedback.message, "“전쟁기념관” deleted elsewhere")
        // Another pin edited soon after: two pins, counted.
        var other = StoreChange()
        other.noteEdit(of: try id("Hongdae, busking street"))
        r.handle(.store(.changedElsewhere(other)), now: 21)
        XCTAssertEqual(r.state.feedback.message, "1 pin edited, 1 pin deleted elsewhere")
        var unknown = StoreChange()
        unknown.noteEdit(of: 999)
        r.handle(.store(.changedElsewhere(unknown)), now: 40)
        XCTAssertEqual(r.state.feedback.message, "1 pin edited elsewhere")
        var long = StoreChange()
        long.noteEdit(of: try id("A very long title of a café that goes on and on and on"))
        r.handle(.store(.changedElsewhere(long)), now: 50)
        XCTAssertEqual(r.state.feedback.message, "“A very long title of a café that…” edited elsewhere", "33 columns of 100")
        let korean = Strings.language
        Strings.language = .korean
        defer { Strings.language = korean }
        XCTAssertEqual(AppState.changedElsewhereText(edit) { _ in "전쟁기념관" }, "다른 곳에서 “전쟁기념관” 수정")
        XCTAssertEqual(AppState.changedElsewhereText(StoreChange(deleted: 1, pinIDs: [4])) { _ in "전쟁기념관" }, "다른 곳에서 “전쟁기념관” 삭제")
    }

    func testQuickChangesElsewhereAreToldTogether() throws {
        let r = try UIFixtures.runner(over: InMemoryPinRepository(pins: UIFixtures.seoulPins))
        r.handle(.store(.changedElsewhere(StoreChange(added: 1))), now: 10)
        r.handle(.store(.changedElsewhere(StoreChange(added: 1))), now: 10.4)
        XCTAssertEqual(r.state.feedback.message, "2 pins added elsewhere")
        r.handle(.store(.changedElsewhere(StoreChange(deleted: 1))), now: 12)
        XCTAssertEqual(r.state.feedback.message, "2 pins added, 1 pin deleted elsewhere")
        // One pin edited three times is one pin edited.
        var edit = StoreChange()
        edit.noteEdit(of: 7)
        r.handle(.store(.changedElsewhere(edit)), now: 13)
        r.handle(.store(.changedElsewhere(edit)), now: 14)
        edit.noteEdit(of: 7)
        XCTAssertEqual(edit.edited, 1)
        r.handle(.store(.changedElsewhere(edit)), now: 15)
        XCTAssertEqual(r.state.feedback.message, "2 pins added, 1 pin edited, 1 pin deleted elsewhere")
        // Long after the last one, a change is told alone.
        r.handle(.store(.changedElsewhere(StoreChange(added: 1))), now: 30)
        XCTAssertEqual(r.state.feedback.message, "1 pin added elsewhere")
        // A message of the user's own in between: the next change is told alone too.
        r.char("F", at: 31)
        XCTAssertEqual(r.state.feedback.message, "Map fitted to the pins' bounding box")
        r.handle(.store(.changedElsewhere(StoreChange(added: 1))), now: 32)
        XCTAssertEqual(r.state.feedback.message, "1 pin added elsewhere")
    }
}
