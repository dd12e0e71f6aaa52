import XCTest
@testable import PinStore
import PinModel
import PinModelTesting

final class EditTests: XCTestCase {
    private let museum = NewPin(title: "전쟁기념관", description: "야외 전시 비행기 구경", category: "museum",
                                latitude: 37.5365, longitude: 126.9772, createdAt: "2023-05-05T13:20:00+09:00")

    func testPartialUpdateChangesOnlyTheGivenFieldsAndRefreshesUpdatedAt() throws {
        let time = ManualClock("2001-01-01T00:00:00Z")
        for store in try TestStores.both(self, clock: time.clock) {
            time.time = "2001-01-01T00:00:00Z"
            let id = try store.insert(museum)
            time.time = "2026-11-30T11:16:33Z"
            let pin = try XCTUnwrap(store.update(id: id, title: "War Memorial of Korea"))
            XCTAssertEqual(pin.title, "War Memorial of Korea")
            XCTAssertEqual(pin.description, "야외 전시 비행기 구경")
            XCTAssertEqual(pin.category, "museum")
            XCTAssertEqual(pin.latitude, 37.5365)
            XCTAssertEqual(pin.longitude, 126.9772)
            XCTAssertEqual(pin.createdAt, "2023-05-05T13:20:00+09:00")
            XCTAssertEqual(pin.updatedAt, "2026-11-30T11:16:33Z")
            XCTAssertEqual(try store.pin(id: id), pin)
        }
    }

    func testAnEditThatChangesNothingWritesNothing() throws {
        let time = ManualClock("2001-01-01T00:00:00Z")
        let store = try Store.inMemory(clock: time.clock)
        let id = try store.insert(museum)
        time.time = "2026-11-30T11:16:33Z"
        let same = try XCTUnwrap(store.update(id: id, title: museum.title, category: "museum", latitude: 37.5365))
        XCTAssertEqual(same.updatedAt, "2001-01-01T00:00:00Z")
        XCTAssertEqual(try XCTUnwrap(store.update(id: id)).updatedAt, "2001-01-01T00:00:00Z")
        XCTAssertEqual(try store.db.scalarInt("SELECT edits FROM pins WHERE id = \(id)"), 0)
        // One changed field among unchanged ones is an edit.
        let moved = try XCTUnwrap(store.update(id: id, title: museum.title, latitude: 37.5366))
        XCTAssertEqual(moved.latitude, 37.5366)
        XCTAssertNotEqual(moved.updatedAt, "2001-01-01T00:00:00Z")
        XCTAssertEqual(try store.db.scalarInt("SELECT edits FROM pins WHERE id = \(id)"), 1)
        XCTAssertNil(try store.update(id: id + 1, title: museum.title))
        XCTAssertNil(try store.update(id: id + 1))
    }

    func testUpdateOfEveryFieldKeepsCoordinatesExact() throws {
        let store = try Store.inMemory()
        let id = try store.insert(museum)
        let pin = try XCTUnwrap(store.update(id: id, title: "South Pole", description: "", category: "station",
                                             latitude: -90, longitude: -179.99999999999997))
        XCTAssertEqual(pin.title, "South Pole")
        XCTAssertEqual(pin.description, "")
        XCTAssertEqual(pin.category, "station")
        XCTAssertEqual(pin.latitude, -90)
        XCTAssertEqual(pin.longitude, -179.99999999999997)
    }

    func testUpdateOfAMissingPinReturnsNil() throws {
        let store = try Store.inMemory()
        XCTAssertNil(try store.update(id: 42, title: "x"))
    }

    func testUpdateRefusesBadValuesAndLeavesThePinAsItWas() throws {
        let store = try Store.inMemory()
        let id = try store.insert(museum)
        let before = try store.pin(id: id)
        let cases: [(String?, Double?, Double?, String)] = [
            ("   ", nil, nil, "title must not be blank"),
            (nil, 90.0000001, nil, "latitude 90.0000001 outside [-90, 90]"),
            (nil, nil, -180.5, "longitude -180.5 outside [-180, 180]"),
            (nil, .nan, nil, "latitude nan outside [-90, 90]"),
            (nil, nil, .infinity, "longitude inf outside [-180, 180]"),
        ]
        for (title, lat, lon, message) in cases {
            XCTAssertThrowsError(try store.update(id: id, title: title, latitude: lat, longitude: lon)) { error in
                XCTAssertEqual((error as? StoreError)?.message, message)
            }
        }
        XCTAssertEqual(try store.pin(id: id), before)
    }

