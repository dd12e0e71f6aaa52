import XCTest
import PinModelTesting
@testable import PinStore

/// Deterministic pins for the cell tree: clusters (many pins per cell down
/// to the finest levels), uniform ones, exact duplicates and the edge
/// coordinates of Scripts/gen_pins.py (poles, ±180°, 0,0).
enum CellFixture {
    /// Numbers in [0, 1), the same on every platform (`SplitMix64`).
    struct Random {
        private var generator: SplitMix64
        init(state: UInt64) { generator = SplitMix64(seed: state) }
        mutating func next() -> Double { generator.unit() }
    }

    static let categories = ["cafe", "food", "park", ""]

    static func pins(_ count: Int, seed: UInt64) -> [NewPin] {
        var r = Random(state: seed)
        let edges: [(Double, Double)] = [(90, 0), (-90, 0), (0, 180), (0, -180), (0, 0), (89.999999, 179.999999), (-89.999999, -179.999999)]
        let centres: [(Double, Double, Double)] = [(37.5665, 126.978, 0.02), (35.6895, 139.6917, 0.3), (51.5074, -0.1278, 2)]
        var out: [NewPin] = []
        for i in 0..<count {
            var lat: Double, lon: Double
            if i < edges.count {
                (lat, lon) = edges[i]
            } else if i % 17 == 0, let prev = out.last {
                (lat, lon) = (prev.latitude, prev.longitude)  // a duplicate position
            } else if r.next() < 0.8 {
                let c = centres[Int(r.next() * Double(centres.count)) % centres.count]
                lat = c.0 + (r.next() - 0.5) * c.2
                lon = c.1 + (r.next() - 0.5) * c.2 * 2
            } else {
                lat = r.next() * 180 - 90
                lon = r.next() * 360 - 180
            }
            let cat = categories[Int(r.next() * Double(categories.count)) % categories.count]
            out.append(NewPin(title: "p\(i)", category: cat, latitude: lat, longitude: lon,
                              createdAt: String(format: "2024-01-01T00:%02d:%02dZ", (i / 60) % 60, i % 60)))
        }
        return out
    }

    /// Every stored cell as text, sorted (to compare two trees).
    static func dump(_ store: Store) throws -> [String] {
        let names = try store.pinCellCategoryNames()
        let st = try store.db.prepare("SELECT key, cells FROM pin_tiles ORDER BY key")
        var out: [String] = []
        while try st.step() {
            let key = st.int(0)
            let scope = key >> 41, level = (key >> 36) & 31, tile = key & ((1 << 36) - 1)
            st.withBlob(1) { p, count in
                PinCellTile.forEach(p, count: count, level: Int(level), tile: tile) { r in
                    out.append("\(scope == 0 ? "*" : names[scope] ?? "?") L\(level) z\(PinCellTile.z(tile: tile, local: r.local)) "
                               + "n\(r.n) rep\(r.rep.id) \(r.rep.latitude),\(r.rep.longitude) \(names[r.rep.scope] ?? "?")")
                }
            }
        }
        return out.sorted()
    }

    /// Fails with the first differing cells when two dumps differ.
    static func assertSame(_ a: [String], _ b: [String], file: StaticString = #filePath, line: UInt = #line) {
        let onlyA = Set(a).subtracting(b).sorted().prefix(5), onlyB = Set(b).subtracting(a).sorted().prefix(5)
        XCTAssertEqual(a.count, b.count, "cell counts differ", file: file, line: line)
        XCTAssertTrue(onlyA.isEmpty && onlyB.isEmpty, "incremental only: \(Array(onlyA)); rebuild only: \(Array(onlyB))",
                      file: file, line: line)
    }

    /// Every pin: id, position, category.
    static func allPins(_ store: Store) throws -> [Pin] { try store.pins(matching: PinQuery()) }
}

