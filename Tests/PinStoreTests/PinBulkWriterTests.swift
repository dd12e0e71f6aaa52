import XCTest
import CSQLite
@testable import PinStore

final class PinBulkWriterTests: XCTestCase {
    private func row(_ title: String, _ lat: Double, created: String = "") -> PinBulkWriter.Row {
        PinBulkWriter.Row(title: title, description: "d \(title)", category: "c", createdAt: created, latitude: lat, longitude: 10)
    }

    func testGroupsWithARemainderGetConsecutiveIdsInOrder() throws {
        for store in try TestStores.both(self) {
            try store.insert(NewPin(title: "before", latitude: 0, longitude: 0))
            let writer = try PinBulkWriter(store: store, batchID: nil)
            let rows = (0..<37).map { row("p\($0)", Double($0), created: $0 == 3 ? "2020-01-02" : "") }
            let results = try writer.write(rows)
            XCTAssertEqual(try results.map { try $0.get() }, Array(2...38))
            let pins = try store.pins(limit: -1).sorted { $0.id < $1.id }
            XCTAssertEqual(pins.map(\.title), ["before"] + (0..<37).map { "p\($0)" })
            XCTAssertEqual(pins[4].createdAt, "2020-01-02")
            XCTAssertEqual(pins[5].createdAt, pins[5].updatedAt, "no date: the import time")
            XCTAssertEqual(pins[37].latitude, 36)
            XCTAssertEqual(pins[37].description, "d p36")
        }
    }

    func testABatchsPinsReadTheirUpdateTimeFromTheBatchUntilEdited() throws {
        let store = try Store.inMemory()
        try store.db.execute("INSERT INTO import_batches(id, file, imported_at) VALUES (7, 'a.csv', '2026-12-01T21:00:00Z')")
        let writer = try PinBulkWriter(store: store, batchID: 7)
        let ids = try writer.write([row("dated", 1, created: "2020-01-02"), row("undated", 2)]).map { try $0.get() }
        XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pins WHERE updated_at = ''"), 2, "not stored per pin")
        let read = try ids.map { try XCTUnwrap(try store.pin(id: $0)) }
        XCTAssertEqual(read.map(\.updatedAt), ["2026-12-01T21:00:00Z", "2026-12-01T21:00:00Z"])
        XCTAssertEqual(read.map(\.createdAt), ["2020-01-02", "2026-12-01T21:00:00Z"], "no date: the batch's time")
        try store.update(id: ids[0], title: "edited")
        let edited = try XCTUnwrap(try store.pin(id: ids[0]))
        XCTAssertNotEqual(edited.updatedAt, "2026-12-01T21:00:00Z")
        XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pins WHERE updated_at = ''"), 1, "an edit stores its time")
    }

    func testARefusedRowFailsAloneAndTheRestOfItsGroupIsWritten() throws {
        let store = try Store.inMemory()
        let writer = try PinBulkWriter(store: store, batchID: nil)
        var rows = (0..<20).map { row("p\($0)", 1) }
        rows[4].title = "   "       // CHECK (length(trim(title)) > 0)
        rows[17].latitude = 91      // CHECK (latitude BETWEEN -90 AND 90)
        let results = try writer.write(rows)
        XCTAssertEqual(results.count, 20)
        for (i, r) in results.enumerated() {
            switch r {
            case .success: XCTAssertFalse(i == 4 || i == 17, "row \(i)")
            case .failure(let e):
                XCTAssertTrue(i == 4 || i == 17, "row \(i)")
                XCTAssertEqual(e.code & 0xFF, SQLITE_CONSTRAINT)
            }
        }
        XCTAssertEqual(try store.count(), 18)
        XCTAssertEqual(try store.count(matching: PinQuery(search: "p16")), 1)
    }

    func testEncodedRowsBindFromTheSharedBufferLikeStrings() throws {
        let store = try Store.inMemory()
        let writer = try PinBulkWriter(store: store, batchID: nil)
        var text: [UInt8] = Array("unrelated bytes first".utf8)
        var rows: [PinBulkWriter.EncodedRow] = []
        for i in 0..<300 {  // a whole group of 256 and a remainder
            rows.append(PinBulkWriter.append(title: "서울 \(i)", description: i == 7 ? "" : "d \(i)", category: "c",
                                             createdAt: i == 5 ? "2021-03-04" : "", properties: i == 9 ? "{\"k\":\"v\"}" : "",
                                             latitude: Double(i) / 10, longitude: -Double(i) / 10, to: &text))
        }
        XCTAssertEqual(rows[1].start, rows[0].ends.4, "one after the other")
        rows[3].latitude = 91  // refused: the group falls back to single rows, decoded from the buffer
        let results = try writer.write(rows, text: text)
        XCTAssertEqual(results.count, 300)
        XCTAssertEqual(results.filter { (try? $0.get()) == nil }.count, 1)
        if case .success = results[3] { XCTFail("latitude 91 is refused") }
        let pins = try store.pins(limit: -1).sorted { $0.id < $1.id }
        XCTAssertEqual(pins.count, 299)
        XCTAssertEqual(pins.map(\.title).prefix(4), ["서울 0", "서울 1", "서울 2", "서울 4"])
        XCTAssertEqual(pins[4].createdAt, "2021-03-04")
        XCTAssertEqual(pins[0].createdAt, pins[0].updatedAt, "no date: the import time")
        XCTAssertEqual(pins[6].description, "")
        XCTAssertEqual(pins[8].properties, "{\"k\":\"v\"}")
        XCTAssertEqual(pins[0].properties, "{}")
        XCTAssertEqual(pins[298].title, "서울 299")
        XCTAssertEqual(pins[298].latitude, 29.9)
        XCTAssertEqual(pins[298].longitude, -29.9)
    }

