import XCTest
@testable import PinStore

final class TimelineTests: XCTestCase {
    private func seeded() throws -> [Store] {
        let dates = [
            "2024-05-04T12:30:00+09:00", "2024-05-04T08:00:00Z", "2024-05-09T19:15:00+09:00",
            "2024-05-31T23:59:59-05:00", "2024-06-01T00:00:00+09:00", "2024-04-30T23:00:00Z",
            "2024-05-10T10:00:00Z", "2023-05-04T12:00:00Z",
        ]
        return try TestStores.both(self).map { store in
            for (i, d) in dates.enumerated() {
                try store.insert(NewPin(title: "pin \(i)", latitude: 0, longitude: 0, createdAt: d))
            }
            return store
        }
    }

    func testDaysInMonthCountsPinsByTheDateAsWritten() throws {
        for store in try seeded() {
            XCTAssertEqual(try store.days(inMonth: 2024, month: 5), [4: 2, 9: 1, 10: 1, 31: 1])
            XCTAssertEqual(try store.days(inMonth: 2024, month: 6), [1: 1])
            XCTAssertEqual(try store.days(inMonth: 2024, month: 4), [30: 1])
            XCTAssertEqual(try store.days(inMonth: 2023, month: 5), [4: 1])
            XCTAssertEqual(try store.days(inMonth: 2024, month: 7), [:])
        }
    }

    func testPinsOnADayAreEarliestFirst() throws {
        for store in try seeded() {
            XCTAssertEqual(try store.pins(onDay: "2024-05-04").map(\.title), ["pin 1", "pin 0"])
            XCTAssertEqual(try store.pins(onDay: "2024-05-09").map(\.title), ["pin 2"])
            XCTAssertEqual(try store.pins(onDay: "2024-05-10").map(\.title), ["pin 6"])
            XCTAssertEqual(try store.pins(onDay: "2024-05-31").map(\.createdAt), ["2024-05-31T23:59:59-05:00"])
            XCTAssertEqual(try store.pins(onDay: "2024-05-05"), [])
        }
    }

    func testMalformedDaysAndMonthsAreRefused() throws {
        let store = try Store.inMemory()
        for bad in ["2024-5-4", "2024-05-04T", "", "abcd-ef-gh", "2024/05/04"] {
            XCTAssertThrowsError(try store.pins(onDay: bad), bad)
        }
        XCTAssertThrowsError(try store.days(inMonth: 2024, month: 13))
        XCTAssertThrowsError(try store.days(inMonth: 2024, month: 0))
        XCTAssertThrowsError(try store.days(inMonth: -1, month: 1))
    }
}
