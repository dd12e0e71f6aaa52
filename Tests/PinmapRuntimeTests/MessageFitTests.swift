import XCTest
import Foundation
import Frame
import PinImport
import PinStore
import GeoMap
import PinmapCore
@testable import PinmapRuntime
@testable import PinmapCLI
import PinmapTestSupport

/// Nothing Pinmap draws on a line is cut without "…".
final class MessageFitTests: XCTestCase {
    override func tearDown() { Strings.language = .english }

    func testSettingsScrollsToKeepTheCursorRowAt40x12() throws {
        let r = try UIFixtures.sqliteRunner(cols: 40, rows: 12)
        r.char("4")
        XCTAssertEqual(TempFolder.masked(r.text), """

              Store
              path     :memory:
              size     0 B   5 pins
              imports  none yet

              Settings  (↑↓ move · Enter/Space/←→ …
              ▸ Drag sensitivity  × 1  (0.5 less, …
                Reduced motion    on: sheets move …
             ↑↓ move · Enter/Space/←→ change
             small · 5 of 5 pins in view     ? help
              1 Map    2 Timel…  3 Import  4 Setti…
            """)
        for _ in 0..<5 { r.key(.down) }
        XCTAssertEqual(TempFolder.masked(r.text), """

              ▸ Export pins       [csv] geojson gpx
                                  kml gpkg (←/→
                                  format, Enter
                                  writes it next to
                                  the store)
                Sheet detent: small (remembered ac…

              Data
             ↑↓ move · Enter/Space/←→ change
             small · 5 of 5 pins in view     ? help
              1 Map    2 Timel…  3 Import  4 Setti…
            """)
    }

    func testLongStatusMessageAt40And80And100Columns() throws {
        var frames: [String] = []
        for cols in [40, 80, 100] {
            let r = try UIFixtures.sqliteRunner(cols: cols, rows: 12)
            r.handle(.export(.finished(.written(count: 1_234, path: "/home/someone/exports/pinmap-export-20261201-183000.geojson"))), now: 0)
            let f = r.frame()
            frames.append((7..<11).map { f.line($0) }.joined(separator: "\n"))
        }
        XCTAssertEqual(frames, ["─ small ─────── ━━━━━━━━ ──────[Filter]─\n Exported 1234 pins to\n /home/someone/exports/pinmap-export-\n 20261201-183000.geojson", "─ small ─────────────────────────── ━━━━━━━━ ──────────────────────────[Filter]─\n  Pins in view: 5 · newest first  K or drag ↑ to open the list\n Exported 1234 pins to\n /home/someone/exports/pinmap-export-20261201-183000.geojson", "─ small ───────────────────────────────────── ━━━━━━━━ ────────────────────────────────────[Filter]─\n  Pins in view: 5 · newest first  K or drag ↑ to open the list\n • Busan Tower                                     near Busan, KR           landmark     2023-07-01\n Exported 1234 pins to /home/someone/exports/pinmap-export-20261201-183000.geojson"])
    }

    /// The sheet's rows (header to the status line) after searching `query` and pressing Enter.
    private func sheetAfterSearch(_ query: String, cols: Int, rows: Int) throws -> String {
        let r = try UIFixtures.sqliteRunner(cols: cols, rows: rows,
                                      viewport: Viewport(center: GeoPoint(latitude: 37.55, longitude: 126.98), zoom: 256))
        r.char("/")
        r.type(query)
        r.key(.enter)
        let top = r.state.layout.travel - r.state.sheet.height
        return (top + 1..<r.state.layout.travel).map { r.line($0) }.joined(separator: "\n")
    }

    func testNoMatchLinesWrapAndKeepTheirEnd() throws {
        let long = "this is a very long query that does not match anything at all in the store"
        XCTAssertEqual(try sheetAfterSearch(long, cols: 80, rows: 24), """
              Search “this is a very long query th…anything at all in the store”: 0 in view
              No pin matches “this is a very long …at all in the store”






            """)
        XCTAssertEqual(try sheetAfterSearch("Busan Tower", cols: 80, rows: 24), """
              Search “Busan Tower”: 0 in view · best match · / edits · Esc in / clears
              No pins in view match the search: zoom out (-), 0 for the whole world, or Esc
              in / to clear
              1 more elsewhere: F shows them all




            """)
        Strings.language = .korean
        XCTAssertEqual(try sheetAfterSearch(long, cols: 80, rows: 24), """
              검색 “this is a very long query t…nything at all in the store”: 보이는 핀 0개
              “this is a very long …at all in the store”와(과) 맞는 핀이 없습니다






            """)
        XCTAssertEqual(try sheetAfterSearch("Busan Tower", cols: 80, rows: 24), """
              검색 “Busan Tower”: 보이는 핀 0개 · 관련도순 · / 고치기 · / 안에서 Esc 지우기
              보이는 곳에 검색과 맞는 핀이 없습니다: 축소(-), 0은 전 세계, / 안에서 Esc는
              지우기
              다른 곳에 1개 더: F로 모두 보기




            """)
        XCTAssertEqual(try sheetAfterSearch("Busan Tower", cols: 100, rows: 30), """
              검색 “Busan Tower”: 보이는 핀 0개 · 관련도순 · / 고치기 · / 안에서 Esc 지우기
              보이는 곳에 검색과 맞는 핀이 없습니다: 축소(-), 0은 전 세계, / 안에서 Esc는 지우기
              다른 곳에 1개 더: F로 모두 보기







            """)
    }

