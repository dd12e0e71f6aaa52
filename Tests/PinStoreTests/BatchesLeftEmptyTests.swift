import PinModel
import XCTest

/// `StoreSnapshot.batchesLeftEmpty`: which batches a copy added it takes back.
final class BatchesLeftEmptyTests: XCTestCase {
    private func pin(_ id: Int64, batch: Int64?) -> SnapshotPin {
        SnapshotPin(pin: Pin(id: id, title: "p\(id)", latitude: 1, longitude: 2, createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z"), batchID: batch, comments: [])
    }

    func testABatchNoneOfWhosePinsCameIsTakenBackAndOneWithoutPinsStays() {
        // Batch 1: a pin came (into 11). Batch 2: its pins were all there (21). Batch 3: no
        // pins in the snapshot (all deleted at the source: history, 31). Batch 4 matched one
        // already there, so it is not among those added.
        let snapshot = StoreSnapshot(batches: [], pins: [pin(1, batch: 1), pin(2, batch: 2), pin(3, batch: 2), pin(4, batch: 4), pin(5, batch: nil)])
        XCTAssertEqual(snapshot.batchesLeftEmpty(added: [1: 11, 2: 21, 3: 31], filled: [11]), [21])
        XCTAssertEqual(snapshot.batchesLeftEmpty(added: [1: 11, 2: 21, 3: 31], filled: [11, 21]), [])
        XCTAssertEqual(snapshot.batchesLeftEmpty(added: [1: 11, 2: 21], filled: []), [11, 21])
    }
}
