import XCTest
import Frame
import PinModel
import PinModelTesting
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

final class PinFormTests: XCTestCase {
    /// Right-click at (50, 5) on the world map (zoom 1, 100 × 28 pane, centre
    /// 20°N 0°): 3.6° per column, 7.2° per row, so the cell's centre is
    /// 20 + 8.5 × 7.2 = 81.2°N and 0.5 × 3.6 = 1.8°E.
    func testRightClickOpensTheAddFormAtThatPoint() throws {
        let r = try UIFixtures.runner()
        r.mouse(.press, .right, col: 50, row: 5)
        guard case .form(let form)? = r.state.feedback.modal?.content else { return XCTFail("no form") }
        XCTAssertEqual(form.mode, .add)
        XCTAssertEqual(form[.latitude].text, "81.2")
        XCTAssertEqual(form[.longitude].text, "1.8")
        let f = r.frame()
        // Card: 12 rows at the bottom, one more so its grabber covers the medium sheet's
        // (rows 17…29, no second bar stacked under the sheet's); the map behind is dimmed.
        let expected = [
            Expect.grabberRow(width: 100),
            "  Add a pin",
            "",
            "▸ Title*",
            "  Description",
            "  Category",
            "  Latitude     81.2",
            "  Longitude    1.8",
            "",
            "",
            "  Tab/↑↓ move · Enter on the last field or Ctrl-S saves · Esc cancels",
            "",
            "",
        ]
        XCTAssertEqual((17..<30).map { f.line($0) }, expected, f.text())
        XCTAssertTrue(f[0, 0].style.dim, "backdrop dimmed")
        XCTAssertFalse(f[20, 19].style.dim, "the card is not")
        // The focused field's cursor is shown reversed at the box's first cell.
        XCTAssertTrue(f[FormView.labelWidth + 1, 20].style.reverse)
        XCTAssertTrue(f[FormView.labelWidth + 1, 23].style.underline, "fields are underlined boxes")
    }

    func testAKeyUsesTheCentreOfTheVisibleMap() throws {
        let r = try UIFixtures.runner()
        let expected = r.state.visibleMapCentre
        r.char("a")
        guard case .form(let form)? = r.state.feedback.modal?.content else { return XCTFail("no form") }
        // Medium sheet: 11 of 28 rows covered, so the visible centre is row
        // 8.5, 5.5 rows above the pane's centre: 20 + 5.5 × 7.2 = 59.6°N.
        XCTAssertEqual(expected.latitude, 59.6, accuracy: 1e-9)
        XCTAssertEqual(form[.latitude].text, "59.6")
        XCTAssertEqual(form[.longitude].text, "0")
    }

    func testBlankTitleIsRefusedWithAMessageInTheForm() throws {
        let r = try UIFixtures.runner()
        r.char("a")
        r.type("   ")
        r.key(.ctrl("s"))
        guard case .form(let form)? = r.state.feedback.modal?.content else { return XCTFail("the form must stay") }
        XCTAssertEqual(form.error, "A pin needs a title")
        XCTAssertEqual(r.line(26), "  ⚠ A pin needs a title")
        XCTAssertEqual(try r.store.count(), 5, "nothing stored")
        // Enter on the last field is a save too, refused the same way.
        r.key(.up); r.key(.enter)
        XCTAssertEqual(r.line(26), "  ⚠ A pin needs a title")
        XCTAssertEqual(r.line(20), "▸ Title*", "focus returns to the title")
    }

    func testCoordinatesAreValidatedLikeTheImporter() throws {
        let cases: [(String, String, String)] = [
            ("NaN", "126.9", "latitude 'NaN' is not a finite number"),
            ("0x1A", "126.9", "latitude '0x1A' is not a decimal number (hexadecimal)"),
            ("95", "126.9", "latitude 95 outside [-90, 90]"),
            ("37.5", "inf", "longitude 'inf' is not a finite number"),
            ("37.5", "181", "longitude 181 outside [-180, 180]"),
            ("37,55,1", "126.9", "latitude '37,55,1' is not a valid number (two decimal separators)"),
        ]
        for (lat, lon, reason) in cases {
            var form = PinForm(adding: .init(latitude: 0, longitude: 0))
            form[.title] = TextField("Somewhere")
            form[.latitude] = TextField(lat)
            form[.longitude] = TextField(lon)
            XCTAssertEqual(form.handle(key: .ctrl("s")), .editing, lat + " " + lon)
            XCTAssertEqual(form.error, reason)
        }
        // Degrees-minutes-seconds are accepted, as in the importer.
        var form = PinForm(adding: .init(latitude: 0, longitude: 0))
        form[.title] = TextField("DMS")
        form[.latitude] = TextField("37°32′11.4″N")
        form[.longitude] = TextField("126.9772")
        guard case .save(let pin) = form.handle(key: .ctrl("s")) else { return XCTFail("DMS refused: \(form.error ?? "")") }
        XCTAssertEqual(pin.latitude, 37.5365, accuracy: 1e-9)
    }