    /// `passesStoreChecks` mirrors the CHECK constraints of `pins`: a migration that adds or
    /// changes one must change it too (while it vouches for a group, SQLite skips them all).
    func testTheWritersOwnCheckMirrorsEveryCheckConstraintOfThePinsTable() throws {
        let store = try Store.inMemory()
        let sql = try store.db.prepare("SELECT sql FROM sqlite_master WHERE name = 'pins'").textOfFirstRow()
        let checks = sql.components(separatedBy: "CHECK").dropFirst().map { rest -> String in
            var depth = 0, out = ""
            for c in rest.drop(while: { $0 == " " }) {
                if c == "(" { depth += 1 } else if c == ")" { depth -= 1 }
                out.append(c)
                if depth == 0 { break }
            }
            return out
        }
        XCTAssertEqual(checks, ["(length(trim(title)) > 0)", "(latitude BETWEEN -90 AND 90)",
                                "(longitude BETWEEN -180 AND 180)", "(json_valid(properties))"])
    }

    /// The rows the writer checks itself (`passesStoreChecks`) must be ones SQLite's CHECK
    /// constraints accept: compared with the constraints' own expressions on tricky values.
    func testTheWritersOwnCheckPassesOnlyRowsTheStoresChecksPass() throws {
        let store = try Store.inMemory()
        let titles = ["a", " a ", "   ", "", "\0a", " \0", "a\0", "\t", "\u{A0}", "서울", " 서울"]
        let coordinates: [(Double, Double)] = [(0, 0), (90, 180), (-90, -180), (90.000001, 0), (0, -180.5), (.nan, 0), (0, .infinity)]
        let properties = ["", "{}", "{\"k\":\"v\"}", "{bad", " {}"]
        let sql = "SELECT coalesce(length(trim(?)) > 0 AND ? BETWEEN -90 AND 90 AND ? BETWEEN -180 AND 180 AND json_valid(?), 0)"
        var passed = 0
        for title in titles {
            for (lat, lon) in coordinates {
                for props in properties {
                    var text: [UInt8] = []
                    let row = PinBulkWriter.append(title: title, description: "", category: "", createdAt: "", properties: props,
                                                   latitude: lat, longitude: lon, to: &text)
                    let mine = text.withUnsafeBufferPointer { PinBulkWriter.passesStoreChecks(row, $0) }
                    let storesText = props.isEmpty ? "{}" : props
                    let sqlite = try store.db.scalarInt(sql, [.text(title), .double(lat), .double(lon), .text(storesText)]) == 1
                    if mine {
                        XCTAssertTrue(sqlite, "\(title.debugDescription) \(lat) \(lon) \(props)")
                        passed += 1
                    }
                }
            }
        }
        // The 7 names neither blank nor NUL-led (a tab or U+00A0 is no space to SQLite's trim),
        // with the 3 pairs in range and `{}` (given or "").
        XCTAssertEqual(passed, 7 * 3 * 2)
    }

    /// Groups the writer checks itself are written with SQLite's checks off; the first group
    /// it cannot vouch for turns them on for good, and `finish()` leaves the connection checking.
    func testAfterACheckedGroupEveryRowIsCheckedAndFinishRestoresTheChecks() throws {
        let store = try Store.inMemory()
        let writer = try PinBulkWriter(store: store, batchID: nil)
        let first = try writer.write((0..<256).map { row("p\($0)", 1) })
        XCTAssertEqual(first.filter { (try? $0.get()) == nil }.count, 0)
        XCTAssertEqual(try store.db.scalarInt("PRAGMA ignore_check_constraints"), 1, "a clean group: checked here")
        var second = (0..<256).map { row("q\($0)", 1) }
        second[10].title = "   "
        let results = try writer.write(second)
        if case .success = results[10] { XCTFail("a blank name is refused") }
        XCTAssertEqual(try store.db.scalarInt("PRAGMA ignore_check_constraints"), 0)
        var third = (0..<256).map { row("r\($0)", 1) }
        third[0].latitude = 95  // the writer would catch it too; SQLite refuses it now
        if case .success = try writer.write(third)[0] { XCTFail("latitude 95 is refused") }
        writer.finish()
        XCTAssertEqual(try store.db.scalarInt("PRAGMA ignore_check_constraints"), 0)
        XCTAssertEqual(try store.count(), 256 + 255 + 255)
    }

    func testFinishTurnsTheStoresChecksBackOn() throws {
        let store = try Store.inMemory()
        let writer = try PinBulkWriter(store: store, batchID: nil)
        _ = try writer.write((0..<300).map { row("p\($0)", 1) })
        XCTAssertEqual(try store.db.scalarInt("PRAGMA ignore_check_constraints"), 1)
        writer.finish()
        XCTAssertEqual(try store.db.scalarInt("PRAGMA ignore_check_constraints"), 0)
        XCTAssertThrowsError(try store.insert(NewPin(title: "far", latitude: 100, longitude: 0)), "the store checks again")
    }
}

private extension Statement {
    func textOfFirstRow() throws -> String { try step() ? text(0) : "" }
}
