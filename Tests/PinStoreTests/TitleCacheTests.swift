import XCTest
import PinModel
@testable import PinStore

/// The map reads pins' titles every frame (`Store.titles(ids:)`) from a cache that must
/// never answer an old title: an edit by this connection or another process's commit
/// drops it.
final class TitleCacheTests: XCTestCase {
    func testAnEditOnThisConnectionIsReadAtOnce() throws {
        let store = try Store.inMemory()
        let a = try store.insert(NewPin(title: "Old", latitude: 1, longitude: 2))
        let b = try store.insert(NewPin(title: "Other", latitude: 1, longitude: 2))
        XCTAssertEqual(try store.titles(ids: [a, b, 99]), [a: "Old", b: "Other"])
        _ = try store.update(id: a, title: "New")
        XCTAssertEqual(try store.titles(ids: [a, b]), [a: "New", b: "Other"])
        _ = try store.delete(id: b)
        XCTAssertEqual(try store.titles(ids: [a, b]), [a: "New"])
    }

    func testAnotherProcesssCommitIsReadAtOnce() throws {
        let path = try TestStores.tempPath(self)
        let map = try Store(path: path), cli = try Store(path: path)
        let a = try cli.insert(NewPin(title: "Old", latitude: 1, longitude: 2))
        XCTAssertEqual(try map.titles(ids: [a]), [a: "Old"])
        _ = try cli.update(id: a, title: "Renamed elsewhere")
        XCTAssertEqual(try map.titles(ids: [a]), [a: "Renamed elsewhere"])
    }
}
