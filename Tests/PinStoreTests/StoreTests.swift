import XCTest
import Foundation
@testable import PinStore
import PinmapTestSupport

final class StoreTests: XCTestCase {
    /// A store path in a folder that does not exist yet (the store makes it), in the test's own.
    private func tempPath() throws -> String {
        try makeTempFolder().path + "/store/pins.sqlite"
    }

    /// The default path follows PINMAP_DB, then an absolute XDG_DATA_HOME, then HOME; a
    /// relative XDG_DATA_HOME is ignored (XDG: "should consider the path invalid"), and an
    /// empty HOME is not the root ('/.local/share/…').
    func testTheDefaultPathIgnoresARelativeXDGDataHomeAndAnEmptyHome() {
        XCTAssertEqual(Store.defaultPath(environment: ["PINMAP_DB": "/a/p.sqlite", "XDG_DATA_HOME": "/x"]), "/a/p.sqlite")
        XCTAssertEqual(Store.defaultPath(environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"]), "/x/pinmap/pins.sqlite")
        XCTAssertEqual(Store.defaultPath(environment: ["XDG_DATA_HOME": "relative/dir", "HOME": "/h"]), "/h/.local/share/pinmap/pins.sqlite")
        XCTAssertEqual(Store.defaultPath(environment: ["XDG_DATA_HOME": "", "HOME": "/h"]), "/h/.local/share/pinmap/pins.sqlite")
        let empty = Store.defaultPath(environment: ["HOME": ""])
        XCTAssertEqual(empty, NSHomeDirectory() + "/.local/share/pinmap/pins.sqlite")
        XCTAssertNotEqual(empty, "/.local/share/pinmap/pins.sqlite")
    }

    func testRoundTripKeepsCoordinatesExactAndKoreanText() throws {
        for path in [":memory:", try tempPath()] {
            let store = try Store(path: path)
            let id = try store.insert(NewPin(title: "전쟁기념관", description: "야외 전시 비행기 구경",
                                             category: "museum", latitude: 37.5365, longitude: 126.9772,
                                             createdAt: "2023-05-05T13:20:00+09:00"))
            let pin = try XCTUnwrap(store.pin(id: id))
            XCTAssertEqual(pin.title, "전쟁기념관")
            XCTAssertEqual(pin.description, "야외 전시 비행기 구경")
            XCTAssertEqual(pin.latitude, 37.5365)
            XCTAssertEqual(pin.longitude, 126.9772)
            XCTAssertEqual(pin.createdAt, "2023-05-05T13:20:00+09:00")
            XCTAssertEqual(try store.count(), 1)
        }
    }

    func testFileStoreIsWALAndVersioned() throws {
        let path = try tempPath()
        let store = try Store(path: path)
        XCTAssertEqual(try store.db.scalarInt("PRAGMA application_id"), Migrations.applicationID)
        XCTAssertEqual(try store.schemaVersion(), Migrations.all.count)
        let st = try store.db.prepare("PRAGMA journal_mode")
        XCTAssertTrue(try st.step())
        XCTAssertEqual(st.text(0), "wal")
    }

    func testReopeningKeepsPins() throws {
        let path = try tempPath()
        do { try Store(path: path).insert(NewPin(title: "a", latitude: 1, longitude: 2)) }
        XCTAssertEqual(try Store(path: path).count(), 1)
    }

    func testRefusesANonSQLiteFileWithoutTouchingIt() throws {
        let path = try tempPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let bytes = Data("this is my diary, not a database\n".utf8) + Data(repeating: 7, count: 2000)
        try bytes.write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try Store(path: path)) { error in
            XCTAssertTrue("\(error)".contains("cannot open store"), "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), bytes)
    }

    func testRefusesAnotherProgramsSQLiteDatabase() throws {
        let path = try tempPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        do {
            let db = try Database(path: path)
            try db.execute("CREATE TABLE invoices(id INTEGER); INSERT INTO invoices VALUES (42)")
        }
        XCTAssertThrowsError(try Store(path: path)) { error in
            XCTAssertTrue("\(error)".contains("not a Pinmap store"), "\(error)")
        }
        let db = try Database(path: path)
        XCTAssertEqual(try db.scalarInt("SELECT id FROM invoices"), 42)
        XCTAssertEqual(try db.scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'pins'"), 0)
    }

    func testConstraintsRejectBlankTitleAndOutOfRange() throws {
        let store = try Store.inMemory()
        XCTAssertThrowsError(try store.insert(NewPin(title: "  ", latitude: 0, longitude: 0)))
        XCTAssertThrowsError(try store.insert(NewPin(title: "x", latitude: 90.5, longitude: 0)))
        XCTAssertThrowsError(try store.insert(NewPin(title: "x", latitude: 0, longitude: -180.01)))
        XCTAssertEqual(try store.count(), 0)
    }

    func testBoundingBoxQueryUsesTheIndexAndFilters() throws {
        let store = try Store.inMemory()
        try store.insert(NewPin(title: "Seoul", category: "city", latitude: 37.56, longitude: 126.97, createdAt: "2024-01-02"))
        try store.insert(NewPin(title: "Busan", category: "city", latitude: 35.10, longitude: 129.03, createdAt: "2024-01-03"))
        try store.insert(NewPin(title: "Paris", category: "cafe", latitude: 48.85, longitude: 2.35, createdAt: "2024-01-01"))
        let korea = LatLonBox(south: 33, west: 124, north: 39, east: 131)
        XCTAssertEqual(try store.pins(matching: PinQuery(boxes: [korea])).map(\.title), ["Busan", "Seoul"])
        XCTAssertEqual(try store.count(matching: PinQuery(boxes: [korea])), 2)
        XCTAssertEqual(try store.pins(matching: PinQuery(categories: ["cafe"])).map(\.title), ["Paris"])
        XCTAssertEqual(try store.pins(matching: PinQuery(order: .title)).map(\.title), ["Busan", "Paris", "Seoul"])
        let near = try store.pins(matching: PinQuery(order: .distance, near: (48, 3)))
        XCTAssertEqual(near.map(\.title), ["Paris", "Seoul", "Busan"])
        let plan = try store.db.prepare("EXPLAIN QUERY PLAN SELECT id FROM pins WHERE latitude BETWEEN 33 AND 39 AND longitude BETWEEN 124 AND 131")
        XCTAssertTrue(try plan.step())
        XCTAssertTrue(plan.text(3).contains("pins_lat_lon"), plan.text(3))
    }

    func testSettingsPersist() throws {
        let store = try Store.inMemory()
        XCTAssertNil(try store.setting("detent"))
        try store.setSetting("detent", "large")
        try store.setSetting("detent", "medium")
        XCTAssertEqual(try store.setting("detent"), "medium")
    }

    func testGreatCircleLondonToParis() {
        // London (51.5074 N, 0.1278 W) to Paris (48.8566 N, 2.3522 E): 343.5 km by haversine.
        let m = greatCircleMetres(51.5074, -0.1278, 48.8566, 2.3522)
        XCTAssertEqual(m, 343_500, accuracy: 1_000)
        XCTAssertEqual(greatCircleMetres(0, 179.5, 0, -179.5), 111_195, accuracy: 50, "across the antimeridian")
    }
}
