import Foundation
import XCTest
import PinImport
import PinModel
import PinModelTesting

/// The importer knows no store: it writes into any `PinImportStore`, here the in-memory
/// repository, with the same counts, duplicates and refusals as into the SQLite store.
final class ImportWithoutSQLiteTests: XCTestCase {
    private func file(_ text: String) throws -> String {
        let path = try temporaryFile(Array(text.utf8))
        return path
    }

    func testAnImportWritesItsPinsAndASecondFindsThemAllStored() throws {
        let path = try file("""
            name,lat,lon,category,opening_hours
            Jongmyo,37.5744,126.9944,shrine,
            Jongmyo,37.5744,126.9944,shrine,
            Nowhere,91,10,,
            Namsan,37.5512,126.9882,,evening
            """)
        let repository = InMemoryPinRepository()
        let first = try Importer.run(path: path, store: repository)
        XCTAssertEqual([first.imported, first.duplicates, first.rejected], [2, 1, 1])
        XCTAssertEqual(first.duplicateRows, [DuplicateRow(line: 3, ofLine: 2)])
        XCTAssertEqual(first.batchID, 1)
        let pins = try repository.pins(matching: PinQuery(order: .title))
        XCTAssertEqual(pins.map(\.title), ["Jongmyo", "Namsan"])
        XCTAssertEqual(pins.map(\.category), ["shrine", ""])
        XCTAssertEqual(pins.map(\.latitude), [37.5744, 37.5512])
        XCTAssertEqual(pins.map(\.properties), ["{}", "{\"opening_hours\":\"evening\"}"])

        let again = try Importer.run(path: path, store: repository)
        XCTAssertEqual([again.imported, again.duplicates, again.rejected], [0, 3, 1])
        XCTAssertEqual(again.duplicateRows.map(\.ofPin), [pins[0].id, pins[0].id, pins[1].id])
        XCTAssertNil(again.batchID, "nothing new: no batch")
        XCTAssertEqual(try repository.count(), 2)
    }

    /// A small file into a large store whose lookup says probes are cheaper (a server) is
    /// checked row by row: the same duplicates, lines and imports as when every stored pin
    /// is read, and no stored pin read whole.
    func testASmallFileIntoALargeStoreIsCheckedRowByRowWithTheSameAnswers() throws {
        var stored = "name,lat,lon,category,created\n"
        for i in 0..<300 { stored += "Pin \(i),\(37 + Double(i) * 0.001),127,\(i % 2 == 0 ? "cafe" : ""),2024-05-0\(1 + i % 9)\n" }
        let again = try file("""
            name,lat,lon,category,created
            Pin 4,37.004,127,cafe,2024-05-05
            Pin 5,37.005,127,,
            Pin 6,37.006,127,cafe,2023-01-01
            Other,37.004,127,cafe,
            Pin 5,37.005,127,,
            """)
        var answers: [[DuplicateRow]] = []
        for share in [0.0, 1.0] {
            let repository = InMemoryPinRepository()
            repository.probeShare = share
            _ = try Importer.run(path: try file(stored), store: repository)
            let before = repository.pinsReadWhole
            let report = try Importer.run(path: again, store: repository)
            XCTAssertEqual(repository.pinsReadWhole - before, share == 0 ? 300 : 0)
            XCTAssertEqual([report.imported, report.duplicates], [2, 3])
            answers.append(report.duplicateRows)
        }
        XCTAssertEqual(answers[0], [DuplicateRow(line: 2, ofPin: 5), DuplicateRow(line: 3, ofPin: 6), DuplicateRow(line: 6, ofPin: 6)])
        XCTAssertEqual(answers[1], answers[0])
    }
}