final class PinCellTreeTests: XCTestCase {
    /// The cells of one level, counted from the pins themselves.
    private func bruteCounts(_ pins: [Pin], level: Int, category: String? = nil) -> [Int64: Int] {
        var out: [Int64: Int] = [:]
        for p in pins where category == nil || p.category == category {
            let c = PinGrid.cell(latitude: p.latitude, longitude: p.longitude, level: level)
            out[PinGrid.morton(x: c.x, y: c.y, level: level), default: 0] += 1
        }
        return out
    }

    /// What the tree says for every cell of `level` over the whole world.
    private func treeCounts(_ store: Store, level: Int, categories: Set<String>? = nil) throws -> [Int64: Int] {
        var out: [Int64: Int] = [:]
        try store.forEachPinCell(level: level, boxes: [.world], categories: categories) { cell in
            // A lone pin from a coarser level counts in its own cell of `level`.
            let c = PinGrid.cell(latitude: cell.repLatitude, longitude: cell.repLongitude, level: level)
            let key = cell.level == level ? PinGrid.morton(x: cell.x, y: cell.y, level: level) : PinGrid.morton(x: c.x, y: c.y, level: level)
            out[key, default: 0] += cell.count
        }
        return out
    }

    func testCellCountsEqualBruteForceCountsOnEveryLevel() throws {
        for store in try TestStores.both(self) {
            for p in CellFixture.pins(600, seed: 7) { try store.insert(p) }
            let pins = try CellFixture.allPins(store)
            for level in [2, 5, 8, 12, 16, 19, 22] {
                XCTAssertEqual(try treeCounts(store, level: level), bruteCounts(pins, level: level), "level \(level)")
                XCTAssertEqual(try treeCounts(store, level: level, categories: ["cafe"]),
                               bruteCounts(pins, level: level, category: "cafe"), "cafe, level \(level)")
            }
            let totals = try store.pinCellTotals()
            XCTAssertEqual(totals.total, 600)
            XCTAssertEqual(totals.categories.map(\.name), try store.categories().map(\.name))
            XCTAssertEqual(totals.categories.map(\.count), try store.categories().map(\.count))
        }
    }

    func testRepresentativeIsTheLowestIdAndLonePinsAreExact() throws {
        let store = try Store.inMemory()
        let a = try store.insert(NewPin(title: "a", category: "cafe", latitude: 37.5665, longitude: 126.978))
        let b = try store.insert(NewPin(title: "b", category: "park", latitude: 37.5666, longitude: 126.9781))
        let c = try store.insert(NewPin(title: "c", category: "park", latitude: -33.8688, longitude: 151.2093))
        var cells: [PinCell] = []
        try store.forEachPinCell(level: 8, boxes: [.world], categories: nil) { cells.append($0) }
        XCTAssertEqual(cells.count, 2)
        let seoul = try XCTUnwrap(cells.first { $0.count == 2 })
        XCTAssertEqual(seoul.repID, a)
        XCTAssertEqual(try store.pinCellCategoryNames()[seoul.repCategoryID], "cafe")
        let sydney = try XCTUnwrap(cells.first { $0.count == 1 })
        XCTAssertEqual(sydney.repID, c)
        XCTAssertEqual(sydney.repLatitude, -33.8688)
        XCTAssertEqual(sydney.repLongitude, 151.2093)
        XCTAssertLessThan(sydney.level, 8)  // alone from a coarse level on
        // Children split the Seoul pair only where the two pins part (≈ 10 m apart).
        var cell = seoul
        while cell.count == 2 {
            let kids = try store.pinCellChildren(of: cell)
            XCTAssertEqual(kids.map(\.count).reduce(0, +), 2)
            guard let next = kids.first(where: { $0.count == 2 }) else {
                XCTAssertEqual(Set(kids.map(\.repID)), [a, b])
                break
            }
            cell = next
        }
        XCTAssertGreaterThan(cell.level, 16)
    }