    /// The search header counts pins in view as the status line does ("보이는 핀"): it said
    /// "보이는 곳 N개", N places in view, above place rows (⌖ Hong Kong) it did not count.
    func testTheKoreanSearchHeaderCountsPinsBesideAPlaceRow() throws {
        Strings.language = .korean
        let r = try UIFixtures.sqliteRunner(cols: 80, rows: 24,
                                      viewport: Viewport(center: GeoPoint(latitude: 37.55, longitude: 126.98), zoom: 256))
        r.char("/")
        r.type("hong")
        let top = r.state.layout.travel - r.state.sheet.height
        XCTAssertEqual((top + 1..<top + 6).map { r.line($0) }.joined(separator: "\n"), """
            ▸ 검색: hong                            보이는 핀 1개 · Enter 유지 · Esc 지우기
             ⌖ Hong Kong  HK · 최대 도시
             ⌖ Hongjiang  China · 도시
             ⌖ Hongqiao  China · 도시
             • Hongdae, busking street     Seoul 근처, KR           landmark     2023-04-29
            """)
    }

    /// The one-line rules: a quoted name keeps its start and end; a hint drops whole items;
    /// a path wider than the line breaks after a "/" or "-".
    func testTheFitRules() {
        XCTAssertEqual(TextWrap.middle("gpx11_waypoints_track_from_my_long_trip.gpx", to: 20), "gpx11_wayp…_trip.gpx")
        XCTAssertEqual(TextWrap.middle("서울 카페 목록 2025 최종.csv", to: 16), "서울 카페…종.csv")
        XCTAssertEqual(TextWrap.middle("short.csv", to: 20), "short.csv")
        XCTAssertEqual(TextWrap.hint("a one · b two · c three", to: 14), "a one · b two")
        XCTAssertEqual(TextWrap.hint("a very long first item · b", to: 10), "a very lo…")
        XCTAssertEqual(TextWrap.lines("see /tmp/some/deep/folder/file.csv now", width: 16, ascii: false),
                       ["see", "/tmp/some/deep/", "folder/file.csv", "now"])
    }

    /// A command in backquotes moves to the next line whole (with the particle glued to it),
    /// and is split only when it is wider than a line.
    func testACommandIsNotBrokenAcrossLines() {
        XCTAssertEqual(TextWrap.lines("단 핀이 1개 있어 `pinmap undo-import 1 --force`는 그 핀까지 지웁니다.", width: 40, ascii: false),
                       ["단 핀이 1개 있어", "`pinmap undo-import 1 --force`는 그", "핀까지 지웁니다."])
        XCTAssertEqual(TextWrap.lines("run `pinmap undo-import 1 --force` now", width: 16, ascii: false),
                       ["run `pinmap", "undo-import 1", "--force` now"])
    }

    /// A column's role stays with its source (`title ← "name"`): the arrow is never the last
    /// or the first thing on a line, unless the three words are wider than a line.
    func testAMappingArrowBindsBothSides() {
        XCTAssertEqual(TextWrap.lines("columns: latitude ← \"lat\", title ← \"name\"", width: 34, ascii: false),
                       ["columns: latitude ← \"lat\",", "title ← \"name\""])
        XCTAssertEqual(TextWrap.lines("만든 날짜 ← \"created_at\", 위도 ← \"y\"", width: 26, ascii: false),
                       ["만든 날짜 ← \"created_at\",", "위도 ← \"y\""])
        XCTAssertEqual(TextWrap.lines("a_long_role ← \"a_long_column\"", width: 15, ascii: false),
                       ["a_long_role ←", "\"a_long_column\""])
    }

    /// A note in parentheses stays with the word it explains (a key and its tab), unless the
    /// two are wider than a line.
    func testANoteInParenthesesBindsToTheWordBefore() {
        XCTAssertEqual(TextWrap.lines("to remove them: 4 (Settings), ↑ to the import", width: 20, ascii: false),
                       ["to remove them:", "4 (Settings), ↑ to", "the import"])
        XCTAssertEqual(TextWrap.lines("지우려면: 4 (설정), ↑로 예시 가져오기", width: 12, ascii: false),
                       ["지우려면:", "4 (설정),", "↑로 예시", "가져오기"])
        XCTAssertEqual(TextWrap.lines("x (a_very_long_note)", width: 12, ascii: false),
                       ["x", "(a_very_", "long_note)"])
        // A note of several words wraps as words do.
        XCTAssertEqual(TextWrap.lines("0 duplicates skipped (import #1; u undoes it)", width: 24, ascii: false),
                       ["0 duplicates skipped", "(import #1; u undoes it)"])
    }
}