    func testAddShowsANoticeAndTheNewPinIsListed() throws {
        let r = try UIFixtures.runner()
        r.char("a")
        r.type("남산 quiet 카페")  // q is text in a field, never quit
        r.key(.tab); r.type("뷰가 좋다")
        r.key(.tab); r.type("cafe")
        r.key(.enter); r.key(.enter)  // Enter moves on: latitude, longitude
        XCTAssertEqual(r.line(24), "▸ Longitude    0")
        r.key(.enter)  // on the last field it saves
        XCTAssertFalse(r.state.quit)
        // A routine success: a toast at the top right, over neither the list nor the status line.
        r.handle(.tick, now: 1)
        XCTAssertNil(r.state.feedback.modal)
        let toast = try XCTUnwrap(r.state.feedback.toast, r.text)
        XCTAssertEqual(toast.title, "Pin added")
        XCTAssertEqual(toast.message, "Added “남산 quiet 카페”")
        XCTAssertTrue(r.line(0).hasSuffix(" ✓ Added “남산 quiet 카페”"), "says it once: \(r.line(0))")
        XCTAssertEqual(try r.store.count(), 6)
        let added = try XCTUnwrap(r.state.list.pins.first { $0.title == "남산 quiet 카페" })
        XCTAssertEqual(added.description, "뷰가 좋다")
        XCTAssertEqual(added.category, "cafe")
        XCTAssertEqual(added.latitude, 59.6, accuracy: 1e-9)
        XCTAssertEqual(r.state.list.selectedID, added.id)
        r.char("x")  // the toast takes no keys: x does what x does (nothing on the map)
        XCTAssertNotNil(r.state.feedback.toast)
        XCTAssertTrue(r.text.contains("◉ 남산 quiet 카페"), r.text)
    }

    /// Esc on a form with typed text asks first (nothing is thrown away on one key); a
    /// second Esc discards, storing nothing. Any other key takes the question back; an
    /// untouched form closes on the first Esc.
    func testEscOnATypedFormAsksThenASecondDiscardsWithoutStoring() throws {
        let r = try UIFixtures.runner()
        r.char("a"); r.type("Nope")
        r.key(.escape)
        let f = r.frame()
        XCTAssertEqual((17..<30).map { f.line($0) }, [
            Expect.grabberRow(width: 100),
            "  Add a pin",
            "",
            "▸ Title*       Nope",
            "  Description",
            "  Category",
            "  Latitude     59.6",
            "  Longitude    0",
            "",
            "  ⚠ Esc again throws away what you typed · Ctrl-S saves it",
            "  Tab/↑↓ move · Enter on the last field or Ctrl-S saves · Esc cancels",
            "",
            "",
        ], f.text())
        r.type("!")
        guard case .form(let form)? = r.state.feedback.modal?.content else { return XCTFail("no form") }
        XCTAssertEqual(form[.title].text, "Nope!")
        XCTAssertNil(form.error, "a key takes the question back")
        r.key(.escape)
        r.key(.escape)
        r.handle(.tick, now: 1)
        XCTAssertNil(r.state.feedback.modal)
        XCTAssertEqual(try r.store.count(), 5)
        r.char("a")
        r.key(.escape)
        XCTAssertNil(r.state.feedback.modal, "an untouched form closes at once")
    }

    /// A drag of a form's grabber down closes it as Esc does: asking first when it holds what
    /// was typed (the card goes back up), at once when it does not.
    func testADragDownAsksBeforeDiscardingATypedForm() throws {
        let ask = "  ⚠ Esc again throws away what you typed · Ctrl-S saves it"
        let r = try UIFixtures.runner()
        r.char("a")
        r.mouse(.press, .left, col: 50, row: 17)
        r.mouse(.drag, .left, col: 50, row: 29)
        r.mouse(.release, .left, col: 50, row: 29)
        r.handle(.tick, now: 1)
        XCTAssertNil(r.state.feedback.modal, "an untouched form is dragged away")
        r.char("a"); r.type("Nope")
        r.mouse(.press, .left, col: 50, row: 17)
        r.mouse(.drag, .left, col: 50, row: 29)
        r.mouse(.release, .left, col: 50, row: 29)
        guard case .form(let form)? = r.state.feedback.modal?.content else { return XCTFail("the form was dragged away") }
        XCTAssertEqual(form[.title].text, "Nope")
        XCTAssertEqual(r.frame().line(26), ask)
        r.key(.escape)
        r.handle(.tick, now: 2)
        XCTAssertNil(r.state.feedback.modal)
        XCTAssertEqual(try r.store.count(), 5)
    }