    func testIncrementalChangesEqualARebuild() throws {
        for store in try TestStores.both(self) {
            let pins = CellFixture.pins(400, seed: 11)
            for p in pins.prefix(250) { try store.insert(p) }
            try store.syncPinCells()
            var r = CellFixture.Random(state: 3)
            // Inserts, deletes and moves, applied through the log in several syncs.
            for round in 0..<4 {
                for p in pins.dropFirst(250 + round * 30).prefix(30) { try store.insert(p) }
                let ids = try CellFixture.allPins(store).map(\.id).sorted()
                for _ in 0..<15 { try store.delete(id: ids[Int(r.next() * Double(ids.count)) % ids.count]) }
                // The lowest ids represent the most cells: their cells need a new representative.
                for id in ids.prefix(12) where id > 7 { try store.delete(id: id) }
                let left = try CellFixture.allPins(store).map(\.id).sorted()
                for i in 0..<5 {
                    let id = left[(i * 37 + round) % left.count]
                    try store.update(id: id, category: i % 2 == 0 ? "bar" : nil,
                                     latitude: 37.5665 + Double(i) * 1e-5, longitude: 126.978)
                }
                try store.syncPinCells()
            }
            XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pin_cell_log"), 0)
            let incremental = try CellFixture.dump(store)
            try store.rebuildPinCells()
            CellFixture.assertSame(incremental, try CellFixture.dump(store))
            XCTAssertEqual(try store.pinCellTotals().total, try store.count())
        }
    }

    func testDeletingEveryPinEmptiesTheTree() throws {
        let store = try Store.inMemory()
        var ids: [Int64] = []
        for p in CellFixture.pins(120, seed: 5) { ids.append(try store.insert(p)) }
        try store.syncPinCells()
        for id in ids.reversed() where id % 3 != 0 { try store.delete(id: id) }
        try store.syncPinCells()
        for id in ids where id % 3 == 0 { try store.delete(id: id) }
        try store.syncPinCells()
        XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pin_tiles"), 0)
        XCTAssertEqual(try store.pinCellTotals().total, 0)
    }

    func testBulkInsertJoinsTheTreeAtTheEnd() throws {
        for store in try TestStores.both(self) {
            let pins = CellFixture.pins(3_000, seed: 21)
            for p in pins.prefix(100) { try store.insert(p) }
            try store.syncPinCells()
            // An import-style bulk insert: the insert triggers dropped, one transaction.
            try store.beginBulkInsert(expectedRows: 100_000)
            try store.transaction {
                let inserter = try PinInserter(store: store)
                for p in pins.dropFirst(100) { try inserter.insert(p, batchID: nil) }
            }
            XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pin_cell_log"), 0)  // nothing logged row by row
            try store.endBulkInsert()
            XCTAssertEqual(try store.pinCellTotals().total, 3_000)
            let all = try CellFixture.allPins(store)
            XCTAssertEqual(try treeCounts(store, level: 18), bruteCounts(all, level: 18))
            // A small bulk insert on top keeps the triggers: logged pin by pin, in the tree
            // when it ends, and equal to a rebuild.
            try store.beginBulkInsert()
            for p in CellFixture.pins(20, seed: 99) { try store.insert(p) }
            XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pin_cell_log"), 20)
            try store.endBulkInsert()
            XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pin_cell_log"), 0)
            let incremental = try CellFixture.dump(store)
            try store.rebuildPinCells()
            CellFixture.assertSame(incremental, try CellFixture.dump(store))
        }
    }

    func testAStoreFromBeforeTheTreeIsBuiltOnFirstRead() throws {
        let store = try Store.inMemory()
        for p in CellFixture.pins(50, seed: 2) { try store.insert(p) }
        // As after migration 3 on an old store: no tree yet, no log.
        try store.db.execute("DELETE FROM pin_tiles; DELETE FROM pin_cell_log; DELETE FROM pin_cell_state")
        XCTAssertEqual(try store.pinCellTotals().total, 50)
        XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pin_cell_state"), 1)
    }
}
