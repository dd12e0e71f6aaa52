import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// The "changed elsewhere" pop-up, from the pure core: only the fields both changed, both
/// versions side by side (a description written elsewhere is seen before "keep mine" writes
/// over it), one line naming the fields merged; no pop-up when no field was changed by both
/// differently (the merge is saved at once); Esc back to the edit with what was typed, a save
/// from there compared again; `y` and `t` decide.
final class ConflictPopupTests: XCTestCase {
    /// Gimpo airport as the user opened it (version 1).
    private let opened = Pin(id: 7, title: "Gimpo International Airport", description: "", category: "airport",
                             latitude: 37.558311, longitude: 126.794694, createdAt: "2025-03-01T09:00:00+09:00",
                             updatedAt: "2025-03-01T09:00:00+09:00", properties: #"{"icao":"RKSS"}"#, version: 1)

    /// The tester's case: the user typed a description; elsewhere, meanwhile, another
    /// description and a new latitude (version 2).
    private func conflict(cols: Int, rows: Int, language: Language = .english,
                          theirs change: (inout Pin) -> Void = { $0.description = "their important notes"; $0.latitude = 37.6 },
                          mine edit: (inout NewPin) -> Void = { $0.description = "my description" }) -> AppState {
        var s = AppState(cols: cols, rows: rows, color: false, reducedMotion: true, environment: AppEnvironment(language: language))
        s.receiveView(total: 1, inView: 1, listed: [opened])
        var mine = base
        edit(&mine)
        var theirs = opened
        change(&theirs)
        theirs.version = 2
        s.feed(.pins(.written(.updateConflict(PinEdit(id: 7, pin: mine, ifVersion: 1, base: base), theirs: theirs))))
        return s
    }

    /// The pin's fields as the form opened them: the merge's base.
    private var base: NewPin {
        NewPin(title: opened.title, description: opened.description, category: opened.category,
               latitude: opened.latitude, longitude: opened.longitude, createdAt: opened.createdAt,
               properties: opened.properties)
    }

    private func card(_ s: AppState, rows: Int) -> [String] {
        let f = s.render()
        return ((s.layout.rows - rows)..<s.layout.rows).map { f.line($0) }
    }

    /// The tester's case: both wrote a description, differently (a conflict), and only they
    /// moved the pin: only the descriptions are side by side; one line names the merged field.
    func testOnlyTheFieldsBothChangedAreShownAt80x24() {
        let s = conflict(cols: 80, rows: 24)
        XCTAssertEqual(card(s, rows: 8), [
            "─────────────────────────────────── ━━━━━━━━ ───────────────────────────────────",
            "      “Gimpo International Airport” changed elsewhere since you opened it",
            "                theirs                          yours",
            "  description   their important notes           my description",
            "  merged without conflict: coordinates (theirs)",
            "",
            "                        [ Keep mine ]   [ Take theirs ]",
            "    y keeps mine · t takes theirs · Esc back to your edit · ←→ Enter choose",
        ], s.render().text())
    }

    /// Both changed title, description and category, in Korean at 100×30: the names line up,
    /// the long values are cut where they part; their position, changed on their side only, is
    /// named on the merged line (their created date and properties, not in the form, stay unasked).
    func testTheConflictsInKoreanAt100x30() {
        let s = conflict(cols: 100, rows: 30, language: .korean, theirs: {
            $0.title = "김포국제공항 국내선 청사"
            $0.description = "다른 곳에서 적은 아주 중요한 메모: 주차장은 국내선 청사 앞, 셔틀은 10분마다"
            $0.category = "공항"
            $0.longitude = 126.8
            $0.createdAt = "2024-01-02T03:04:05+09:00"
            $0.properties = #"{"icao":"RKSS","iata":"GMP"}"#
        }, mine: {
            $0.title = "김포공항"
            $0.description = "다른 곳에서 적은 아주 중요한 메모: 주차장은 국제선 청사 앞"
            $0.category = ""
        })
        XCTAssertEqual(card(s, rows: 10), [
            "───────────────────────────────────────────── ━━━━━━━━ ─────────────────────────────────────────────",
            "                 “김포국제공항 국내선 청사”이(가) 연 뒤에 다른 곳에서 바뀌었습니다",
            "         다른 쪽                                      내 것",
            "  제목   김포국제공항 국내선 청사                     김포공항",
            "  설명   …메모: 주차장은 국내선 청사 앞, 셔틀은 10…   …메모: 주차장은 국제선 청사 앞",
            "  분류   공항                                         (비어 있음)",
            "  충돌 없이 합친 칸: 좌표(다른 쪽)",
            "",
            "                                 [ 내 것 유지 ]   [ 다른 쪽 받기 ]",
            "              y 내 것 유지 · t 다른 쪽 받기 · Esc 수정으로 돌아가기 · ←→ Enter 고르기",
        ], s.render().text())
    }

    /// The writes a refused edit leads to at once: `mine` (the base edited by `edit`) against
    /// the opened pin changed by `change` (version 2).
    private func writesAfterConflict(_ s: inout AppState, theirs change: (inout Pin) -> Void,
                                     mine edit: (inout NewPin) -> Void) -> [Effect] {
        var mine = base
        edit(&mine)
        var theirs = opened
        change(&theirs)
        theirs.version = 2
        return pinWrites(s.update(.pins(.written(.updateConflict(PinEdit(id: 7, pin: mine, ifVersion: 1, base: base),
                                                                theirs: theirs))), now: 0))
    }

    /// They changed the title, I the description: no one need choose. No pop-up; the merge is
    /// written at once at their version (their title, my description), against their fields;
    /// the notice says their change was kept, by name, in English and in Korean.
    func testChangesToDifferentFieldsAreSavedAtOnceAndTheNoticeNamesTheirs() {
        for (language, notice) in [(Language.english, "Updated “Gimpo”; kept 1 change made elsewhere (title)"),
                                   (.korean, "“Gimpo” 수정함 · 다른 곳에서 바뀐 칸 1개도 유지 (제목)")] {
            var s = AppState(cols: 80, rows: 24, color: false, reducedMotion: true, environment: AppEnvironment(language: language))
            s.receiveView(total: 1, inView: 1, listed: [opened])
            let writes = writesAfterConflict(&s, theirs: { $0.title = "Gimpo" }, mine: { $0.description = "my description" })
            var merged = myEdit
            merged.title = "Gimpo"
            var theirs = base
            theirs.title = "Gimpo"
            let edit = PinEdit(id: 7, pin: merged, ifVersion: 2, base: theirs, keptTheirs: [.title])
            XCTAssertEqual(writes, [.updatePin(edit)], "\(language)")
            XCTAssertNil(s.feedback.modal, "\(language): no pop-up")
            s.feed(.pins(.written(.updated(edit))), now: 1)
            XCTAssertEqual(s.feedback.toast?.message, notice)
        }
    }

    /// A write elsewhere of the same values (only the version moved on): mine is saved at once,
    /// at their version, and the notice is the plain one (nothing of theirs was kept).
    func testOnlyTheVersionMovedSavesAtOnce() {
        var s = AppState(cols: 80, rows: 24, color: false, reducedMotion: true, environment: AppEnvironment(language: .english))
        s.receiveView(total: 1, inView: 1, listed: [opened])
        let writes = writesAfterConflict(&s, theirs: { _ in }, mine: { $0.description = "my description" })
        let edit = PinEdit(id: 7, pin: myEdit, ifVersion: 2, base: base)
        XCTAssertEqual(writes, [.updatePin(edit)])
        XCTAssertNil(s.feedback.modal)
        s.feed(.pins(.written(.updated(edit))), now: 1)
        XCTAssertEqual(s.feedback.toast?.message, "Updated “Gimpo International Airport”")
    }

    /// At 80×24 in Korean, both titles and descriptions differ: the card fits, the keys stay
    /// whole, and the merged line names their category and my position.
    func testTheConflictsInKoreanAt80x24() {
        let s = conflict(cols: 80, rows: 24, language: .korean, theirs: {
            $0.title = "Gimpo Airport (domestic terminal), seen from the parking garage"
            $0.description = "their important notes"
            $0.category = "transport"
            $0.createdAt = "2024-01-02T03:04:05+09:00"
            $0.properties = #"{"icao":"RKSS","iata":"GMP"}"#
        }, mine: {
            $0.title = "Gimpo Airport (international terminal), seen from the parking garage"
            $0.description = "my description"
            $0.latitude = 37.5
        })
        XCTAssertEqual(card(s, rows: 9), [
            "─────────────────────────────────── ━━━━━━━━ ───────────────────────────────────",
            "  “Gimpo Airport (domestic terminal),…”이(가) 연 뒤에 다른 곳에서 바뀌었습니다",
            "         다른 쪽                            내 것",
            "  제목   Gimpo Airport (domestic terminal…  Gimpo Airport (international ter…",
            "  설명   their important notes              my description",
            "  충돌 없이 합친 칸: 분류(다른 쪽), 좌표(내 것)",
            "",
            "                       [ 내 것 유지 ]   [ 다른 쪽 받기 ]",
            "    y 내 것 유지 · t 다른 쪽 받기 · Esc 수정으로 돌아가기 · ←→ Enter 고르기",
        ], s.render().text())
        // `t`: theirs in the title and description (the conflicts) and the category (theirs
        // alone), my position (mine alone, listed as merged): written at their version.
        var t = s
        var written = base
        written.title = "Gimpo Airport (domestic terminal), seen from the parking garage"
        written.description = "their important notes"; written.category = "transport"; written.latitude = 37.5
        written.createdAt = "2024-01-02T03:04:05+09:00"; written.properties = #"{"icao":"RKSS","iata":"GMP"}"#
        var theirFields = written
        theirFields.latitude = opened.latitude
        XCTAssertEqual(pinWrites(t.update(.input(.key(.char("t"))), now: 1)),
                       [.updatePin(PinEdit(id: 7, pin: written, ifVersion: 2, base: theirFields,
                                           keptTheirs: [.title, .description, .category]))])
        XCTAssertEqual(t.feedback.message, "제목·설명은(는) 다른 쪽 것으로, 좌표은(는) 내 것으로 저장합니다")
    }

    /// The edit as the user saved it in `conflict`.
    private var myEdit: NewPin {
        NewPin(title: opened.title, description: "my description", category: opened.category, latitude: opened.latitude,
               longitude: opened.longitude, createdAt: opened.createdAt, properties: opened.properties)
    }

    private func pinWrites(_ effects: [Effect]) -> [Effect] {
        effects.filter { if case .updatePin = $0 { return true } else { return false } }
    }

    /// Esc is "back", as elsewhere: the form again with what was typed, its heading saying the
    /// pin changed; a save from it is still checked against the version it was opened at, so
    /// the store refuses it again and the pop-up shows the newest version (never a silent write).
    func testEscGoesBackToTheEditAndASaveComparesAgain() {
        var s = conflict(cols: 80, rows: 24)
        s.press(.escape, now: 1)
        guard case .form(let form)? = s.feedback.modal?.content else { return XCTFail("no form: \(String(describing: s.feedback.modal?.content))") }
        XCTAssertEqual([form[.title].text, form[.description].text, form[.category].text, form[.latitude].text],
                       ["Gimpo International Airport", "my description", "airport", "37.558311"])
        XCTAssertEqual(form.version, 1, "still the version it was opened at")
        XCTAssertEqual(form.base, base, "and still merged against the fields it was opened with")
        XCTAssertNil(s.feedback.message)
        XCTAssertEqual(card(s, rows: 12), [
            "─────────────────────────────────── ━━━━━━━━ ───────────────────────────────────",
            "  Edit pin · changed elsewhere since you opened it: Ctrl-S compares again",
            "",
            "▸ Title*       Gimpo International Airport",
            "  Description  my description",
            "  Category     airport",
            "  Latitude     37.558311",
            "  Longitude    126.794694",
            "",
            "",
            "  Tab/↑↓ move · Enter on the last field or Ctrl-S saves · Esc cancels",
            "",
        ], s.render().text())
        let writes = pinWrites(s.update(.input(.key(.ctrl("s"))), now: 2))
        let edit = PinEdit(id: 7, pin: myEdit, ifVersion: 1, base: base)
        XCTAssertEqual(writes, [.updatePin(edit)])
        // Refused again: the pop-up compares with the newest version (version 3, a new title too,
        // which only they changed: merged).
        var newest = opened
        newest.title = "Gimpo"; newest.description = "their important notes"; newest.latitude = 37.6; newest.version = 3
        s.feed(.pins(.written(.updateConflict(edit, theirs: newest))), now: 3)
        XCTAssertEqual(card(s, rows: 8), [
            "─────────────────────────────────── ━━━━━━━━ ───────────────────────────────────",
            "                 “Gimpo” changed elsewhere since you opened it",
            "                theirs                          yours",
            "  description   their important notes           my description",
            "  merged without conflict: title, coordinates (theirs)",
            "",
            "                        [ Keep mine ]   [ Take theirs ]",
            "    y keeps mine · t takes theirs · Esc back to your edit · ←→ Enter choose",
        ], s.render().text())
        // Keep mine: my description, their title and position, over the version shown.
        var kept = myEdit
        kept.title = "Gimpo"; kept.latitude = 37.6
        var newestFields = base
        newestFields.title = "Gimpo"; newestFields.description = "their important notes"; newestFields.latitude = 37.6
        XCTAssertEqual(pinWrites(s.update(.input(.key(.char("y"))), now: 4)),
                       [.updatePin(PinEdit(id: 7, pin: kept, ifVersion: 3, base: newestFields, keptTheirs: [.title, .coordinates]))])
    }

    /// Only `y`, `t` and a chosen button decide: a stray key (`q`, `2`, `j`) drops no edit and
    /// leaves the pop-up up; `t` takes theirs and writes nothing.
    func testStrayKeysDoNothingAndTTakesTheirs() {
        var s = conflict(cols: 80, rows: 24)
        for key in [Key.char("q"), .char("2"), .char("j"), .char("n"), .char("x")] {
            XCTAssertEqual(pinWrites(s.update(.input(.key(key)), now: 1)), [], "\(key)")
            guard case .confirm(let popup)? = s.feedback.modal?.content, case .keepMine = popup.action else {
                return XCTFail("\(key) closed the pop-up")
            }
        }
        XCTAssertEqual([s.quit, s.tab == .map], [false, true])
        XCTAssertEqual(pinWrites(s.update(.input(.key(.char("t"))), now: 2)), [])
        XCTAssertEqual(s.feedback.message, "Kept the other version: nothing written")
        XCTAssertNil(s.feedback.modal, "gone at once (reduced motion)")
    }

    /// A click outside the card goes back to the edit, as Esc does (it took theirs and dropped
    /// the edit); → Enter presses Take theirs.
    func testAClickOutsideGoesBackAndEnterPressesTheChosenButton() {
        var s = conflict(cols: 80, rows: 24)
        s.feed(.input(.mouse(MouseEvent(.press, .left, col: 10, row: 2))), now: 1)
        guard case .form(let form)? = s.feedback.modal?.content else { return XCTFail("no form") }
        XCTAssertEqual(form[.description].text, "my description")
        var t = conflict(cols: 80, rows: 24)
        t.press(.left); t.press(.right)
        XCTAssertEqual(pinWrites(t.update(.input(.key(.enter)), now: 1)), [])
        XCTAssertEqual(t.feedback.message, "Kept the other version: nothing written")
        var y = conflict(cols: 80, rows: 24)
        y.press(.left)
        var kept = myEdit, theirs = base
        kept.latitude = 37.6
        theirs.description = "their important notes"; theirs.latitude = 37.6
        XCTAssertEqual(pinWrites(y.update(.input(.key(.enter)), now: 1)),
                       [.updatePin(PinEdit(id: 7, pin: kept, ifVersion: 2, base: theirs, keptTheirs: [.coordinates]))],
                       "mine where both changed, their position")
    }

    /// `?` shows help over the pop-up, with the pop-up's keys; a key then closes help only.
    func testHelpOverThePopupListsItsKeysAndClosesAlone() {
        var s = conflict(cols: 80, rows: 24)
        s.press(.char("?"), now: 1)
        XCTAssertTrue(s.feedback.showHelp)
        let lines = HelpView.lines(for: .map).map { $0.key.isEmpty ? $0.text : $0.key + " = " + $0.text }
        let start = lines.firstIndex(of: "Changed elsewhere (the pop-up after a save)") ?? 0
        XCTAssertEqual(Array(lines[start..<min(lines.count, start + 5)]), [
            "Changed elsewhere (the pop-up after a save)",
            "y = keep mine: yours where both changed, the rest merged",
            "t = take theirs: theirs where both changed, the rest merged",
            "Esc = back to your edit, text kept (a save compares again)",
            "← → Enter = choose a button, press it",
        ])
        s.press(.escape, now: 2)
        XCTAssertFalse(s.feedback.showHelp)
        guard case .confirm(let popup)? = s.feedback.modal?.content, case .keepMine = popup.action else {
            return XCTFail("Esc closed help and the pop-up")
        }
        s.press(.char("?"), now: 3)
        s.press(.char("2"), now: 4)
        XCTAssertEqual([s.feedback.showHelp, s.tab == .map], [false, true], "2 closes help, acts on nothing below")
    }

    /// A terminal too short for every field: the merged line gives way first (40×12: the
    /// card's 10 rows), then the fields from the last, one row saying how many more differ
    /// (40×11), and the buttons and keys stay.
    func testAShortTerminalSaysHowManyFieldsMoreDiffer() {
        func short(rows: Int) -> AppState {
            conflict(cols: 40, rows: rows, theirs: {
                $0.title = "Gimpo"; $0.description = "their notes"; $0.category = "transport"; $0.latitude = 37.6
                $0.properties = "{}"
            }, mine: {
                $0.title = "Gimpo Intl"; $0.description = "my description"; $0.category = "air"; $0.latitude = 37.5
            })
        }
        let s = short(rows: 12)
        XCTAssertEqual(card(s, rows: 10), [
            "─────────────── ━━━━━━━━ ───────────────",
            "  “Gimpo” changed elsewhere since you…",
            "                theirs      yours",
            "  title         Gimpo       Gimpo Intl",
            "  description   their not…  my descri…",
            "  category      transport   air",
            "  coordinates   37.6, 126…  37.5, 126…",
            "",
            "    [ Keep mine ]   [ Take theirs ]",
            "     y keeps mine · t takes theirs",
        ], s.render().text())
        let t = short(rows: 11)
        XCTAssertEqual(card(t, rows: 9), [
            "─────────────── ━━━━━━━━ ───────────────",
            "  “Gimpo” changed elsewhere since you…",
            "                theirs      yours",
            "  title         Gimpo       Gimpo Intl",
            "  description   their not…  my descri…",
            "  … and 2 more fields that differ: a …",
            "",
            "    [ Keep mine ]   [ Take theirs ]",
            "     y keeps mine · t takes theirs",
        ], t.render().text())
    }

    /// The card dragged down by its grabber goes back to the edit, as Esc: nothing is dropped.
    func testDraggingTheCardAwayGoesBackToTheEdit() {
        var s = conflict(cols: 80, rows: 24)
        let top = 24 - 8
        s.feed(.input(.mouse(MouseEvent(.press, .left, col: 40, row: top))), now: 1)
        s.feed(.input(.mouse(MouseEvent(.drag, .left, col: 40, row: top + 5))), now: 1.1)
        s.feed(.input(.mouse(MouseEvent(.release, .left, col: 40, row: top + 5))), now: 1.2)
        guard case .form(let form)? = s.feedback.modal?.content else {
            return XCTFail("no form: \(String(describing: s.feedback.modal?.content))")
        }
        XCTAssertEqual([form[.description].text, form.heading],
                       ["my description", "Edit pin · changed elsewhere since you opened it: Ctrl-S compares again"])
    }
}
