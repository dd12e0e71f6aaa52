import XCTest
import Foundation
import Frame
import PinImport
import PinStore
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
@testable import PinmapCLI
import PinmapCoreTestSupport

/// The Settings tab: export names, drag sensitivity, colour, clicks, a long toast over it.
final class SettingsTabTests: XCTestCase {
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
        let message = try XCTUnwrap(r.state.feedback.message)
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
        XCTAssertEqual(r.state.feedback.message, "Drag sensitivity is already × 2 (0.5, 1 or 2)")
        r.key(.left); r.key(.left); r.key(.left)
        XCTAssertEqual(r.state.sheet.sensitivity, 0.5)
    }

    func testColourIsRefusedWithoutColours() throws {
        let r = try UIFixtures.sqliteRunner(environment: AppEnvironment(colorAvailable: false))  // NO_COLOR
        r.char("4")
        for _ in 0..<SettingRow.color.rawValue { r.key(.down) }
        r.key(.enter)
        XCTAssertFalse(r.state.presentation.color)
        XCTAssertEqual(r.state.feedback.message, "Colour is off: NO_COLOR is set or the terminal has no colours")
    }

    func testClickOnTheExportLabelExports() throws {
        let r = try settings()
        let row = SettingsView.firstSettingRow(r.state, area: Rect(x: 0, y: 0, width: 100, height: 28)) + SettingRow.export.rawValue
        r.mouse(.press, col: 5, row: row)
        let message = try XCTUnwrap(r.state.feedback.message)
        XCTAssertTrue(message.hasPrefix("Exported 5 pins to "), message)
        try? FileManager.default.removeItem(atPath: String(message.dropFirst("Exported 5 pins to ".count)))
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
