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
        return try TestStores.both(self).map { store in
            for p in pins { _ = try store.insert(p) }
            return store
        }
    }

    private let seoul = LatLonBox(south: 37.4, west: 126.8, north: 37.7, east: 127.2)

    /// Titles of the matches inside `boxes` (all when empty), newest first, and how many lie outside.
    private func split(_ store: Store, _ text: String, _ boxes: [LatLonBox] = [], categories: Set<String>? = nil,
                       scanLimit: Int = Store.searchScanLimit) throws -> (titles: [String], elsewhere: Int, capped: Bool) {
        let r = try store.search(text, categories: categories, scanLimit: scanLimit)
        let inside = r.matches.filter { $0.isInside(boxes) }
        return (try store.pins(ids: inside.map(\.id)).map(\.title), r.matches.count - inside.count, r.capped)
    }

    func testShortKoreanQueriesFindSubstringsAndSplitByTheView() throws {
        for store in try seeded() {
            let one = try split(store, "종", [seoul])
            XCTAssertEqual(one.titles, ["종묘"])
            XCTAssertEqual(one.elsewhere, 0)
            let two = try split(store, "서울", [seoul])
            XCTAssertEqual(two.titles, ["서울역"])
            XCTAssertEqual(two.elsewhere, 1, "부산역 says 서울 in its description")
            XCTAssertFalse(two.capped)
            XCTAssertEqual(try split(store, "박물", [seoul]).titles, ["국립중앙박물관"], "inside a compound")
            XCTAssertEqual(try split(store, "역", categories: ["station"]).titles, ["부산역", "서울역"], "newest first, category filter")
        }
    }

    func testLatinQueriesFoldCaseAndPunctuationStillMatchesExactly() throws {
        for store in try seeded() {
            XCTAssertEqual(try split(store, "CA", [seoul]).elsewhere, 1)
            XCTAssertEqual(try split(store, "é").titles, ["Café de Flore"])
            XCTAssertEqual(try split(store, " fL ").titles, ["Café de Flore"])
            XCTAssertEqual(try split(store, "é!").titles, [], "the ! is checked by a scan")
        }
    }

    /// The indexes keep no positions (migration 9): trigrams or characters that occur
    /// apart must not make a match.
    func testLettersThatOccurApartDoNotMatch() throws {
        for store in try seeded() {
            _ = try store.insert(NewPin(title: "Amus xuse", description: "a-b", latitude: 1, longitude: 1))
            _ = try store.insert(NewPin(title: "Amuse", description: "ab", latitude: 1, longitude: 1))
            XCTAssertEqual(try split(store, "amuse").titles, ["Amuse"], "amu, mus and use apart")
            XCTAssertEqual(try split(store, "AMUSE").titles, ["Amuse"])
            XCTAssertEqual(try split(store, "ab").titles, ["Amuse"], "a and b apart")
            XCTAssertEqual(try split(store, "sx").titles, [], "a space between")
            XCTAssertEqual(try split(store, "a-").titles, ["Amus xuse"])
            XCTAssertEqual(try store.pins(matching: PinQuery(search: "amuse")).map(\.title), ["Amuse"])
            try TestStores.checkSearchIndex(store)
        }
    }

    func testGramsAreEveryCharacterAndEveryAdjacentPair() {
        func grams(_ s: String) -> String {
            var out: [UInt8] = []
            Array(s.utf8).withUnsafeBufferPointer { Store.grams($0, into: &out) }
            return String(decoding: out, as: UTF8.self)
        }
        XCTAssertEqual(grams("Seoul"), "S e Se o eo u ou l ul ")
        XCTAssertEqual(grams("서울 역"), "서 울 서울 역 ")
        XCTAssertEqual(grams("a\tb"), "a b ")
        XCTAssertEqual(grams(""), " ")
    }

    func testTheScanIsBoundedAndSaysSo() throws {
        for store in try seeded() {
            let r = try split(store, "역", scanLimit: 1)
            XCTAssertEqual(r.titles, ["부산역"])
            XCTAssertTrue(r.capped)
        }
    }
}
