import XCTest
import Frame
import GeoMap
import PinStore
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// The map's clusters come from the store's pin cells, never from the pins:
/// their counts must equal the pins inside each screen cell, counted one by
/// one here.
final class MapCellTests: XCTestCase {
    /// Deterministic pins: clusters around Seoul and Tokyo, uniform ones,
    /// and the antimeridian.
    private func pins(_ count: Int, seed: UInt64, spread: Double = 0.4) -> [NewPin] {
        var state = seed
        func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        let cats = ["cafe", "food", "park"]
        return (0..<count).map { i in
            let r = next()
            let (lat, lon): (Double, Double)
            if r < 0.5 {
                (lat, lon) = (37.55 + (next() - 0.5) * spread, 126.98 + (next() - 0.5) * spread * 2)
            } else if r < 0.7 {
                (lat, lon) = (35.68 + (next() - 0.5) * spread, 139.69 + (next() - 0.5) * spread)
            } else if r < 0.8 {
                (lat, lon) = (next() * 20 - 10, next() < 0.5 ? 179.9 + next() * 0.1 : -180 + next() * 0.1)
            } else {
                (lat, lon) = (next() * 170 - 85, next() * 360 - 180)
            }
            return NewPin(title: "p\(i)", category: cats[i % 3], latitude: lat, longitude: lon,
                          createdAt: String(format: "2024-02-01T%02d:%02d:00Z", (i / 60) % 24, i % 60))
        }
    }

    /// Screen cell index → (pins, lowest id), counted pin by pin.
    private func bruteForce(_ store: Store, _ viewport: Viewport, _ pane: Rect,
                            categories: Set<String>? = nil) throws -> [Int: (count: Int, lowest: Int64)] {
        var out: [Int: (count: Int, lowest: Int64)] = [:]
        for p in try store.pins(matching: PinQuery()) where categories.map({ $0.contains(p.category) }) ?? true {
            let pos = viewport.cell(for: GeoPoint(latitude: p.latitude, longitude: p.longitude), pane: pane)
            let c = Int(pos.col.rounded(.down)) - pane.x, r = Int(pos.row.rounded(.down)) - pane.y
            guard c >= 0, c < pane.width, r >= 0, r < pane.height else { continue }
            let k = r * pane.width + c
            let e = out[k] ?? (0, Int64.max)
            out[k] = (e.count + 1, min(e.lowest, p.id))
        }
        return out
    }

    private func fromCells(_ view: MapCellView, _ viewport: Viewport, _ pane: Rect) -> [Int: (count: Int, lowest: Int64)] {
        var out: [Int: (count: Int, lowest: Int64)] = [:]
        for m in view.markers {
            let pos = viewport.cell(for: m.point, pane: pane)
            let k = (Int(pos.row.rounded(.down)) - pane.y) * pane.width + Int(pos.col.rounded(.down)) - pane.x
            XCTAssertNil(out[k], "two markers in one screen cell")
            out[k] = (m.count, m.id)
        }
        return out
    }

