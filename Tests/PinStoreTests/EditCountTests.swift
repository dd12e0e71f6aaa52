import XCTest
@testable import PinStore

/// `pins.edits` (migration 7): every `update` counts, in the import's second too; pins of an
/// older store edited after their import count as edited.
final class EditCountTests: XCTestCase {
    func testUpdateCountsEachEdit() throws {
        let store = try Store(path: TestStores.tempPath(self))
        let id = try store.insert(NewPin(title: "a", latitude: 1, longitude: 2))
        XCTAssertEqual(try store.db.scalarInt("SELECT edits FROM pins WHERE id = ?", [.int(id)]), 0)
        try store.update(id: id, title: "b")
        try store.update(id: id, latitude: 3)
        XCTAssertEqual(try store.db.scalarInt("SELECT edits FROM pins WHERE id = ?", [.int(id)]), 2)
    }

    func testMigrationMarksPinsEditedAfterTheirImport() throws {
        let path = try TestStores.tempPath(self)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        do {  // a store as migration 6 left it: batch 1 imported at 10:00:00, pin 2 edited at 10:05:00
            let old = try Store(path: path)
            try old.db.execute("""
                INSERT INTO import_batches(id, file, imported_at) VALUES (1, '/tmp/a.csv', '2026-01-01T10:00:00Z');
                INSERT INTO pins(title, latitude, longitude, created_at, updated_at, batch_id)
                VALUES ('kept', 1, 1, '2026-01-01T10:00:00Z', '2026-01-01T10:00:00Z', 1),
                       ('edited', 2, 2, '2026-01-01T10:00:00Z', '2026-01-01T10:05:00Z', 1),
                       ('by hand', 3, 3, '2026-01-01T11:00:00Z', '2026-01-01T11:30:00Z', NULL);
                DROP TRIGGER pins_outside_edit;  -- migration 15's, which names both columns
                ALTER TABLE pins DROP COLUMN edits;
                ALTER TABLE pins DROP COLUMN version;
                PRAGMA user_version = 6;
                """)
        }
        let store = try Store(path: path)
        XCTAssertEqual(try store.schemaVersion(), Migrations.all.count)
        let st = try store.db.prepare("SELECT title, edits FROM pins ORDER BY id")
        var rows: [String] = []
        while try st.step() { rows.append("\(st.text(0))=\(st.int(1))") }
        XCTAssertEqual(rows, ["kept=0", "edited=1", "by hand=0"])
    }
}
