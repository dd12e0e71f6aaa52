import XCTest
import Foundation
import Frame
import PinImport
import PinStore
@testable import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
@testable import PinmapCLI
import PinmapCoreTestSupport

/// Settings (export names, sensitivity, colour), help, the too-small screen and Korean texts.
final class SettingsHelpAndKoreanTests: XCTestCase {
    private func settings(cols: Int = 100, rows: Int = 30) throws -> AppRunner {
        let r = try UIFixtures.sqliteRunner(cols: cols, rows: rows)
        r.char("4")
        return r
    }

    func testExportingTwiceInOneSecondPicksAFreeName() throws {
        let r = try settings()
        for _ in 0..<SettingRow.export.rawValue { r.key(.down) }
        r.key(.enter)
        r.key(.enter)
        let message = try XCTUnwrap(r.state.message)
        XCTAssertTrue(message.hasPrefix("Exported 5 pins to "), message)
        let second = String(message.dropFirst("Exported 5 pins to ".count))
        let first = second.replacingOccurrences(of: "-2.csv", with: ".csv")
        XCTAssertTrue(second.hasSuffix("-2.csv") || second.hasSuffix("-3.csv"), second)
        XCTAssertTrue(FileManager.default.fileExists(atPath: first))
        try? FileManager.default.removeItem(atPath: first)
        try? FileManager.default.removeItem(atPath: second)
    }

    func testSensitivityStopsAtTheEnds() throws {
        let r = try settings()
        r.key(.right); r.key(.right); r.key(.right)
        XCTAssertEqual(r.state.sheet.sensitivity, 2, "× 2 does not wrap to × 0.5")
        XCTAssertEqual(r.state.message, "Drag sensitivity is already × 2 (0.5, 1 or 2)")
        r.key(.left); r.key(.left); r.key(.left)
        XCTAssertEqual(r.state.sheet.sensitivity, 0.5)
    }

    func testColourIsRefusedWithoutColours() throws {
        let r = try UIFixtures.sqliteRunner(environment: AppEnvironment(colorAvailable: false))  // NO_COLOR
        r.char("4")
        for _ in 0..<SettingRow.color.rawValue { r.key(.down) }
        r.key(.enter)
        XCTAssertFalse(r.state.color)
        XCTAssertEqual(r.state.message, "Colour is off: NO_COLOR is set or the terminal has no colours")
    }

    func testClickOnTheExportLabelExports() throws {
        let r = try settings()
        let row = SettingsView.firstSettingRow(r.state, area: Rect(x: 0, y: 0, width: 100, height: 28)) + SettingRow.export.rawValue
        r.mouse(.press, col: 5, row: row)
        let message = try XCTUnwrap(r.state.message)
        XCTAssertTrue(message.hasPrefix("Exported 5 pins to "), message)
        try? FileManager.default.removeItem(atPath: String(message.dropFirst("Exported 5 pins to ".count)))
    }

    /// The help's header says any other key closes it: `q` closes help (the frame is the one
    /// before help opened) and does not quit the whole UI.
    func testQClosesHelpAndHelpUsesTheHeight() throws {
        let r = try UIFixtures.sqliteRunner(cols: 200, rows: 60)
        let before = r.frame().text()
        r.char("?")
        XCTAssertEqual(HelpView.visibleRows(rows: 60), 56)
        r.char("q")
        XCTAssertFalse(r.state.quit, "q closes help, it does not quit")
        XCTAssertEqual(r.frame().text(), before)
    }

    func testTooSmallIsASCIIInASCIIMode() throws {
        var state = AppState(cols: 20, rows: 5, ascii: true, color: false, reducedMotion: true)
        state.feed(.showTab(.importer))
        XCTAssertEqual(state.render().text(), """

            too small: need 30x8
                  now 20x5


            """)
    }