    func testUpdateMovesThePinInTheSearchIndex() throws {
        for store in try TestStores.both(self) {
            let id = try store.insert(museum)
            try store.update(id: id, description: "Aircraft outdoors")
            XCTAssertEqual(try store.count(matching: PinQuery(search: "비행기")), 0)
            XCTAssertEqual(try store.pins(matching: PinQuery(search: "aircraft")).map(\.id), [id])
            XCTAssertEqual(try store.pins(matching: PinQuery(search: "기념")).map(\.id), [id])
            try TestStores.checkSearchIndex(store)
        }
    }

    func testDeleteReturningPinGivesThePinOnceAndDropsItFromSearch() throws {
        for store in try TestStores.both(self) {
            let id = try store.insert(museum)
            let other = try store.insert(NewPin(title: "기념품 가게", latitude: 1, longitude: 2))
            let deleted = try XCTUnwrap(store.deleteReturningPin(id: id))
            XCTAssertEqual(deleted.title, "전쟁기념관")
            XCTAssertEqual(deleted.id, id)
            XCTAssertNil(try store.pin(id: id))
            XCTAssertNil(try store.deleteReturningPin(id: id))
            XCTAssertEqual(try store.pins(matching: PinQuery(search: "기념")).map(\.id), [other])
            try TestStores.checkSearchIndex(store)
        }
    }

    func testRestoreAfterDeleteBringsBackThePinItsCommentsAndItsBatch() throws {
        for store in try TestStores.both(self) {
            try store.db.execute("INSERT INTO import_batches(id, file, imported_at) VALUES (7, 'seoul.csv', '2024-01-01T00:00:00Z')")
            let id = try store.insert(museum, batchID: 7)
            let c1 = try store.addComment(pinID: id, body: "두 번째 방문")
            let c2 = try store.addComment(pinID: id, body: "Went again in May")
            let before = try XCTUnwrap(store.pin(id: id))
            let deleted = try XCTUnwrap(store.deleteForUndo(id: id))
            XCTAssertEqual(deleted.comments.map(\.id), [c1, c2])
            XCTAssertEqual(deleted.batchID, 7)
            XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM comments"), 0)

            XCTAssertEqual(try store.restore(deleted), id)
            XCTAssertEqual(try store.pin(id: id), before)
            XCTAssertEqual(try store.comments(pinID: id).map(\.id), [c1, c2])
            XCTAssertEqual(try store.comments(pinID: id).map(\.body), ["두 번째 방문", "Went again in May"])
            XCTAssertEqual(try store.db.scalarInt("SELECT batch_id FROM pins WHERE id = ?", [.int(id)]), 7)
            XCTAssertEqual(try store.pins(matching: PinQuery(search: "기념관")).map(\.id), [id])
            try TestStores.checkSearchIndex(store)
        }
    }

    func testRestoreUnderANewIdWhenTheOldOneWasTakenAndWithoutAVanishedBatch() throws {
        let store = try Store.inMemory()
        try store.db.execute("INSERT INTO import_batches(id, file, imported_at) VALUES (3, 'a.csv', '2024-01-01T00:00:00Z')")
        let id = try store.insert(museum, batchID: 3)
        let deleted = try XCTUnwrap(store.deleteForUndo(id: id))
        try store.db.execute("DELETE FROM import_batches")
        // A pinmap before migration 16 let SQLite give the freed largest id to the next insert.
        try store.db.execute("UPDATE pin_id_floor SET highest = 0")
        let reused = try store.insert(NewPin(title: "newcomer", latitude: 0, longitude: 0))
        XCTAssertEqual(reused, id)
        let restoredID = try store.restore(deleted)
        XCTAssertNotEqual(restoredID, id)
        XCTAssertEqual(try store.pin(id: restoredID)?.title, "전쟁기념관")
        XCTAssertEqual(try store.pin(id: id)?.title, "newcomer")
        XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pins WHERE batch_id IS NULL"), 2)
        XCTAssertEqual(try store.count(), 2)
    }

    func testRestoreOfAPlainPinKeepsItsTimestamps() throws {
        let store = try Store.inMemory()
        let id = try store.insert(museum)
        let pin = try XCTUnwrap(store.deleteReturningPin(id: id))
        XCTAssertEqual(try store.restore(DeletedPin(pin: pin)), id)
        XCTAssertEqual(try store.pin(id: id), pin)
    }
}
