import Foundation
import XCTest
@testable import PinImport
import PinModel

final class ImportReportFormatterTests: XCTestCase {
    private func sample() -> ImportReport {
        var r = ImportReport(file: "pins.csv")
        r.imported = 5
        r.encoding = "UTF-8 with BOM"
        r.delimiter = ";"
        r.columns = [.latitude: "lat", .title: "이름", .longitude: "lng"]
        r.addIssues([RowIssue(line: 7, field: .column("lat"), value: "35.09x", reason: "latitude '35.09x' is not a number", rule: .notANumber)])
        r.addDuplicate(DuplicateRow(line: 9, ofLine: 3))
        r.addDuplicate(DuplicateRow(line: 10, ofPin: 12))
        r.batchID = 4
        r.dataRows = 8
        return r
    }

    func testHumanSummary() {
        XCTAssertEqual(ImportReportFormatter.summary(sample()), """
            pins.csv: imported 5 pins (batch 4; undo with: pinmap undo-import 4), 1 row rejected, 2 duplicates skipped
              CSV, encoding UTF-8 with BOM, delimiter ";", columns: name="이름", latitude="lat", longitude="lng"
              line 7: latitude '35.09x' is not a number
              line 9 duplicates line 3
              line 10 duplicates pin 12 in the store
            """)
    }

    /// A server's import learns only how many of its pins the store had, not which lines: the
    /// count is said as such, never as "… N more" below nothing.
    func testDuplicatesNoneListedAreSaidAsPinsTheStoreHad() {
        var r = ImportReport(file: "pins.csv")
        r.imported = 2
        r.duplicates = 45
        r.batchID = 4
        XCTAssertEqual(ImportReportFormatter.summary(r), """
            pins.csv: imported 2 pins (batch 4; undo with: pinmap undo-import 4), 0 rows rejected, 45 duplicates skipped
              CSV
              45 duplicates: pins the store already had
            """)
        r.duplicates = 1
        XCTAssertEqual(ImportReportFormatter.summary(r).split(separator: "\n").last, "  1 duplicate: a pin the store already had")
    }

    /// The pins left for `pinmap index` take the verb their count takes: "1 pin waits" (a
    /// one-row file whose 6 MB description is left for later said "1 pin wait … scans them").
    func testPinsToIndexAgreeWithTheirVerb() {
        var r = ImportReport(file: "pins.csv")
        r.imported = 1
        r.batchID = 4
        for (count, pins, them) in [(1, "1 pin waits", "it"), (2, "2 pins wait", "them")] {
            r.pinsToIndex = count
            XCTAssertEqual(ImportReportFormatter.summary(r).split(separator: "\n").last.map(String.init),
                           "  note: \(pins) to join the search index: run `pinmap index`, or open the UI, which does it first "
                           + "(about 5 s of CPU per million pins); until then search scans \(them) (the map shows \(them) already)")
        }
    }

    func testSummaryCutsLongListsAndNamesDryRuns() {
        var r = sample()
        r.dryRun = true
        r.batchID = nil
        for line in 20..<40 {
            r.addIssues([RowIssue(line: line, field: .column("lat"), value: "", reason: "latitude is empty", rule: .emptyCoordinate)])
        }
        let text = ImportReportFormatter.summary(r, maxLines: 3)
        XCTAssertTrue(text.hasPrefix("pins.csv: would import 5 pins, 21 rows rejected"), text)
        XCTAssertTrue(text.contains("  … 18 more issues (all rejected rows: --rejects OUT.csv; --json lists the first 1000)"), text)
        XCTAssertEqual(text.components(separatedBy: "\n").filter { $0.contains("latitude is empty") }.count, 2)
    }

