import XCTest
@testable import PinStore

/// Migration 11: a store with migration 9's two search indexes gets the one index
/// (`pins_fts`, tokenizer `pinmap_search`) and the same answers as a store made new.
final class SearchMigrationTests: XCTestCase {
    private let pins: [(title: String, description: String, category: String, properties: String)] = [
        ("전쟁기념관", "야외 전시 비행기 구경", "museum", "{}"),
        ("Café de Flore", "", "cafe", "{}"),
        ("Amus xuse", "a-b", "", "{}"),
        ("Amuse", "ab", "", "{}"),
        ("Paris", "", "city", #"{"name_ko":"파리","population":2148000}"#),
        ("100% Coffee_Bar", #"The "Maman" spider; NEAR(x) -y"#, "cafe", "{}"),
    ]

    private let queries = ["기", "기념", "기념관", "전쟁기념관", "é", "CAFÉ", "café de", "amuse", "ab", "a-", "sx",
                           "파리", "2148000", "name_ko", "%", "0% C", #""Maman""#, "NEAR(x)", "-y", "_", "museum", "pending"]

    /// A store as migration 9 left it, with `pins` and one pin a bulk import left unindexed
    /// above the pause mark.
    private func schema9Store() throws -> String {
        let path = try TestStores.tempPath(self)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let db = try Database(path: path)
        try Store.registerSearchFunctions(on: db)
        try db.execute("PRAGMA application_id = \(Migrations.applicationID)")
        for sql in Migrations.all.prefix(9) { try db.execute(sql) }
        try db.execute("PRAGMA user_version = 9")
        let insert = try db.prepare("""
            INSERT INTO pins(title, description, category, properties, latitude, longitude, created_at, updated_at)
            VALUES (?, ?, ?, ?, 37.5, 127.0, '2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z')
            """)
        for p in pins {
            try insert.bind([.text(p.title), .text(p.description), .text(p.category), .text(p.properties)])
            try insert.step()
            insert.reset()
        }
        try db.execute("INSERT INTO search_index_pause(from_id) SELECT max(id) FROM pins")
        try insert.bind([.text("Museum pending"), .text(""), .text("museum"), .text("{}")])
        try insert.step()
        XCTAssertEqual(try db.scalarInt("SELECT count(*) FROM pins_words WHERE pins_words MATCH '기념'"), 1, "migration 9's index")
        return path
    }

    /// The titles `text` finds, by name.
    private func titles(_ store: Store, _ text: String) throws -> [String] {
        try store.pins(matching: PinQuery(order: .title, search: text)).map(\.title)
    }

    func testMigrationLeavesOneIndexWithTheSameAnswersAsANewStore() throws {
        let store = try Store(path: try schema9Store())
        XCTAssertEqual(try store.schemaVersion(), Migrations.all.count)
        XCTAssertEqual(try store.db.scalarInt("""
            SELECT count(*) FROM sqlite_master WHERE name IN ('pins_words', 'pins_grams', 'pins_words_insert')
            """), 0)
        XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'pins_fts' AND sql LIKE '%pinmap_search%'"), 1)
        XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pins_fts WHERE pins_fts MATCH 'pen'"), 0,
                       "the pin above the pause mark waits for finishIndexing")

        let fresh = try Store.inMemory()
        for p in pins {
            _ = try fresh.insert(NewPin(title: p.title, description: p.description, category: p.category, latitude: 37.5, longitude: 127.0,
                                        properties: p.properties))
        }
        _ = try fresh.insert(NewPin(title: "Museum pending", category: "museum", latitude: 37.5, longitude: 127.0))
        XCTAssertEqual(try titles(store, "기"), ["전쟁기념관"])
        XCTAssertEqual(try titles(store, "CAFÉ"), ["Café de Flore"])
        XCTAssertEqual(try titles(store, "amuse"), ["Amuse"])
        XCTAssertEqual(try titles(store, "파리"), ["Paris"])
        XCTAssertEqual(try titles(store, "museum"), ["Museum pending", "전쟁기념관"])
        for text in queries { XCTAssertEqual(try titles(store, text), try titles(fresh, text), text) }

        XCTAssertEqual(try store.finishIndexing(), 1)
        XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pins_fts WHERE pins_fts MATCH 'pen'"), 1)
        for text in queries { XCTAssertEqual(try titles(store, text), try titles(fresh, text), text) }
        try TestStores.checkSearchIndex(store)
    }

    /// The tokens the index holds for a text: the grams of one, two and three characters
    /// that start at each character, cut at whitespace; folded by FTS5.
    func testTheIndexHoldsEveryGramAndCharacterFolded() throws {
        let store = try Store.inMemory()
        _ = try store.insert(NewPin(title: "Seoul CAFÉ", description: "서울역", latitude: 0, longitude: 0))
        try store.db.execute("CREATE VIRTUAL TABLE temp.pins_fts_terms USING fts5vocab(main, pins_fts, row)")
        let st = try store.db.prepare("SELECT term FROM temp.pins_fts_terms ORDER BY term")
        var terms: [String] = []
        while try st.step() { terms.append(st.text(0)) }
        XCTAssertEqual(terms, ["a", "af", "afé", "c", "ca", "caf", "e", "eo", "eou", "f", "fé", "l", "o", "ou", "oul",
                               "s", "se", "seo", "u", "ul", "é", "서", "서울", "서울역", "역", "울", "울역"])
    }

    /// Bulk fills turn FTS5's merging off while they write and put the defaults back.
    func testABulkFillLeavesFTS5sDefaultSettings() throws {
        let store = try Store.inMemory()
        try store.beginBulkInsert()
        let inserter = try PinInserter(store: store)
        for i in 0..<30 { _ = try inserter.insert(NewPin(title: "Pin \(i)", latitude: 0, longitude: 0), batchID: nil) }
        XCTAssertEqual(try store.endBulkInsert(), 30)
        try store.rebuildSearchIndex()
        let st = try store.db.prepare("SELECT k, v FROM pins_fts_config WHERE k <> 'version' ORDER BY k")
        var settings: [String] = []
        while try st.step() { settings.append("\(st.text(0))=\(st.int(1))") }
        XCTAssertEqual(settings, ["automerge=4", "crisismerge=16", "hashsize=1048576", "usermerge=4"])
        XCTAssertEqual(try store.count(matching: PinQuery(search: "pin 29")), 1)
        XCTAssertEqual(try store.count(matching: PinQuery(search: "2")), 12, "Pin 2, Pin 12, Pin 20…29")
        try TestStores.checkSearchIndex(store)
    }
}