    func testKoreanImportFormAndDetailTexts() throws {
        Strings.language = .korean
        defer { Strings.language = .english }
        var form = PinForm(adding: .init(latitude: 0, longitude: 0))
        form[.title] = TextField("어딘가")
        form[.latitude] = TextField("abc")
        form[.longitude] = TextField("126.9")
        _ = form.handle(key: .ctrl("s"))
        XCTAssertEqual(form.error, "위도 'abc'은(는) 숫자가 아닙니다")
        form[.latitude] = TextField("95")
        _ = form.handle(key: .ctrl("s"))
        XCTAssertEqual(form.error, "위도 95은(는) [-90, 90] 범위 밖입니다")
        form[.latitude] = TextField("126.9")
        form[.longitude] = TextField("37.5")
        _ = form.handle(key: .ctrl("s"))
        XCTAssertEqual(form.error, "위도 126.9은(는) [-90, 90] 범위 밖입니다; 위도와 경도가 바뀐 것 같습니다")
        var report = ImportReport(file: "/x/a.kmz", format: "KMZ")
        report.imported = 3; report.batchID = 2; report.encoding = "UTF-8"; report.properties = ["pop"]
        XCTAssertEqual(ImportResultText.summary(report), [
            "a.kmz: 3개 가져옴, 0개 거부, 중복 0개 건너뜀 (가져오기 #2; u로 되돌리기)",
            "KMZ · 인코딩 UTF-8", "속성으로 보존: \"pop\""])
        XCTAssertEqual(ImportResultText.preview(format: "CSV", encoding: "UTF-8", delimiter: "TAB", size: 828),
                       "CSV · 인코딩 UTF-8 · 구분자 TAB · 828 B")
        XCTAssertEqual(UIFileImporter.failure(ImportError.unreadable(path: "/x/a.csv", reason: "No such file")).text,
                       "a.csv: 그런 파일이 없습니다")
        XCTAssertEqual(SettingsView.batchLine(RecentImport(id: 1, file: "/d/pins-seoul.csv (bundled sample pins)",
                                                           importedAt: "2026-12-01T10:02:33Z", imported: 45)),
                       "#1  2026-12-01T10:02  핀 45개  pins-seoul.csv (예시 핀)")
        XCTAssertEqual(S.msgLoadedSamples(45), "예시 핀 45개를 불러왔습니다")
        let pin = Pin(id: 1, title: "어딘가", latitude: 37.5, longitude: 127, createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z", properties: #"{"pop":"10"}"#)
        var detail = PinDetail(pin: pin)
        detail.properties = [PinProperty(key: "pop", value: "10")]  // as `AppEvent.Pins.propertiesLoaded` brings them
        XCTAssertEqual(detail.descriptionWithProperties, "(설명 없음)\n\npop: 10")
    }

    /// The first run's toast (it fades like the others) says how to remove the sample pins,
    /// only when they load into a new, empty store; P later says just how many it loaded.
    func testOnlyTheFirstRunSaysFirstRun() throws {
        let store = try Store.inMemory()
        let state = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        var title = 0
        let r = AppRunner(store: store, state: state, loadSamples: {
            title += 1
            try store.insert(NewPin(title: "종묘 \(title)", latitude: 37.57, longitude: 126.99, createdAt: "2025-04-12T10:30:00+09:00"))
            return 1
        })
        r.loadSamplesIfEmpty()
        XCTAssertNil(r.state.message)
        XCTAssertEqual(r.state.toast?.message,
                       "Added 1 sample pins to try Pinmap with · to remove them: 4 (Settings), ↑ to the sample import, Enter")
        r.handle(.tick, now: Toast.lifetime)
        XCTAssertNil(r.state.toast, "it fades")
        r.char("P", at: Toast.lifetime + 1)
        XCTAssertEqual(r.state.message, "Loaded 1 sample pins")
    }

    /// On Settings a long toast keeps to the top row the tab leaves empty for it (cut with
    /// "…"): the tab's header under it stays. Wrapped, it is at most 3 lines.
    func testLongToastOnSettingsKeepsToTheTopRow() throws {
        let r = try settings(cols: 60, rows: 20)
        var report = ImportReport(file: "takeout-export-2024-06-01.csv", format: "csv")
        report.imported = 1_234
        report.duplicates = 5
        r.handle(.importer(.finished(name: "takeout-export-2024-06-01.csv", .success(report))), now: 0)
        // The message alone: it says it once (the title is the notice sheet's).
        XCTAssertEqual(r.line(0), " ✓ takeout-export-2024-06-01.csv: 1234 imported, 0 reject…")
        XCTAssertEqual(r.line(1), "  Store")
        XCTAssertEqual(r.line(2), "  path     :memory:")
        // The fourth line of a longer one ends with "…": never more than 3 lines.
        let long = Toast(title: "Import finished", message: String(repeating: "word ", count: 60), shownAt: 0)
        XCTAssertEqual(ToastView.lines(long, width: 40, ascii: false), [
            "✓ word word word word word word word", "word word word word word word word word", "word word word word word word word word…"])
    }
}