    func testEditIsPrefilledAndSavesBackToTheSamePin() throws {
        let r = try UIFixtures.runner()
        r.selectListed("전쟁기념관")
        r.char("e")
        guard case .form(let form)? = r.state.feedback.modal?.content else { return XCTFail("no form") }
        XCTAssertEqual(form.mode, .edit(id: 1))
        XCTAssertEqual(form.fields.map(\.text), ["전쟁기념관", "야외 전시 비행기 구경", "museum", "37.5365", "126.9772"])
        XCTAssertEqual(r.line(18), "  Edit pin")
        XCTAssertEqual(r.line(20), "▸ Title*       전쟁기념관")
        r.key(.backspace); r.type(" 박물관")  // 전쟁기념 박물관
        r.key(.down); r.key(.down); r.key(.ctrl("u")); r.type("war memorial")
        r.key(.ctrl("s"))
        let toast = try XCTUnwrap(r.state.feedback.toast, "a routine success is a toast")
        XCTAssertEqual(toast.title, "Pin updated")
        XCTAssertEqual(toast.message, "Updated “전쟁기념 박물관”")
        let pin = try XCTUnwrap(try r.store.pin(id: 1))
        XCTAssertEqual(pin.title, "전쟁기념 박물관")
        XCTAssertEqual(pin.category, "war memorial")
        XCTAssertEqual(pin.description, "야외 전시 비행기 구경")
        XCTAssertEqual(pin.latitude, 37.5365, "unchanged coordinates round-trip exactly")
        XCTAssertEqual(pin.longitude, 126.9772)
        XCTAssertEqual(try r.store.count(), 5)
    }

    func testEditOrDeleteWithoutASelectionSaysWhy() throws {
        let r = try UIFixtures.runner()
        // With the map focused nothing is selected by itself (with the list, its first row is).
        r.char("m")
        r.char("e")
        XCTAssertNil(r.state.feedback.modal)
        XCTAssertEqual(r.state.feedback.message, "Select a pin first (j/k in the list, or click one)")
        r.char("d")
        XCTAssertNil(r.state.feedback.modal)
    }

    func testEscapeSequencesInATitleShowAsPlaceholdersInTheForm() throws {
        let evil = NewPin(title: "Evil\u{1B}[2J\u{07}Title", description: "line1\nline2\u{1B}]0;pwned\u{07}",
                          category: "x", latitude: 37.5, longitude: 127.0, createdAt: "2023-01-01T00:00:00Z")
        let r = try UIFixtures.runner(pins: [evil])
        r.selectListed(evil.title)
        r.char("e")
        XCTAssertEqual(r.line(20), "▸ Title*       Evil␛[2J␇Title")
        XCTAssertEqual(r.line(21), "  Description  line1␊line2␛]0;pwned␇")
        XCTAssertFalse(r.frame().cells.contains { $0.text.unicodeScalars.contains { SafeText.isUnsafe($0) } },
                       "no control character reaches a cell")
        // Typing never inserts control characters.
        r.key(.char("\u{1B}"))
        guard case .form(let form)? = r.state.feedback.modal?.content else { return XCTFail("no form") }
        XCTAssertEqual(form[.title].text, evil.title)
    }

    /// Ctrl-W deletes the word before the cursor (and the spaces after it), Ctrl-K the rest of
    /// the line, as readline does; both did nothing. In the search field Ctrl-W re-searches.
    func testCtrlWAndCtrlKEditAsReadlineDoes() throws {
        var f = TextField("서울 종로  tower")
        f.handle(.ctrl("w"))
        XCTAssertEqual(f.text, "서울 종로  ")
        f.handle(.ctrl("w"))
        XCTAssertEqual(f.text, "서울 ")
        f.handle(.home); f.handle(.right)
        f.handle(.ctrl("k"))
        XCTAssertEqual(f.text, "서")
        XCTAssertEqual(f.cursor, 1)
        f.handle(.home)
        f.handle(.ctrl("w"))
        XCTAssertEqual(f.text, "서", "nothing before the cursor")
        let r = try UIFixtures.runner()
        r.char("/"); r.type("seoul tower")
        r.key(.ctrl("w"))
        XCTAssertEqual(r.state.search.field?.text, "seoul ")
        XCTAssertEqual(r.state.search.text, "seoul")
    }

    func testTextFieldEditsByGraphemeAndScrollsToTheCursor() {
        var f = TextField("전쟁")
        f.handle(.left)
        f.handle(.char("x"))
        XCTAssertEqual(f.text, "전x쟁")
        f.handle(.backspace)
        f.handle(.delete)
        XCTAssertEqual(f.text, "전")
        f = TextField("abcdefghij")
        let shown = f.display(width: 5, ascii: false)
        XCTAssertEqual(shown.text, "ghij", "scrolled so the cursor (after j) fits")
        XCTAssertEqual(shown.cursorCol, 4)
        f = TextField("가나다라")  // 8 cells
        let wide = f.display(width: 5, ascii: false)
        XCTAssertEqual(wide.text, "다라")
        XCTAssertEqual(wide.cursorCol, 4)
    }
}
