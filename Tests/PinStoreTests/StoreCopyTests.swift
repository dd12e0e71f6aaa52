import XCTest
import Foundation
import PinModel
@testable import PinStore

/// `receive` into a file store (`pinmap copy --to FILE`) through the bulk path: every field
/// kept, the batches' ranges, the search index and the map's cells built in the copy's
/// transaction, and a second run that adds nothing.
final class StoreCopyTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-storecopy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// More pins than `bulkIndexThreshold` (the indexes dropped and built again), half of
    /// them in a batch, every tenth with a comment.
    private func snapshot(_ n: Int) -> StoreSnapshot {
        let batch = ImportBatch(id: 7, file: "/trips/big.csv", importedAt: "2024-02-03T04:05:06Z", imported: n / 2, rejected: 1,
                                duplicates: 2, encoding: "UTF-8", delimiter: ",", pinsLeft: n / 2)
        return StoreSnapshot(batches: [batch], pins: (0..<n).map { i in
            let pin = Pin(id: Int64(1000 + i), title: "Site \(i)", description: i % 3 == 0 ? "d\(i)" : "", category: ["cafe", "park", ""][i % 3],
                          latitude: Double(i % 1000) * 0.17 - 85, longitude: Double(i % 997) * 0.35 - 175,
                          createdAt: "2024-01-\(10 + i % 19)T00:00:00Z", updatedAt: "2024-03-01T00:00:0\(i % 10)Z",
                          properties: i % 4 == 0 ? "{\"n\":\(i),\"w\":\"x y\"}" : "{}", version: Int64(1 + i % 3))
            return SnapshotPin(pin: pin, batchID: i % 2 == 0 ? 7 : nil,
                               comments: i % 10 == 0 ? [Comment(id: Int64(i), pinID: pin.id, body: "c\(i)", createdAt: "2024-04-01T00:00:00Z")] : [])
        })
    }

    func testABulkCopyIntoAnEmptyFileKeepsEveryFieldAndIndexesEverything() throws {
        let n = Store.bulkIndexThreshold + 1_000
        let source = snapshot(n)
        let store = try Store(path: folder.appendingPathComponent("copy.sqlite").path)
        XCTAssertEqual(try store.receive(source), CopyOutcome(pins: n, skipped: 0, comments: n / 10, batches: 1))
        XCTAssertFalse(try store.hasIndexBacklog())
        let copied = try store.copySnapshot()
        XCTAssertEqual(copied.pins.count, n)
        for (a, b) in zip(copied.pins, source.pins) {
            var expected = b.pin
            expected.id = a.pin.id
            XCTAssertEqual(a.pin, expected)
            XCTAssertEqual(a.batchID, b.batchID == nil ? nil : 1)
            XCTAssertEqual(a.comments.map { [$0.body, $0.createdAt] }, b.comments.map { [$0.body, $0.createdAt] })
        }
        XCTAssertEqual(try store.importBatches().map { [$0.file, $0.importedAt, "\($0.imported)", "\($0.pinsLeft)"] },
                       [["/trips/big.csv", "2024-02-03T04:05:06Z", "\(n / 2)", "\(n / 2)"]])
        // Search and the map's cells know every pin.
        XCTAssertEqual(try store.count(matching: PinQuery(search: "Site 5099")), (0..<n).filter { "\($0)".contains("5099") }.count)
        XCTAssertEqual(try store.count(matching: PinQuery(search: "d51")), (0..<n).filter { $0 % 3 == 0 && "d\($0)".contains("d51") }.count)
        var total = 0
        _ = try store.visitMapCells(cellWidth: 400, boxes: [.world], categories: nil, refineBudget: 0) { c, _ in total += c.count; return true }
        XCTAssertEqual(total, n)
        XCTAssertEqual(try store.receive(source), CopyOutcome(pins: 0, skipped: n, comments: 0, batches: 0))
        XCTAssertEqual(try store.count(), n)
    }
}
