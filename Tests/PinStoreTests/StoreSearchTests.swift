import XCTest
@testable import PinStore

/// `Store.search`: every match in the store, newest first, split by the view, bounded.
final class StoreSearchTests: XCTestCase {
    private func seeded() throws -> [Store] {
        let pins: [NewPin] = [
            NewPin(title: "종묘", description: "조선 왕실 사당", category: "landmark", latitude: 37.5746, longitude: 126.9941),
            NewPin(title: "서울역", description: "", category: "station", latitude: 37.5547, longitude: 126.9707),
            NewPin(title: "부산역", description: "서울 가는 KTX", category: "station", latitude: 35.1151, longitude: 129.0422),
            NewPin(title: "Café de Flore", description: "", category: "cafe", latitude: 48.8541, longitude: 2.3326),
            NewPin(title: "국립중앙박물관", description: "", category: "museum", latitude: 37.5240, longitude: 126.9804),
        ]
        return try TestStores.both().map { store in
            for p in pins { _ = try store.insert(p) }
            return store
        }
    }

    private let seoul = LatLonBox(south: 37.4, west: 126.8, north: 37.7, east: 127.2)

    func testShortKoreanQueriesFindSubstringsAndSplitByTheView() throws {
        for store in try seeded() {
            let one = try store.search("종", boxes: [seoul], categories: nil)
            XCTAssertEqual(one.inView.map(\.title), ["종묘"])
            XCTAssertEqual(one.elsewhere, 0)
            let two = try store.search("서울", boxes: [seoul], categories: nil)
            XCTAssertEqual(two.inView.map(\.title), ["서울역"])
            XCTAssertEqual(two.elsewhere, 1, "부산역 says 서울 in its description")
            XCTAssertFalse(two.capped)
            XCTAssertEqual(try store.search("박물", boxes: [seoul], categories: nil).inView.map(\.title), ["국립중앙박물관"],
                           "inside a compound")
            XCTAssertEqual(try store.search("역", boxes: [], categories: ["station"]).inView.map(\.title), ["부산역", "서울역"],
                           "newest first, category filter")
        }
    }

    func testLatinQueriesFoldCaseAndPunctuationStillMatchesExactly() throws {
        for store in try seeded() {
            XCTAssertEqual(try store.search("CA", boxes: [seoul], categories: nil).elsewhere, 1)
            XCTAssertEqual(try store.search("é", boxes: [], categories: nil).inView.map(\.title), ["Café de Flore"])
            XCTAssertEqual(try store.search(" fL ", boxes: [], categories: nil).inView.map(\.title), ["Café de Flore"])
            XCTAssertEqual(try store.search("é!", boxes: [], categories: nil).inView, [], "the ! is checked by a scan")
        }
    }

    func testTheScanIsBoundedAndSaysSo() throws {
        for store in try seeded() {
            let r = try store.search("역", boxes: [], categories: nil, scanLimit: 1)
            XCTAssertEqual(r.inView.map(\.title), ["부산역"])
            XCTAssertTrue(r.capped)
        }
    }
}
