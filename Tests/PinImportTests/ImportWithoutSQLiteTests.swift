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
}