    func testJSONHasTheIssueKeys() throws {
        let json = ImportReportFormatter.json(sample())
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(object["imported"] as? Int, 5)
        XCTAssertEqual(object["rejected"] as? Int, 1)
        XCTAssertEqual(object["duplicates"] as? Int, 2)
        XCTAssertEqual(object["encoding"] as? String, "UTF-8 with BOM")
        XCTAssertEqual(object["delimiter"] as? String, ";")
        XCTAssertEqual(object["columns"] as? [String: String], ["latitude": "lat", "name": "이름", "longitude": "lng"])
        let errors = try XCTUnwrap(object["errors"] as? [[String: Any]])
        XCTAssertEqual(errors.first?["line"] as? Int, 7)
        XCTAssertEqual(errors.first?["field"] as? String, "lat")
        XCTAssertEqual(errors.first?["value"] as? String, "35.09x")
        XCTAssertEqual(errors.first?["reason"] as? String, "latitude '35.09x' is not a number")
        XCTAssertEqual(errors.first?["rule"] as? String, "not-a-number")
        XCTAssertEqual(object["batch_id"] as? Int, 4)
        let dups = try XCTUnwrap(object["duplicate_rows"] as? [[String: Any]])
        XCTAssertEqual(dups.first?["of_line"] as? Int, 3)
        // Notes are listed as the command line's sentences.
        var dry = sample()
        dry.notes = [.skipped(count: 2, .route), .dryRun]
        let notes = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(ImportReportFormatter.json(dry).utf8)) as? [String: Any])["notes"]
        XCTAssertEqual(notes as? [String], ["skipped 2 routes", "dry run: nothing was written to the store"])
    }

    func testFileErrorJSONAndExitCode() throws {
        let error = ImportError.emptyFile(path: "e.csv")
        let json = ImportReportFormatter.json(failed: "e.csv", error: error)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(object["file_error"] as? String, "e.csv: the file is empty (0 bytes, no header row)")
        XCTAssertEqual(object["imported"] as? Int, 0)
        XCTAssertEqual(ImportReport.failed(file: "e.csv", error: error).exitCode, 1)
        XCTAssertEqual(sample().exitCode, 0)
    }

    func testListedIssuesAreCappedButCounted() {
        var r = ImportReport(file: "big.csv")
        for line in 0..<(ImportReport.maxListed + 5) {
            r.addIssues([RowIssue(line: line, field: .column("lat"), value: "", reason: "latitude is empty", rule: .emptyCoordinate)])
        }
        XCTAssertEqual(r.rejected, ImportReport.maxListed + 5)
        XCTAssertEqual(r.errors.count, ImportReport.maxListed)
        XCTAssertEqual(r.errorsOmitted, 5)
    }

    func testProgressBarText() {
        XCTAssertEqual(ImportProgressBar.render(label: "pins.csv", done: 40_100_000, total: 80_200_000, elapsed: 1.25, width: 10),
                       "pins.csv  50% [█████░░░░░] 40.1/80.2 MB 1.2 s")
        XCTAssertEqual(ImportProgressBar.render(label: "x", done: 5, total: 5, elapsed: 0, width: 4),
                       "x 100% [████] 0.0/0.0 MB 0.0 s")
        XCTAssertEqual(ImportProgressBar.render(label: "x", done: 0, total: 0, elapsed: 0, width: 4),
                       "x 100% [████] 0.0/0.0 MB 0.0 s")
    }

    /// Fitted to the terminal's width minus one column: the bar shrinks, then goes, then the label is cut.
    func testProgressBarFitsNarrowTerminals() {
        func line(_ columns: Int, label: String = "pins-1000000.csv") -> String {
            ImportProgressBar.fitted(label: label, fraction: 0.5, detail: "40.1/80.2 MB", elapsed: 6.25, columns: columns)
        }
        XCTAssertEqual(line(100), "pins-1000000.csv  50% [████████████░░░░░░░░░░░░] 40.1/80.2 MB 6.2 s")
        XCTAssertEqual(line(60), "pins-1000000.csv  50% [████████░░░░░░░░] 40.1/80.2 MB 6.2 s")
        XCTAssertEqual(line(48), "pins-1000000.csv  50% [██░░] 40.1/80.2 MB 6.2 s")
        XCTAssertEqual(line(45), "pins-1000000.csv  50% 40.1/80.2 MB 6.2 s")
        XCTAssertEqual(line(40), "pins-1000000.c…  50% 40.1/80.2 MB 6.2 s")
        XCTAssertEqual(line(30), "pins…  50% 40.1/80.2 MB 6.2 s")
        XCTAssertEqual(line(20), "50% 40.1/80.2 MB 6…")
        XCTAssertEqual(line(60, label: "서울 핀 목록.csv"), "서울 핀 목록.csv  50% [████████░░░░░░░░] 40.1/80.2 MB 6.2 s")
        XCTAssertEqual(line(40, label: "서울 핀 목록.csv"), "서울 핀 목록.c…  50% 40.1/80.2 MB 6.2 s")
    }

    /// A phase without a measure (a copy's reading and writing): its words cut before the clock.
    func testPhaseLineFitsNarrowTerminals() {
        func line(_ columns: Int, _ detail: String = "writing 1000000 pins into /tmp/서울.sqlite") -> String {
            ImportProgressBar.fittedPhase(label: "pinmap copy:", detail: detail, elapsed: 6.25, columns: columns)
        }
        XCTAssertEqual(line(80), "pinmap copy: writing 1000000 pins into /tmp/서울.sqlite 6.2 s")
        XCTAssertEqual(line(40), "pinmap copy: writing 1000000 pin… 6.2 s")  // 39 cells
        XCTAssertEqual(line(36), "pinmap copy: writing 1000000… 6.2 s")
        XCTAssertEqual(line(9), "pinmap …")
    }

    func testBatchTable() {
        let b = ImportBatch(id: 3, file: "/tmp/a.csv", importedAt: "2026-11-30T11:16:33Z", imported: 10, rejected: 2,
                            duplicates: 1, encoding: "UTF-8", delimiter: ",", pinsLeft: 9)
        XCTAssertEqual(ImportReportFormatter.batchTable([b]), """
               id  imported_at           pins  rejected  duplicates  file
                3  2026-11-30T11:16:33Z  9/10         2           1  /tmp/a.csv
            """)
        XCTAssertEqual(ImportReportFormatter.batchTable([]), "no imports recorded")
    }
}
