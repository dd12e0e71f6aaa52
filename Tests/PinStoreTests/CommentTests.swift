import XCTest
@testable import PinStore
import PinModel
import PinModelTesting

final class CommentTests: XCTestCase {
    func testAddListAndDeleteComments() throws {
        for store in try TestStores.both(self) {
            let pin = try store.insert(NewPin(title: "창덕궁 후원", latitude: 37.5794, longitude: 126.9910))
            let other = try store.insert(NewPin(title: "종묘", latitude: 37.5744, longitude: 126.9942))
            let a = try store.addComment(pinID: pin, body: "후원 투어는 미리 예약하기")
            let b = try store.addComment(pinID: pin, body: "단풍철 강추 🍁")
            try store.addComment(pinID: other, body: "조용히 산책")
            let list = try store.comments(pinID: pin)
            XCTAssertEqual(list.map(\.id), [a, b])
            XCTAssertEqual(list.map(\.body), ["후원 투어는 미리 예약하기", "단풍철 강추 🍁"])
            XCTAssertEqual(list.map(\.pinID), [pin, pin])
            XCTAssertTrue(list[0].createdAt.hasSuffix("Z"), list[0].createdAt)
            XCTAssertEqual(list[0].createdAt.count, 20)

            XCTAssertEqual(try store.deleteComment(id: a)?.id, a)
            XCTAssertNil(try store.deleteComment(id: a))
            XCTAssertEqual(try store.comments(pinID: pin).map(\.id), [b])
            XCTAssertEqual(try store.comments(pinID: other).count, 1)
        }
    }

    func testCommentsAreOrderedByDateThenId() throws {
        let time = ManualClock("2026-01-01T00:00:00Z")
        let store = try Store.inMemory(clock: time.clock)
        let pin = try store.insert(NewPin(title: "p", latitude: 0, longitude: 0))
        let late = try store.addComment(pinID: pin, body: "later")
        time.time = "2020-01-01T00:00:00Z"
        let early = try store.addComment(pinID: pin, body: "earlier")
        XCTAssertEqual(try store.comments(pinID: pin).map(\.id), [early, late])
    }

    func testBlankCommentsAndCommentsOnMissingPinsAreRefused() throws {
        let store = try Store.inMemory()
        let pin = try store.insert(NewPin(title: "p", latitude: 0, longitude: 0))
        XCTAssertThrowsError(try store.addComment(pinID: pin, body: " \n\t")) { error in
            XCTAssertEqual((error as? StoreError)?.message, "comment must not be blank")
        }
        XCTAssertThrowsError(try store.addComment(pinID: 999, body: "hello")) { error in
            XCTAssertEqual((error as? StoreError)?.message, "no pin with id 999")
        }
        XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM comments"), 0)
    }

    func testDeletingAPinDeletesItsComments() throws {
        let store = try Store.inMemory()
        let pin = try store.insert(NewPin(title: "p", latitude: 0, longitude: 0))
        try store.addComment(pinID: pin, body: "one")
        try store.addComment(pinID: pin, body: "two")
        XCTAssertTrue(try store.delete(id: pin))
        XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM comments"), 0)
        XCTAssertEqual(try store.comments(pinID: pin), [])
    }
}
