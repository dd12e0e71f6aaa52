import XCTest
import Foundation
import PinModel
import PinModelTesting
@testable import PinStore
@testable import PinStorePostgres
import PostgresTesting
import PinmapTestSupport

/// The same checks of `PinRepository` against the SQLite store in memory, the SQLite store
/// on disk, the in-memory fake the core's tests use and the PostgreSQL store (a fresh
/// database on the server of PINMAP_TEST_PG_URL, which `.ci/run` always sets; a local run
/// without it checks the other three): none may drift from the others.
final class RepositoryContractTests: XCTestCase {
    private var folder: URL!
    private var databases: [String] = []

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-contract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
        databases.forEach(TestServer.dropDatabase)
    }

    /// Each repository under test, named for the failure messages.
    private func repositories() throws -> [(String, any PinRepository)] {
        var all: [(String, any PinRepository)] = [
            ("sqlite in memory", try Store.inMemory()),
            ("sqlite on disk", try Store(path: folder.appendingPathComponent("pins.sqlite").path)),
            ("in-memory fake", InMemoryPinRepository())]
        if TestServer.url != nil {
            let uri = try TestServer.freshStoreURI()
            databases.append(uri)
            all.append(("postgresql", try PostgresStore(uri: uri)))
        }
        return all
    }

    /// The server's cell counts (kept by triggers, rebuilt after a bulk load) give the SQLite
    /// store's cells at every level, with and without a category, after edits and deletes
    /// of cells' lowest-id pins.
    func testMapCellsAtEveryLevelMatchTheSQLiteStore() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let uri = try TestServer.freshStoreURI()
        databases.append(uri)
        let server = try PostgresStore(uri: uri), file = try Store.inMemory()
        var seed: UInt64 = 7
        func next() -> Double { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Double(seed >> 11) / Double(1 << 53) }
        func pins(_ n: Int) -> [NewPin] {
            (0..<n).map { i in
                let city = i % 3 == 0 ? (37.55, 126.98) : i % 3 == 1 ? (48.85, 2.35) : (-33.9, 151.2)
                return NewPin(title: "p\(i)", category: ["a", "b", ""][i % 3 == 0 ? 0 : Int(next() * 3)],
                              latitude: city.0 + (next() - 0.5) * 2, longitude: city.1 + (next() - 0.5) * 2,
                              createdAt: "2024-01-01T00:00:00Z")
            }
        }
        // A bulk load (the server rebuilds its cells once), then writes row by row.
        let bulk = StoreSnapshot(pins: pins(PostgresStore.bulkFrom + 100).enumerated().map { i, p in
            SnapshotPin(pin: Pin(id: Int64(i + 1), title: p.title, category: p.category, latitude: p.latitude,
                                 longitude: p.longitude, createdAt: "2024-01-0\(1 + i % 9)T00:00:00Z", updatedAt: "2024-01-01T00:00:00Z"),
                        batchID: nil, comments: [])
        })
        XCTAssertEqual(try server.receive(bulk).pins, bulk.pins.count)
        XCTAssertEqual(try file.receive(bulk).pins, bulk.pins.count)
        for p in pins(60) { try server.insert(p); try file.insert(p) }
        for id: Int64 in [1, 2, 3, 4, 10, 11, 500] {
            try server.update(id: id, latitude: 10 + Double(id) / 100, longitude: 20); try file.update(id: id, latitude: 10 + Double(id) / 100, longitude: 20)
        }
        for id: Int64 in [5, 6, 7, 8, 9, 12, 13, 600] { try server.delete(id: id); try file.delete(id: id) }
        try server.update(id: 14, category: "b"); try file.update(id: 14, category: "b")
        func cells(_ repo: any PinRepository, _ width: Double, _ categories: Set<String>?, budget: Int) throws -> [String] {
            let names = try repo.pinCellCategoryNames()
            var out: [String] = []
            // Cells that straddle a 3×3 grid of "screen cells" are split (while the budget lasts).
            _ = try repo.visitMapCells(cellWidth: width, boxes: [.world], categories: categories, refineBudget: budget) { c, force in
                let bounds = PinGrid.bounds(level: c.level, x: c.x, y: c.y)
                if !force && c.count > 1 && floor(bounds.west / (width * 3)) != floor((bounds.east - 1e-9) / (width * 3)) { return false }
                // A lone pin is where it is, with its category (SQLite's sparse tree names its
                // coarser cell); a cell of several is its cell, count and lowest-id pin.
                out.append(c.count == 1 ? "\(c.repID) \(c.repLatitude) \(c.repLongitude) \(names[c.repCategoryID] ?? "")"
                           : "\(c.level) \(c.x) \(c.y) \(c.count) \(c.repID) \(c.repLatitude) \(c.repLongitude)")
                return true
            }
            return out.sorted()
        }
        for width in [100, 20, 3, 0.4, 0.05, 0.01, 0.002] {
            for categories: Set<String>? in [nil, ["a"], ["b", ""]] {
                for budget in [0, 100_000] {
                    XCTAssertEqual(try cells(server, width, categories, budget: budget), try cells(file, width, categories, budget: budget),
                                   "width \(width), \(String(describing: categories)), budget \(budget)")
                }
            }
        }
        XCTAssertEqual(try server.pinCellTotals(), try file.pinCellTotals())
    }

    /// A view of some categories at levels 15 and 16 (no category cells on the server since
    /// migration 10: grouped from the pins) shows the SQLite store's cells, where cells hold
    /// many pins, after a bulk load and writes row by row; and level 14, the finest stored,
    /// and 13 (none stored since migration 18: grouped from level 14's).
    func testCategoryViewsAtLevels13To16MatchTheSQLiteStore() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let uri = try TestServer.freshStoreURI()
        databases.append(uri)
        let server = try PostgresStore(uri: uri), file = try Store.inMemory()
        var seed: UInt64 = 11
        func next() -> Double { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Double(seed >> 11) / Double(1 << 53) }
        // Within 0.1° of central Seoul: a level-15 cell (0.011° × 0.022°) holds a dozen pins.
        func pin(_ i: Int) -> NewPin {
            NewPin(title: "p\(i)", category: ["cafe", "bar", "", "park"][Int(next() * 4)],
                   latitude: 37.56 + (next() - 0.5) * 0.2, longitude: 126.98 + (next() - 0.5) * 0.2, createdAt: "2024-01-01T00:00:00Z")
        }
        let bulk = StoreSnapshot(pins: (0..<PostgresStore.bulkFrom + 500).map { i in
            let p = pin(i)
            return SnapshotPin(pin: Pin(id: Int64(i + 1), title: p.title, category: p.category, latitude: p.latitude, longitude: p.longitude,
                                        createdAt: "2024-01-01T00:00:00Z", updatedAt: "2024-01-01T00:00:00Z"), batchID: nil, comments: [])
        })
        XCTAssertEqual(try server.receive(bulk).pins, bulk.pins.count)
        XCTAssertEqual(try file.receive(bulk).pins, bulk.pins.count)
        for i in 0..<40 { let p = pin(i); try server.insert(p); try file.insert(p) }
        for id: Int64 in [1, 2, 3, 40, 41] { try server.delete(id: id); try file.delete(id: id) }
        for id: Int64 in [4, 5, 6] {
            try server.update(id: id, category: "bar"); try file.update(id: id, category: "bar")
            try server.update(id: id + 10, latitude: 37.5, longitude: 127.01); try file.update(id: id + 10, latitude: 37.5, longitude: 127.01)
        }
        // Around every pin (at a box's edge SQLite's lone pins are where they are, the
        // server's where their cell is).
        let seoul = LatLonBox(south: 37.3, west: 126.7, north: 37.8, east: 127.3)
        func cells(_ repo: any PinRepository, level: Int, _ categories: Set<String>) throws -> [String] {
            let names = try repo.pinCellCategoryNames()
            var out: [String] = []
            _ = try repo.visitMapCells(cellWidth: PinGrid.cellWidth(level: level), boxes: [seoul], categories: categories,
                                       refineBudget: 0) { c, _ in
                // A lone pin is where it is (SQLite's sparse tree names its coarser cell).
                out.append(c.count == 1 ? "\(c.repID) \(c.repLatitude) \(c.repLongitude) \(names[c.repCategoryID] ?? "")"
                           : "\(c.level) \(c.x) \(c.y) \(names[c.scope] ?? "") \(c.count) \(c.repID) \(c.repLatitude) \(c.repLongitude) "
                             + (names[c.repCategoryID] ?? ""))
                return true
            }
            return out.sorted()
        }
        for level in 13...16 {
            for categories: Set<String> in [["cafe"], ["bar", ""], ["park", "cafe", "bar"]] {
                let shown = try cells(server, level: level, categories), expected = try cells(file, level: level, categories)
                XCTAssertEqual(shown.count, expected.count, "level \(level), \(categories)")
                XCTAssertEqual(Set(shown).symmetricDifference(expected).sorted(), [], "level \(level), \(categories)")
                XCTAssertGreaterThan(shown.filter { $0.hasPrefix("\(level) ") }.count, level == 13 ? 10 : 30, "cells of several pins: level \(level)")
            }
        }
    }

    /// Loads `snapshot` (ids from 1) into `repo`: in bulk where the store can, as an import.
    private func load(_ snapshot: StoreSnapshot, into repo: any PinRepository) throws {
        switch repo {
        case let file as Store: XCTAssertEqual(try file.receive(snapshot).pins, snapshot.pins.count)
        case let server as PostgresStore: XCTAssertEqual(try server.receive(snapshot).pins, snapshot.pins.count)
        default:
            for p in snapshot.pins.map(\.pin) {
                _ = try repo.insert(NewPin(title: p.title, category: p.category, latitude: p.latitude,
                                           longitude: p.longitude, createdAt: p.createdAt))
            }
        }
    }

    /// The fit's box is the exact box of the pins (their extreme latitudes and longitudes) in
    /// every store, so every store fits the same pins at the same zoom: a file store of
    /// 20,000 pins or more finds it down its cell tree, the others with `min`/`max`. Pins on
    /// cell edges, at ±180° and the poles, and many in one finest cell.
    func testTheFitsBoxIsTheExactBoxInEveryStore() throws {
        let snapshot = ParityPins.snapshot()
        for (name, repo) in try repositories() {
            try load(snapshot, into: repo)
            if let file = repo as? Store {
                XCTAssertNotNil(try file.cellExtent(categories: nil), "the cell tree answers: \(name)")
            }
            for categories: Set<String>? in [nil, ["city"], ["edge"], ["stack"], ["dateline"], ["pole"],
                                             ["city", "stack"], ["edge", "dateline"], ["stack", "pole"]] {
                XCTAssertEqual(try repo.boundingBox(matching: PinQuery(categories: categories)), ParityPins.box(categories: categories),
                               "\(name), \(String(describing: categories))")
            }
            XCTAssertNil(try repo.boundingBox(matching: PinQuery(categories: ["no such category"])), name)
            // A query's boxes are not the fit's (the protocol ignores them); search words are.
            let seoul = LatLonBox(south: 37.5, west: 126.9, north: 37.6, east: 127)
            XCTAssertEqual(try repo.boundingBox(matching: PinQuery(boxes: [seoul], categories: ["edge"])), ParityPins.box(categories: ["edge"]), name)
            XCTAssertEqual(try repo.boundingBox(matching: PinQuery(search: "stack")), ParityPins.box(categories: ["stack"]), name)
        }
    }

    /// When more cells straddle screen cells than the budget splits, the server and the file
    /// store split the same cells and force the same others (one order: `StraddlingCells`),
    /// so both draw the same clusters: views of a crowded city at several zooms, of pins on
    /// cell edges, across the antimeridian, at the poles and of a cell of 500 pins.
    func testASpentSplitBudgetSplitsTheSameCellsInBothStores() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let uri = try TestServer.freshStoreURI()
        databases.append(uri)
        let server = try PostgresStore(uri: uri), file = try Store.inMemory()
        try load(ParityPins.snapshot(), into: server)
        try load(ParityPins.snapshot(), into: file)
        /// Every cell `visitMapCells` counts (forced: it straddles), lone pins by id (the SQLite
        /// store's sparse tree names a coarser cell), with "screen cells" three cells wide.
        func cells(_ repo: any PinRepository, width: Double, boxes: [LatLonBox], budget: Int) throws -> [String] {
            var out: [String] = []
            let screen = width * 3
            let visit = try repo.visitMapCells(cellWidth: width, boxes: boxes, categories: nil, refineBudget: budget) { c, force in
                let b = c.bounds
                let straddles = floor(b.west / screen) != floor((b.east - 1e-9) / screen)
                    || floor(b.south / (2 * screen)) != floor((b.north - 1e-9) / (2 * screen))
                if c.count > 1 && straddles && !force { return false }
                out.append(c.count == 1 ? "pin \(c.repID) \(c.repLatitude) \(c.repLongitude)"
                           : "\(c.level) \(c.x) \(c.y) \(c.count) \(c.repID)\(straddles ? " forced" : "")")
                return true
            }
            return out.sorted() + ["refined \(visit.refined)"]
        }
        let seoul = [LatLonBox(south: 37.3, west: 126.7, north: 37.8, east: 127.3)]
        let dateline = [LatLonBox(south: -20, west: 170, north: 20, east: 180), LatLonBox(south: -20, west: -180, north: 20, east: -170)]
        let poles = [LatLonBox(south: 80, west: -180, north: 90, east: 180), LatLonBox(south: -90, west: -180, north: -80, east: 180)]
        let views: [(String, Double, [LatLonBox])] = [
            ("world", 3, [.world]), ("seoul", 0.05, seoul), ("seoul", 0.01, seoul), ("seoul", 0.002, seoul),
            ("stack", 0.00001, [LatLonBox(south: 37.566, west: 126.977, north: 37.567, east: 126.979)]),
            ("dateline", 0.5, dateline), ("dateline", 0.0000005, dateline), ("poles", 1, poles)]
        for (view, width, boxes) in views {
            for budget in [0, 20, 150, 300] {
                let shown = try cells(server, width: width, boxes: boxes, budget: budget)
                let expected = try cells(file, width: width, boxes: boxes, budget: budget)
                XCTAssertEqual(shown.count, expected.count, "\(view) \(width), budget \(budget)")
                XCTAssertEqual(Set(shown).symmetricDifference(expected).sorted(), [], "\(view) \(width), budget \(budget)")
            }
        }
    }

    func testVersionsRefuseAnEditOrDeleteOfAPinChangedElsewhere() throws {
        for (name, repo) in try repositories() {
            let id = try repo.insert(seoul)
            XCTAssertEqual(try repo.pin(id: id)?.version, 1, name)
            XCTAssertEqual(try repo.update(id: id, title: "종묘 정전", description: nil, category: nil, latitude: nil, longitude: nil, ifVersion: 1)?.version, 2, name)
            XCTAssertEqual(try repo.update(id: id, title: "종묘 정전")?.version, 2, "no change, no new version: \(name)")
            XCTAssertThrowsError(try repo.update(id: id, title: nil, description: nil, category: "palace", latitude: nil,
                                                 longitude: nil, ifVersion: 1), name) {
                XCTAssertEqual(($0 as? StoreError)?.message,
                               "pin \(id) changed elsewhere since you opened it (version 1, now 2); nothing was changed", name)
                XCTAssertEqual(($0 as? StoreError)?.code, StoreError.changedElsewhere, name)
            }
            XCTAssertEqual(try repo.pin(id: id)?.category, "landmark", "unchanged: \(name)")
            XCTAssertThrowsError(try repo.delete(id: id, ifVersion: 1), name)
            XCTAssertEqual(try repo.count(), 1, "not deleted: \(name)")
            let deleted = try XCTUnwrap(try repo.deleteForUndo(id: id, ifVersion: 2), name)
            XCTAssertEqual(try repo.restore(deleted), id, "same id: \(name)")
            XCTAssertEqual(try repo.pin(id: id)?.version, 2, "same version: \(name)")
        }
    }

    /// A deleted pin's id is never given again (a file store's highest pin too: SQLite's own
    /// choice would be that id), so an edit or delete of it by id and version finds no pin
    /// instead of writing over the next new one.
    func testADeletedPinsIDIsNeverGivenAgain() throws {
        for (name, repo) in try repositories() {
            let a = try repo.insert(seoul), b = try repo.insert(busan)
            XCTAssertTrue(try repo.delete(id: b), name)
            let c = try repo.insert(cafe)
            XCTAssertGreaterThan(c, b, name)
            XCTAssertNil(try repo.update(id: b, title: "Busan Tower overwritten", description: nil, category: nil,
                                         latitude: nil, longitude: nil, ifVersion: 1), name)
            XCTAssertNil(try repo.deleteForUndo(id: b, ifVersion: 1), name)
            XCTAssertEqual(try repo.pins(ids: [a, b, c]).map(\.title).sorted(), ["Garosu-gil coffee", "종묘"], name)
        }
    }

    /// Every store knows the highest id it gave, deleted pins' too (what tells an edit by
    /// version of a deleted pin from one of an id never given): 0 when empty, the newest pin's,
    /// a deleted highest pin's, and unchanged by a pin put back under its own id.
    func testTheHighestGivenIDCountsDeletedPins() throws {
        for (name, repo) in try repositories() {
            var seen = [try repo.highestGivenPinID()]
            let a = try repo.insert(seoul), b = try repo.insert(busan)
            seen.append(try repo.highestGivenPinID())
            let deleted = try XCTUnwrap(try repo.deleteForUndo(id: b), name)
            seen.append(try repo.highestGivenPinID())
            XCTAssertTrue(try repo.delete(id: a), name)
            seen.append(try repo.highestGivenPinID())
            XCTAssertEqual(try repo.restore(deleted), b, name)
            seen.append(try repo.highestGivenPinID())
            let c = try repo.insert(cafe)
            seen.append(try repo.highestGivenPinID())
            XCTAssertEqual([a, b, c], [1, 2, 3], name)
            XCTAssertEqual(seen, [0, 2, 2, 2, 2, 3], name)
        }
    }

    /// The stores that take plain SQL from another program, each with a way to run it as
    /// one would (the store's own file or database; on the server, a connection of its own,
    /// as psql or QGIS).
    private func sqlStores() throws -> [(String, any PinRepository, (String) throws -> Void, (Int64) throws -> Int64)] {
        try repositories().compactMap { name, repo in
            if let store = repo as? Store {
                return (name, repo, { sql in try store.db.execute(sql) },
                        { id in try store.db.scalarInt("SELECT edits FROM pins WHERE id = \(id)") })
            }
            if let store = repo as? PostgresStore {
                let outside = try PGConnection(uri: store.db.uri)
                return (name, repo, { sql in _ = try outside.execute(sql) },
                        { id in try outside.execute("SELECT edits FROM pins WHERE id = \(id)").int(0, 0) })
            }
            return nil
        }
    }

    /// An edit by another program (psql, QGIS, the sqlite3 shell) that changes what a user
    /// sees raises the version by one, so a Pinmap edit or delete that read the old one is
    /// refused; Pinmap's own edits are raised once, and a write that changes nothing seen, or
    /// sets the version itself, is left as it is.
    func testAnEditOutsidePinmapRaisesTheVersionSoPinmapsEditIsRefused() throws {
        let stores = try sqlStores()
        XCTAssertEqual(stores.count, TestServer.url == nil ? 2 : 3)
        for (name, repo, outside, edits) in stores {
            let id = try repo.insert(seoul)
            try outside("UPDATE pins SET description = 'QGIS user note', updated_at = '2000-01-01T00:00:00Z' WHERE id = \(id)")
            var pin = try XCTUnwrap(try repo.pin(id: id), name)
            XCTAssertEqual([pin.version, try edits(id)], [2, 1], "one edit more, as undo-import counts: \(name)")
            XCTAssertEqual(pin.updatedAt, "2000-01-01T00:00:00Z", "the time it set is kept: \(name)")
            XCTAssertThrowsError(try repo.update(id: id, title: "cli", description: nil, category: nil, latitude: nil,
                                                 longitude: nil, ifVersion: 1), name) {
                XCTAssertEqual(($0 as? StoreError)?.message,
                               "pin \(id) changed elsewhere since you opened it (version 1, now 2); nothing was changed", name)
            }
            XCTAssertThrowsError(try repo.delete(id: id, ifVersion: 1), name)
            XCTAssertEqual(try repo.pin(id: id)?.description, "QGIS user note", "the note is kept: \(name)")
            XCTAssertEqual(try repo.update(id: id, title: "cli", description: nil, category: nil, latitude: nil, longitude: nil,
                                           ifVersion: 2)?.version, 3, "Pinmap's own edit raised once: \(name)")
            for (k, set) in ["title = 'QGIS title'", "category = 'palace'", "latitude = 37.5", "longitude = 127.5",
                             "created_at = '2001-01-01T00:00:00Z'", #"properties = '{"note":1}'"#].enumerated() {
                try outside("UPDATE pins SET \(set) WHERE id = \(id)")
                pin = try XCTUnwrap(try repo.pin(id: id), name)
                XCTAssertEqual(pin.version, Int64(4 + k), "\(set): \(name)")
                XCTAssertNotEqual(pin.updatedAt, "2000-01-01T00:00:00Z", "\(set): \(name)")
                XCTAssertNotNil(pin.updatedAt.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/), "\(pin.updatedAt): \(name)")
            }
            // Nothing seen changes: the same values, another column, a version set outright.
            try outside("UPDATE pins SET title = title, description = description, latitude = latitude WHERE id = \(id)")
            try outside("UPDATE pins SET updated_at = '2002-01-01T00:00:00Z' WHERE id = \(id)")
            XCTAssertEqual(try repo.pin(id: id)?.version, 9, name)
            try outside("UPDATE pins SET category = 'gate', version = 20 WHERE id = \(id)")
            pin = try XCTUnwrap(try repo.pin(id: id), name)
            XCTAssertEqual([pin.version, try edits(id)], [20, 8], name)
            XCTAssertEqual(pin.category, "gate", name)
        }
    }

    func testHostileTextRoundTripsExactly() throws {
        let hostile = "'); DROP TABLE pins; -- \\ \t \" $1 %_ 𝄞 \u{202E}"
        for (name, repo) in try repositories() {
            let id = try repo.insert(NewPin(title: hostile, description: hostile, category: hostile, latitude: 1, longitude: 2,
                                            properties: #"{"note":"'; DROP TABLE pins; --"}"#))
            let pin = try XCTUnwrap(try repo.pin(id: id), name)
            XCTAssertEqual([pin.title, pin.description, pin.category], [hostile, hostile, hostile], name)
            XCTAssertEqual(pin.properties, #"{"note":"'; DROP TABLE pins; --"}"#, name)
            XCTAssertEqual(try repo.search("%_").matches.map(\.id), [id], name)
            XCTAssertEqual(try repo.search("drop table").matches.map(\.id), [id], name)
            try repo.addComment(pinID: id, body: hostile)
            XCTAssertEqual(try repo.comments(pinID: id).map(\.body), [hostile], name)
        }
    }

    func testShortSearchesKoreanIncludedGiveTheSameAnswers() throws {
        for (name, repo) in try repositories() {
            let s = try repo.insert(seoul), b = try repo.insert(busan), c = try repo.insert(cafe)
            let museum = try repo.insert(NewPin(title: "전쟁기념관", category: "museum", latitude: 37.53, longitude: 126.97,
                                                properties: #"{"name_en":"War Memorial"}"#))
            XCTAssertEqual(try repo.search("종").matches.map(\.id), [s], name)
            XCTAssertEqual(try repo.search("기념").matches.map(\.id), [museum], name)
            XCTAssertEqual(try repo.search("T").matches.map(\.id), [b], "case folded: \(name)")
            XCTAssertEqual(try repo.search("o").matches.map(\.id), [museum, c, b, s], "newest first: \(name)")
            XCTAssertEqual(try repo.search("war mem").matches.map(\.id), [museum], "property values: \(name)")
            XCTAssertEqual(try repo.search("shrine 묘").matches.map(\.id), [s], name)
            XCTAssertEqual(try repo.search("o", categories: ["cafe"], scanLimit: 10).matches.map(\.id), [c], name)
            let capped = try repo.search("o", categories: nil, scanLimit: 2)
            XCTAssertEqual(capped.matches.map(\.id), [museum, c], name)
            XCTAssertTrue(capped.capped, name)
        }
    }

    private let seoul = NewPin(title: "종묘", description: "royal shrine", category: "landmark",
                               latitude: 37.5744, longitude: 126.9940, createdAt: "2025-04-12T10:00:00+09:00")
    private let busan = NewPin(title: "Busan Tower", category: "landmark", latitude: 35.1008, longitude: 129.0324,
                               createdAt: "2023-07-01T10:00:00+09:00")
    private let cafe = NewPin(title: "Garosu-gil coffee", category: "cafe", latitude: 37.5206, longitude: 127.0230,
                              createdAt: "2025-04-12T15:30:00+09:00")

    func testInsertReadUpdateDeleteAndRestore() throws {
        for (name, repo) in try repositories() {
            let a = try repo.insert(seoul), b = try repo.insert(busan)
            XCTAssertEqual(b, a + 1, name)
            XCTAssertEqual(try repo.count(), 2, name)
            XCTAssertEqual(try repo.pin(id: a)?.title, "종묘", name)
            XCTAssertEqual(try repo.pins(ids: [b, 999, a]).map(\.id), [b, a], name)
            XCTAssertEqual(try repo.titles(ids: [b, 999, a]), [a: "종묘", b: "Busan Tower"], name)
            let moved = try repo.update(id: b, title: "Busan Tower (Yongdusan)", description: nil, category: nil,
                                        latitude: 35.1, longitude: nil)
            XCTAssertEqual(moved?.title, "Busan Tower (Yongdusan)", name)
            XCTAssertEqual(moved?.latitude, 35.1, name)
            XCTAssertEqual(moved?.longitude, 129.0324, name)
            XCTAssertNil(try repo.update(id: 999, title: "x", description: nil, category: nil, latitude: nil, longitude: nil), name)
            try repo.addComment(pinID: a, body: "비 오는 날")
            let deleted = try XCTUnwrap(try repo.deleteForUndo(id: a), name)
            XCTAssertEqual(deleted.comments.map(\.body), ["비 오는 날"], name)
            XCTAssertNil(try repo.pin(id: a), name)
            XCTAssertNil(try repo.deleteForUndo(id: a), name)
            XCTAssertEqual(try repo.restore(deleted), a, "same id: \(name)")
            XCTAssertEqual(try repo.comments(pinID: a).map(\.body), ["비 오는 날"], name)
            XCTAssertTrue(try repo.delete(id: b), name)
            XCTAssertFalse(try repo.delete(id: b), name)
            XCTAssertEqual(try repo.count(), 1, name)
        }
    }

    func testRulesAreRefusedWithTheirReason() throws {
        for (name, repo) in try repositories() {
            // Inserts are refused (the store's CHECK constraints word it their way).
            XCTAssertThrowsError(try repo.insert(NewPin(title: "  ", latitude: 1, longitude: 1)), name)
            XCTAssertThrowsError(try repo.insert(NewPin(title: "x", latitude: 95, longitude: 1)), name)
            XCTAssertEqual(try repo.count(), 0, "nothing stored: \(name)")
            let id = try repo.insert(busan)
            XCTAssertThrowsError(try repo.update(id: id, title: nil, description: nil, category: nil,
                                                 latitude: nil, longitude: 180.5), name) {
                XCTAssertEqual(($0 as? StoreError)?.message, "longitude 180.5 outside [-180, 180]", name)
            }
            XCTAssertEqual(try repo.pin(id: id)?.longitude, 129.0324, "unchanged: \(name)")
        }
    }

    func testQueriesOrdersBoxesCategoriesAndSearch() throws {
        for (name, repo) in try repositories() {
            let s = try repo.insert(seoul), b = try repo.insert(busan), c = try repo.insert(cafe)
            XCTAssertEqual(try repo.pins(matching: PinQuery()).map(\.id), [c, s, b], "newest first: \(name)")
            XCTAssertEqual(try repo.pins(matching: PinQuery(order: .title)).map(\.id), [b, c, s], name)
            XCTAssertEqual(try repo.pins(matching: PinQuery(order: .distance, near: (35.1, 129.0))).map(\.id), [b, c, s], name)
            let korea = LatLonBox(south: 37, west: 126, north: 38, east: 128)
            XCTAssertEqual(try repo.pins(matching: PinQuery(boxes: [korea])).map(\.id), [c, s], name)
            XCTAssertEqual(try repo.pins(matching: PinQuery(categories: ["landmark"], limit: 1)).map(\.id), [s], name)
            XCTAssertEqual(try repo.newestPins(in: [korea], categories: nil, limit: 10, inView: 2, total: 3).pins.map(\.id), [c, s], name)
            XCTAssertEqual(try repo.pins(matching: PinQuery(search: "coffee")).map(\.id), [c], name)
            XCTAssertEqual(try repo.search("종묘").matches.map(\.id), [s], name)
            XCTAssertEqual(try repo.search("tower").matches.map(\.id), [b], name)
            let box = try XCTUnwrap(try repo.boundingBox(matching: PinQuery(categories: ["landmark"])), name)
            XCTAssertEqual([box.south, box.west, box.north, box.east], [35.1008, 126.9940, 37.5744, 129.0324], name)
            XCTAssertNil(try repo.boundingBox(matching: PinQuery(categories: ["museum"])), name)
            let near = try repo.pinsByDistance(PinQuery(limit: 1), latitude: 35.1008, longitude: 129.0324)
            XCTAssertEqual(near.map(\.pin.id), [b], name)
            XCTAssertEqual(near.first?.metres, 0, name)
        }
    }

    func testTotalsMapCellsAndTimeline() throws {
        for (name, repo) in try repositories() {
            let s = try repo.insert(seoul), b = try repo.insert(busan), c = try repo.insert(cafe)
            let totals = try repo.pinCellTotals()
            XCTAssertEqual(totals.total, 3, name)
            XCTAssertEqual(totals.categories.map(\.name), ["cafe", "landmark"], name)
            XCTAssertEqual(totals.categories.map(\.count), [1, 2], name)
            XCTAssertEqual(Set(try repo.pinCellCategoryNames().values), ["cafe", "landmark"], name)
            // Cells fine enough that every pin is alone: each counted once, by its own id.
            var seen: [Int64: Int] = [:]
            _ = try repo.visitMapCells(cellWidth: 0.0001, boxes: [.world], categories: ["landmark"], refineBudget: 300) { cell, _ in
                seen[cell.repID, default: 0] += cell.count
                return true
            }
            XCTAssertEqual(seen, [s: 1, b: 1], name)
            XCTAssertEqual(try repo.days(inMonth: 2025, month: 4), [12: 2], name)
            XCTAssertEqual(try repo.pins(onDay: "2025-04-12").map(\.id), [s, c], "earliest first: \(name)")
            XCTAssertEqual(try repo.days(inMonth: 2023, month: 7), [1: 1], name)
        }
    }

    func testSettingsAndComments() throws {
        for (name, repo) in try repositories() {
            XCTAssertNil(try repo.setting("sheet.detent"), name)
            try repo.setSetting("sheet.detent", "large")
            XCTAssertEqual(try repo.setting("sheet.detent"), "large", name)
            let id = try repo.insert(seoul)
            let first = try repo.addComment(pinID: id, body: "one")
            try repo.addComment(pinID: id, body: "two")
            XCTAssertEqual(try repo.comments(pinID: id).map(\.body), ["one", "two"], name)
            XCTAssertEqual(try repo.deleteComment(id: first)?.id, first, name)
            XCTAssertNil(try repo.deleteComment(id: first), name)
            XCTAssertEqual(try repo.comments(pinID: id).map(\.body), ["two"], name)
            XCTAssertFalse(try repo.hasIndexBacklog(), name)
        }
    }

    /// Search lists the best match first, the same in every repository: exact title, title
    /// start, title word, a property value that is the text, title anywhere, description or
    /// category, property value only;
    /// newest first within a tier (the 62k store's `/Seoul`, in small).
    func testSearchRanksByRelevanceThenNewest() throws {
        func pin(_ title: String, _ description: String = "", category: String = "city", tz: String = "Asia/Seoul",
                 day: Int) -> NewPin {
            NewPin(title: title, description: description, category: category, latitude: 37, longitude: 127,
                   createdAt: String(format: "2025-01-%02dT00:00:00Z", day), properties: "{\"timezone\":\"\(tz)\"}")
        }
        let pins = [
            pin("Hadong", day: 9), pin("Yeongam", day: 8),                      // timezone only
            pin("Seoul", day: 1),                                               // exact (oldest of all)
            pin("Incheon", "gateway to seoul", day: 7),                         // description
            pin("Seoulite Cafe", day: 2),                                       // title start
            pin("North Seoul Tower", day: 3), pin("Seoul-ro 7017", day: 5),     // word; start
            pin("NewSeoulCity", day: 4),                                        // anywhere in the title
            pin("Gimpo", category: "seoul airports", day: 6),                   // category
            NewPin(title: "Incheon International Airport", latitude: 37.46, longitude: 126.44,
                   createdAt: "2025-01-10T00:00:00Z", properties: #"{"city":"Seoul"}"#),  // a property is the text
        ]
        for (name, repo) in try repositories() {
            var ids: [String: Int64] = [:]
            for p in pins { ids[p.title] = try repo.insert(p, batchID: nil) }
            func titles(_ found: [Int64]) -> [String] { found.map { id in ids.first { $0.value == id }!.key } }
            let expected = ["Seoul", "Seoul-ro 7017", "Seoulite Cafe", "North Seoul Tower", "Incheon International Airport",
                            "NewSeoulCity", "Incheon", "Gimpo", "Hadong", "Yeongam"]
            XCTAssertEqual(titles(try repo.pins(matching: PinQuery(order: .relevance, search: "SEOUL")).map(\.id)), expected, name)
            let ranked = try repo.search("seoul").matches.sorted { ($0.relevance, $1.createdAt) < ($1.relevance, $0.createdAt) }
            XCTAssertEqual(titles(ranked.map(\.id)), expected, name)
            XCTAssertEqual(try repo.search("seoul").matches.map(\.relevance.rawValue).sorted(), [0, 1, 1, 2, 3, 4, 5, 5, 6, 6], name)
            // Newest first stays a choice; without search text relevance is newest first.
            XCTAssertEqual(titles(try repo.pins(matching: PinQuery(order: .newest, search: "seoul")).map(\.id)),
                           ["Incheon International Airport", "Hadong", "Yeongam", "Incheon", "Gimpo", "Seoul-ro 7017", "NewSeoulCity", "North Seoul Tower",
                            "Seoulite Cafe", "Seoul"], name)
            XCTAssertEqual(try repo.pins(matching: PinQuery(order: .relevance, limit: 2)).map(\.id),
                           try repo.pins(matching: PinQuery(order: .newest, limit: 2)).map(\.id), name)
        }
    }
}
