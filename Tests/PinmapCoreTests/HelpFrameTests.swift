import XCTest
import Foundation
import Frame
import PinmapCore
import PinmapCoreTestSupport

/// `?` at 80×24: the current tab's keys first, then the global ones, in a box that fits.
final class HelpFrameTests: XCTestCase {
    private func helpBox(_ tab: Tab) -> [String] {
        var state = AppState(cols: 80, rows: 24, color: false, reducedMotion: true)
        state.feed(.showTab(tab))
        if tab == .importer { state.press(.escape) }  // leaves the path field: ? in it is text
        _ = state.update(.input(.key(.char("?"))), now: 0)
        let screen = state.render()
        return (0..<22).map { String(screen.line($0, trim: false).dropFirst(1).prefix(78)) }
    }


    func testHelpOnMapAt80x24() {
        XCTAssertEqual(helpBox(.map), [
            "╭──────────── Keys · ↑↓ PgUp PgDn scroll · any other key closes ─────────────╮",
            "│ Map                                                                        │",
            "│ +            zoom in (about the selected pin or the visible centre)        │",
            "│ -            zoom out                                                      │",
            "│ 0            whole world                                                   │",
            "│ F            fit all (filtered) pins                                       │",
            "│ b            braille / ASCII map                                           │",
            "│ P            load the sample pins                                          │",
            "│ g            go to a place by name (offline)                               │",
            "│ Pins                                                                       │",
            "│ Enter        pin detail (c comment, x delete)                              │",
            "│ a            add a pin at the map centre                                   │",
            "│ e            edit the selected pin                                         │",
            "│ d            delete the selected pin (asks)                                │",
            "│ u            undo the last delete                                          │",
            "│ /            search all pins (Enter keeps, Esc clears)                     │",
            "│ Sheet                                                                      │",
            "│ K            raise the sheet one detent                                    │",
            "│ J            lower the sheet one detent                                    │",
            "│ S            sheet to small                                                │",
            "│ M            sheet to medium                                               │",
            "╰───────────────────────────────────────────────────────────────── 20/70 ────╯",
        ])
    }

    func testHelpOnTimelineAt80x24() {
        XCTAssertEqual(helpBox(.timeline), [
            "╭──────────── Keys · ↑↓ PgUp PgDn scroll · any other key closes ─────────────╮",
            "│ Timeline                                                                   │",
            "│ ← → h l      previous / next day                                           │",
            "│ ↑ ↓          previous / next week                                          │",
            "│ < > PgUp/Dn  previous / next month                                         │",
            "│ j k Home End move through the day's pins                                   │",
            "│ Enter        show the pin on the map                                       │",
            "│ Everywhere                                                                 │",
            "│ ?            show or hide this help                                        │",
            "│ q  Ctrl-C    quit                                                          │",
            "│ Tab          next tab                                                      │",
            "│ Shift-Tab    previous tab                                                  │",
            "│ 1            Map tab                                                       │",
            "│ 2            Timeline tab                                                  │",
            "│ 3            Import tab                                                    │",
            "│ 4            Settings tab                                                  │",
            "│ Mouse                                                                      │",
            "│ drag ━━      move the sheet, settles on a detent · keys K J                │",
            "│ click ━━     cycle small→medium→large→medium · keys S M L                  │",
            "│ click tab    switch tab · keys 1 2 3 4, Tab                                │",
            "│ click pin    select it (small sheet → medium) · keys ↑↓ in the list        │",
            "╰───────────────────────────────────────────────────────────────── 20/30 ────╯",
        ])
    }

    func testHelpOnImportAt80x24() {
        XCTAssertEqual(helpBox(.importer), [
            "╭──────────── Keys · ↑↓ PgUp PgDn scroll · any other key closes ─────────────╮",
            "│ Import                                                                     │",
            "│ type         type or paste a path (~ and 'quoted paths' work)              │",
            "│ Tab          complete the path                                             │",
            "│ ↑ ↓          pick a file of this folder                                    │",
            "│ Enter        preview, then Enter again imports                             │",
            "│ Esc          leave the path field                                          │",
            "│ e i /        edit the path again                                           │",
            "│ paste        a dropped file pastes its quoted path                         │",
            "│ y            import the file previewed (as Enter)                          │",
            "│ Esc          while importing: stop (nothing is kept)                       │",
            "│ u            undo the import just made (asks first)                        │",
            "│ PgUp PgDn    scroll an import's result (↑ ↓ Home End too)                  │",
            "│ Everywhere outside a text field (Esc leaves the path field)                │",
            "│ ?            show or hide this help                                        │",
            "│ q  Ctrl-C    quit                                                          │",
            "│ Tab          next tab                                                      │",
            "│ Shift-Tab    previous tab                                                  │",
            "│ 1            Map tab                                                       │",
            "│ 2            Timeline tab                                                  │",
            "│ 3            Import tab                                                    │",
            "╰───────────────────────────────────────────────────────────────── 20/36 ────╯",
        ])
    }