    private func assertSame(_ a: [Int: (count: Int, lowest: Int64)], _ b: [Int: (count: Int, lowest: Int64)],
                            _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.mapValues(\.count), b.mapValues(\.count), what, file: file, line: line)
        XCTAssertEqual(a.mapValues(\.lowest), b.mapValues(\.lowest), "lowest ids, " + what, file: file, line: line)
    }

    func testSparseClustersEqualThePinsInEachScreenCell() throws {
        let store = try Store.inMemory()
        try store.transaction { for p in pins(400, seed: 1) { try store.insert(p) } }
        let pane = Rect(x: 0, y: 0, width: 120, height: 40)
        let viewports = [Viewport.world,
                         Viewport(center: GeoPoint(latitude: 36.5, longitude: 131), zoom: 12),
                         Viewport(center: GeoPoint(latitude: 37.55, longitude: 126.98), zoom: 300),
                         Viewport(center: GeoPoint(latitude: 0, longitude: 180), zoom: 7)]  // both sides of 180°
        for vp in viewports {
            for cats: Set<String>? in [nil, ["cafe", "park"]] {
                let view = try MapCellView.load(store: store, viewport: vp, pane: pane, categories: cats,
                                                selected: nil, categoryIndex: { _ in 0 })
                let want = try bruteForce(store, vp, pane, categories: cats)
                assertSame(fromCells(view, vp, pane), want, "zoom \(vp.zoom) \(String(describing: cats))")
                XCTAssertEqual(view.inView, want.values.map(\.count).reduce(0, +))
                XCTAssertFalse(view.approximate, "sparse views are refined until exact")
            }
        }
    }

    func testDenseClustersOnAGridAlignedViewEqualThePinsInEachScreenCell() throws {
        let store = try Store.inMemory()
        try store.transaction { for p in pins(4_000, seed: 2, spread: 0.08) { try store.insert(p) } }
        // 128 columns at zoom 2^15/128: one column is exactly a level-15 cell,
        // and the centre sits on cell corners, so every cell lies in one screen cell.
        let pane = Rect(x: 0, y: 0, width: 128, height: 40)
        let level = 15
        let w = PinGrid.cellWidth(level: level), h = PinGrid.cellHeight(level: level)
        let center = GeoPoint(latitude: -90 + (127.55 / h).rounded() * h, longitude: -180 + (306.98 / w).rounded() * w)
        let vp = Viewport(center: center, zoom: Double(1 << level) / 128)
        let view = try MapCellView.load(store: store, viewport: vp, pane: pane, categories: nil,
                                        selected: nil, categoryIndex: { _ in 0 })
        let want = try bruteForce(store, vp, pane)
        XCTAssertGreaterThan(want.values.map(\.count).max() ?? 0, 20)  // really dense
        assertSame(fromCells(view, vp, pane), want, "aligned level-15 view")
        XCTAssertEqual(view.inView, want.values.map(\.count).reduce(0, +))
    }

    func testDenseViewCountIsCloseAndMarkedApproximate() throws {
        let store = try Store.inMemory()
        // An import-style bulk insert: the tree is built once at the end.
        try store.beginBulkInsert()
        try store.transaction {
            let inserter = try PinInserter(store: store)
            for p in pins(20_000, seed: 3, spread: 3) { try inserter.insert(p, batchID: nil) }
        }
        try store.endBulkInsert()
        let state = AppState(cols: 100, rows: 30, ascii: false, color: false, reducedMotion: true)
        let runner = AppRunner(store: store, state: state, loadSamples: { 0 })
        // Zoom 1: at 1.5 the budget now splits every straddling cell (coarsest first), exact.
        runner.show(Viewport(center: GeoPoint(latitude: 30, longitude: 100), zoom: 1))
        let pane = runner.state.layout.mapPane
        let want = try bruteForce(store, runner.state.map.viewport, pane).values.map(\.count).reduce(0, +)
        XCTAssertGreaterThan(want, 10_000)
        // Too many straddling cells to refine: cells on the pane's edge are
        // counted whole, so the count is close, and marked "≈".
        XCTAssertTrue(runner.state.list.inViewApproximate)
        XCTAssertEqual(Double(runner.state.list.inViewCount), Double(want), accuracy: Double(want) * 0.05)
        let status = runner.line(runner.state.layout.statusRow)
        XCTAssertTrue(status.contains("≈\(runner.state.list.inViewCount) of 20000 pins in view"), status)
        XCTAssertEqual(runner.state.map.markers.map(\.count).reduce(0, +), runner.state.list.inViewCount)
    }

    func testSelectedPinIsDrawnOnItsOwnAndLeavesItsCluster() throws {
        let runner = try UIFixtures.sqliteRunner(cols: 100, rows: 30, pins: pins(300, seed: 4),
                                           viewport: Viewport(center: GeoPoint(latitude: 37.55, longitude: 126.98), zoom: 40))
        let before = runner.state.map.markers.map(\.count).reduce(0, +)
        let pin = try XCTUnwrap(runner.state.list.pins.first)
        runner.clickListed(pin.title)
        let selected = runner.state.map.markers.filter(\.selected)
        XCTAssertEqual(selected.map(\.id), [pin.id])
        XCTAssertEqual(runner.state.map.markers.filter { !$0.selected }.map(\.count).reduce(0, +), before - 1)
        XCTAssertEqual(runner.state.list.inViewCount, before)
    }

    func testScreenPositionMatchesTheViewport() {
        for vp in [Viewport.world, Viewport(center: GeoPoint(latitude: 10, longitude: 179.5), zoom: 64),
                   Viewport(center: GeoPoint(latitude: -45, longitude: -179.9), zoom: 3)] {
            let pane = Rect(x: 3, y: 1, width: 90, height: 25)
            let grid = ScreenClusters(viewport: vp, pane: pane)
            for (lat, lon) in [(0.0, 0.0), (10.2, -179.8), (-44.0, 179.99), (37.5, 127.0), (89.0, -180.0)] {
                let a = grid.position(latitude: lat, longitude: lon)
                let b = vp.cell(for: GeoPoint(latitude: lat, longitude: lon), pane: pane)
                XCTAssertEqual(a.col, b.col, accuracy: 1e-9)
                XCTAssertEqual(a.row, b.row, accuracy: 1e-9)
            }
        }
    }

    /// The straddle test's floor and ceiling (no libm call) equal the library's.
    func testFloorAndCeilingEqualTheLibrarys() {
        let values: [Double] = [0, -0.0, 0.5, -0.5, 1, -1, 2.999999, -2.000001, 199.99999999, -199.5, 1e15 + 0.5,
                                -1e15 - 0.5, 4_503_599_627_370_496, -9e18, 1e300, .infinity, -.infinity,
                                .ulpOfOne, -.leastNonzeroMagnitude, 57.0, 57.0.nextDown, 57.0.nextUp]
        for x in values {
            XCTAssertEqual(ScreenClusters.floor(x), x.rounded(.down), "\(x)")
            XCTAssertEqual(ScreenClusters.ceil(x), x.rounded(.up), "\(x)")
        }
        XCTAssertTrue(ScreenClusters.floor(.nan).isNaN)
        XCTAssertTrue(ScreenClusters.ceil(.nan).isNaN)
    }
}

