import XCTest
import CSQLite
@testable import PinStore

final class PinBulkWriterTests: XCTestCase {
    private func row(_ title: String, _ lat: Double, created: String = "") -> PinBulkWriter.Row {
        PinBulkWriter.Row(title: title, description: "d \(title)", category: "c", createdAt: created, latitude: lat, longitude: 10)
    }

    func testGroupsWithARemainderGetConsecutiveIdsInOrder() throws {
        for store in try TestStores.both() {
            try store.insert(NewPin(title: "before", latitude: 0, longitude: 0))
            let writer = try PinBulkWriter(store: store, batchID: nil)
            let rows = (0..<37).map { row("p\($0)", Double($0), created: $0 == 3 ? "2020-01-02" : "") }
            let results = try writer.write(rows)
            XCTAssertEqual(try results.map { try $0.get() }, Array(2...38))
            let pins = try store.pins(limit: -1).sorted { $0.id < $1.id }
            XCTAssertEqual(pins.map(\.title), ["before"] + (0..<37).map { "p\($0)" })
            XCTAssertEqual(pins[4].createdAt, "2020-01-02")
            XCTAssertEqual(pins[5].createdAt, pins[5].updatedAt, "no date: the import time")
            XCTAssertEqual(pins[37].latitude, 36)
            XCTAssertEqual(pins[37].description, "d p36")
        }
    }

    func testARefusedRowFailsAloneAndTheRestOfItsGroupIsWritten() throws {
        let store = try Store.inMemory()
        let writer = try PinBulkWriter(store: store, batchID: nil)
        var rows = (0..<20).map { row("p\($0)", 1) }
        rows[4].title = "   "       // CHECK (length(trim(title)) > 0)
        rows[17].latitude = 91      // CHECK (latitude BETWEEN -90 AND 90)
        let results = try writer.write(rows)
        XCTAssertEqual(results.count, 20)
        for (i, r) in results.enumerated() {
            switch r {
            case .success: XCTAssertFalse(i == 4 || i == 17, "row \(i)")
            case .failure(let e):
                XCTAssertTrue(i == 4 || i == 17, "row \(i)")
                XCTAssertEqual(e.code & 0xFF, SQLITE_CONSTRAINT)
            }
        }
        XCTAssertEqual(try store.count(), 18)
        XCTAssertEqual(try store.count(matching: PinQuery(search: "p16")), 1)
    }
}