    func testHelpOnSettingsAt80x24() {
        XCTAssertEqual(helpBox(.settings), [
            "╭──────────── Keys · ↑↓ PgUp PgDn scroll · any other key closes ─────────────╮",
            "│ Settings                                                                   │",
            "│ ↑ ↓ j k      move between settings                                         │",
            "│ Enter ← →    change the setting                                            │",
            "│ click        a click on a row changes it                                   │",
            "│ Everywhere                                                                 │",
            "│ ?            show or hide this help                                        │",
            "│ q  Ctrl-C    quit                                                          │",
            "│ Tab          next tab                                                      │",
            "│ Shift-Tab    previous tab                                                  │",
            "│ 1            Map tab                                                       │",
            "│ 2            Timeline tab                                                  │",
            "│ 3            Import tab                                                    │",
            "│ 4            Settings tab                                                  │",
            "│ Mouse                                                                      │",
            "│ drag ━━      move the sheet, settles on a detent · keys K J                │",
            "│ click ━━     cycle small→medium→large→medium · keys S M L                  │",
            "│ click tab    switch tab · keys 1 2 3 4, Tab                                │",
            "│ click pin    select it (small sheet → medium) · keys ↑↓ in the list        │",
            "│ drag map     pan the map · keys ←↑↓→ hjkl (map focused)                    │",
            "│ wheel map    zoom at the pointer · keys + - (at the centre)                │",
            "╰───────────────────────────────────────────────────────────────── 20/28 ────╯",
        ])
    }

    func testHelpScrollsToItsEnd() {
        var state = AppState(cols: 80, rows: 24, color: false, reducedMotion: true)
        _ = state.update(.input(.key(.char("?"))), now: 0)
        for _ in 0..<10 { _ = state.update(.input(.key(.pageDown)), now: 0) }
        XCTAssertEqual(state.feedback.helpScroll, HelpView.lines(for: .map).count - 20)
        XCTAssertTrue(state.render().text().contains("2nd click    on a list row: the pin's detail"))
        _ = state.update(.input(.key(.char("x"))), now: 0)
        XCTAssertFalse(state.feedback.showHelp)
    }

    /// Every mouse row names the keys that do the same (the brief of `?`: a keyboard way for
    /// every mouse action), whole at 80×24, in English and Korean.
    func testTheMouseRowsNameTheirKeysAt80x24() {
        let expected: [Language: [String]] = [
            .english: [
                "Mouse                                                                     ",
                "drag ━━      move the sheet, settles on a detent · keys K J               ",
                "click ━━     cycle small→medium→large→medium · keys S M L                 ",
                "click tab    switch tab · keys 1 2 3 4, Tab                               ",
                "click pin    select it (small sheet → medium) · keys ↑↓ in the list       ",
                "drag map     pan the map · keys ←↑↓→ hjkl (map focused)                   ",
                "wheel map    zoom at the pointer · keys + - (at the centre)               ",
                "wheel list   scroll the list (medium and large) · keys PgUp PgDn          ",
                "right btn    on the map: add a pin there · key a (at the centre)          ",
                "2nd click    on a list row: the pin's detail · key Enter                  ",
                "click row    Settings: change that row · keys ↑↓ Enter                    ",
                "click file   Import: pick that file · keys ↑↓                             ",
                "click count  on a count or ◔◑◕: zoom in there · key + (at the centre)     ",
                "click Filter the category filter · key f                                  ",
                "click day    Timeline: that day · keys ←→ ↑↓                              ",
            ],
            .korean: [
                "마우스                                                                    ",
                "━━ 끌기      시트 이동, 단계에 멈춤 · 키 K J                              ",
                "━━ 클릭      작게→중간→크게→중간 순환 · 키 S M L                          ",
                "탭 클릭      탭 바꾸기 · 키 1 2 3 4, Tab                                  ",
                "핀 클릭      고르기 (작은 시트 → 중간) · 키 ↑↓ (목록에서)                 ",
                "지도 끌기    지도 움직이기 · 키 ←↑↓→ hjkl (지도에 초점)                   ",
                "지도 휠      포인터 위치로 확대/축소 · 키 + - (가운데 기준)               ",
                "목록 휠      목록 스크롤 (중간, 크게) · 키 PgUp PgDn                      ",
                "오른쪽 버튼  지도에서: 그 자리에 핀 추가 · 키 a (가운데에)                ",
                "두 번 클릭   목록 줄에서: 핀 자세히 · 키 Enter                            ",
                "줄 클릭      설정: 그 줄 바꾸기 · 키 ↑↓ Enter                             ",
                "파일 클릭    가져오기: 그 파일 고르기 · 키 ↑↓                             ",
                "숫자 클릭    숫자나 ◔◑◕에서: 그곳으로 확대 · 키 + (가운데 기준)           ",
                "[필터] 클릭  분류 필터 열기 · 키 f                                        ",
                "날짜 클릭    타임라인: 그날 고르기 · 키 ←→ ↑↓                             ",
            ],
        ]
        for language in [Language.english, .korean] {
            Strings.language = language
            defer { Strings.language = .english }
            var state = AppState(cols: 80, rows: 24, color: false, reducedMotion: true)
            _ = state.update(.input(.key(.char("?"))), now: 0)
            for _ in 0..<10 { _ = state.update(.input(.key(.pageDown)), now: 0) }
            let f = state.render()
            // Inside the help card's borders and margin (columns 3–76), rows 6–20: the last page's mouse rows.
            XCTAssertEqual((6..<21).map { row in String((3..<77).map { f[$0, row].text }.joined()) }, expected[language]!,
                           "\(language)")
            XCTAssertEqual(f.line(21).dropFirst(), "╰────────────────────────────────────────────────────────────────────────────╯")
        }
    }
}
