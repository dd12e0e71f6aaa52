import Foundation
import XCTest
import PinStore
@testable import PinImport
import PinModel

/// Files large enough (≥ 3 MB, ≥ `Store.bulkIndexThreshold` expected rows) for the bulk path:
/// indexes dropped, rows read on a second thread, indexing left for after the commit.
final class LargeImportTests: XCTestCase {
    /// A CSV of `unique` distinct pins, then the first `copies` of them again; about 70 bytes a row.
    private func file(unique: Int, copies: Int) throws -> String {
        var text = "title,description,category,latitude,longitude\n"
        text.reserveCapacity((unique + copies) * 72)
        func row(_ i: Int) -> String {
            "Museum \(i),\"Opens at 9, closes at 18\",museum,\(Double(i % 1_700) / 10 - 85),\(Double(i % 3_500) / 10 - 175)\n"
        }
        for i in 0..<unique { text += row(i) }
        for i in 0..<copies { text += row(i) }
        let path = try temporaryFile(Array(text.utf8))
        return path
    }

    private func fileStore() throws -> Store {
        let dir = NSTemporaryDirectory() + "pinimport-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return try Store(path: dir + "/pins.sqlite")
    }

    func testAFileFullOfDuplicatesImportsOnceAndLeavesIndexingForLater() throws {
        let path = try file(unique: 30_000, copies: 30_000)
        XCTAssertGreaterThan(Int((try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0) / 60,
                             Store.bulkIndexThreshold, "large enough for the bulk path")
        let store = try fileStore()
        let report = try Importer.run(path: path, store: store)
        XCTAssertEqual(report.dataRows, 60_000)
        XCTAssertEqual(report.imported, 30_000)
        XCTAssertEqual(report.duplicates, 30_000)
        XCTAssertEqual(report.duplicateRows.first, DuplicateRow(line: 30_002, ofLine: 2))
        XCTAssertEqual(report.duplicateRows.last, DuplicateRow(line: 31_001, ofLine: 1_001), "the first 1,000 are listed")
        XCTAssertEqual(report.pinsToIndex, 30_000)
        XCTAssertTrue(ImportReportFormatter.summary(report).contains("30000 pins wait to join the search index: run `pinmap index`"),
                      ImportReportFormatter.summary(report))
        XCTAssertTrue(ImportReportFormatter.json(report).contains("\"pins_to_index\" : 30000"))
        XCTAssertEqual(try store.count(), 30_000)
        XCTAssertEqual(try store.count(matching: PinQuery(search: "Museum 2999")), 13, "2999, 12999, 22999 and 29990…29999, by a scan")

        // Importing the same file again adds nothing: every row is a stored pin.
        let again = try Importer.run(path: path, store: store)
        XCTAssertEqual(again.imported, 0)
        XCTAssertEqual(again.duplicates, 60_000)
        XCTAssertEqual(again.duplicateRows.first, DuplicateRow(line: 2, ofPin: 1))
        XCTAssertEqual(again.duplicateRows.count, ImportReport.maxListed)
        XCTAssertEqual(again.duplicateRows.last, DuplicateRow(line: 1_001, ofPin: 1_000))

        XCTAssertEqual(try store.finishIndexing(), 30_000)
        XCTAssertEqual(try store.indexBacklog(), IndexBacklog(pins: 0, indexes: [], paused: false))
        XCTAssertEqual(try store.count(matching: PinQuery(search: "Museum 2999")), 13, "through the index")
    }

    func testDeferIndexingFalseIndexesBeforeTheCommit() throws {
        let path = try file(unique: 52_000, copies: 0)
        let store = try fileStore()
        var options = ImportOptions()
        options.deferIndexing = false
        var steps: [IndexingProgress] = []
        let report = try Importer.run(path: path, store: store, options: options, indexProgress: { steps.append($0) })
        XCTAssertEqual(report.imported, 52_000)
        XCTAssertEqual(report.pinsToIndex, 0)
        XCTAssertTrue(try store.indexBacklog().isEmpty)
        XCTAssertFalse(ImportReportFormatter.summary(report).contains("pinmap index"))
        // Indexed in the import's own transaction, with progress: indexes, search, the map.
        XCTAssertEqual(steps.first, IndexingProgress(stage: .indexes, fraction: 0.5 / 2), "1 of the 2 dropped indexes")
        XCTAssertEqual(steps.last, IndexingProgress(stage: .map, fraction: 1))
        XCTAssertEqual(steps.map(\.fraction), steps.map(\.fraction).sorted())
        XCTAssertEqual(Set(steps.map(\.stage)), [.indexes, .search, .map])
        XCTAssertEqual(try store.count(matching: PinQuery(search: "Museum 51999")), 1, "through the index")
        XCTAssertEqual(try store.deferredIndexNames(), [])
    }

    func testADecodingErrorOnTheReadingThreadRollsBack() throws {
        // UTF-16LE with a byte order mark and one stray byte at the very end: the error
        // surfaces on the reading thread after every row was inserted, and the import must
        // leave nothing behind.
        var text = "title,latitude,longitude\n"
        for i in 0..<60_000 { text += "Pin \(i),\(Double(i % 170) - 85),\(Double(i % 350) - 175)\n" }
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        bytes.append(0x41)
        let path = try temporaryFile(bytes)
        let store = try fileStore()
        try store.insert(NewPin(title: "Kept", latitude: 1, longitude: 1))
        XCTAssertThrowsError(try Importer.run(path: path, store: store)) { error in
            XCTAssertTrue("\(error)".contains(path), "\(error)")
        }
        XCTAssertEqual(try store.pins().map(\.title), ["Kept"])
        XCTAssertTrue(try store.indexBacklog().isEmpty)
        XCTAssertEqual(try store.importBatches().count, 0)
        XCTAssertEqual(try store.deferredIndexNames(), [])
    }

    func testANameStartingWithNULIsRejectedTheSameInADryRunAndWithRejectsPadded() throws {
        let path = try temporaryFile(Array("title,latitude,longitude\nok one,1,2\n\u{0} nul first,1,2\nafter,3,4\n".utf8))
        let rejects = path + ".rejects.csv"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path); try? FileManager.default.removeItem(atPath: rejects) }
        var dry = ImportOptions()
        dry.dryRun = true
        let store = try fileStore()
        let d = try Importer.run(path: path, store: store, options: dry)
        var real = ImportOptions()
        real.rejectsPath = rejects
        let r = try Importer.run(path: path, store: store, options: real)
        for report in [d, r] {
            XCTAssertEqual(report.imported, 2)
            XCTAssertEqual(report.rejected, 1)
            XCTAssertEqual(report.errors.first?.line, 3)
            XCTAssertEqual(report.errors.first?.rule, .blankTitle)
        }
        let lines = try String(contentsOfFile: rejects, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines[0], "line,reason,title,latitude,longitude")
        XCTAssertTrue(lines[1].hasPrefix("3,\"name starts with a NUL character, which the store reads as blank\","), String(lines[1]))
    }
}
