/// Migration 9: the two search indexes without positions (a smaller store and
/// a cheaper import). Measured on 1,000,000 generated pins: the trigram index 100.9 MB →
/// 22.7 MB and 8.3 → 3.5 s of CPU to build; the character index 90.0 MB → 31.9 MB; the
/// whole store 575 → 439 MB (README, Benchmarks).
///
/// - `pins_fts` (trigram, 3+ character words) becomes `detail=none, columnsize=0`: no
///   positions, no per-row sizes (search never ranks). A word is then looked up as the AND
///   of its trigrams, and words of 4+ characters are checked on the pin (`SearchText`).
/// - `pins_words` (1–2 character words) holds every character and every pair of adjacent
///   characters as tokens (`pinmap_grams`, Store+SearchFunction.swift, through the view
///   `pins_grams`), also `detail=none`: a short word is one token, no phrase.
///
/// Same columns, same pause mark, same contentless delete as migrations 5 and 6; pins a
/// pending bulk import left above the pause mark stay out for `finishIndexing`.
enum Migration9Search {
    static let sql = """
        DELETE FROM deferred_schema WHERE name IN ('pins_fts_insert', 'pins_words_insert');
        DROP TRIGGER IF EXISTS pins_fts_insert;
        DROP TRIGGER IF EXISTS pins_fts_delete;
        DROP TRIGGER IF EXISTS pins_fts_update;
        DROP TRIGGER IF EXISTS pins_words_insert;
        DROP TRIGGER IF EXISTS pins_words_delete;
        DROP TRIGGER IF EXISTS pins_words_update;
        DROP TABLE IF EXISTS pins_fts;
        DROP TABLE IF EXISTS pins_words;
        DROP VIEW IF EXISTS pins_chars;
        DROP VIEW IF EXISTS pins_grams;
        CREATE VIRTUAL TABLE pins_fts USING fts5(
            title, description, category, properties,
            content='', tokenize='trigram', detail=none, columnsize=0
        );
        CREATE VIRTUAL TABLE pins_words USING fts5(
            title, description, category, properties,
            content='', tokenize='unicode61 remove_diacritics 0', detail=none, columnsize=0
        );
        CREATE VIEW pins_grams AS SELECT id, pinmap_grams(title) AS title,
            pinmap_grams(description) AS description, pinmap_grams(category) AS category,
            pinmap_grams(\(values("properties"))) AS properties FROM pins;
        \(triggers("pins_fts", { $0 }))
        \(triggers("pins_words", { "pinmap_grams(\($0))" }))
        INSERT INTO pins_fts(rowid, title, description, category, properties)
        SELECT id, title, description, category, \(values("properties")) FROM pins
        WHERE NOT EXISTS (SELECT 1 FROM search_index_pause WHERE pins.id > from_id);
        INSERT INTO pins_words(rowid, title, description, category, properties)
        SELECT id, title, description, category, properties FROM pins_grams
        WHERE NOT EXISTS (SELECT 1 FROM search_index_pause WHERE pins_grams.id > from_id);
        """

    private static func values(_ column: String) -> String { PropertySearch.valuesSQL(column) }

    /// The insert, delete and update triggers that keep the contentless index `table` in
    /// step with `pins`, feeding each column through `wrap` (what the index tokenizes).
    /// Migration 11 makes the same ones for its index.
    static func triggers(_ table: String, _ wrap: (String) -> String) -> String {
        func row(_ r: String) -> String {
            [r + ".title", r + ".description", r + ".category", values(r + ".properties")].map(wrap).joined(separator: ", ")
        }
        let columns = "title, description, category, properties"
        let insert = "INSERT INTO \(table)(rowid, \(columns)) VALUES (new.id, \(row("new")));"
        let delete = "INSERT INTO \(table)(\(table), rowid, \(columns)) VALUES ('delete', old.id, \(row("old")));"
        return """
            CREATE TRIGGER \(table)_insert AFTER INSERT ON pins
            WHEN NOT EXISTS (SELECT 1 FROM search_index_pause WHERE new.id > from_id)
            BEGIN \(insert) END;
            CREATE TRIGGER \(table)_delete AFTER DELETE ON pins
            WHEN NOT EXISTS (SELECT 1 FROM search_index_pause WHERE old.id > from_id)
            BEGIN \(delete) END;
            CREATE TRIGGER \(table)_update AFTER UPDATE OF id, title, description, category, properties ON pins
            WHEN NOT EXISTS (SELECT 1 FROM search_index_pause WHERE old.id > from_id OR new.id > from_id)
            BEGIN \(delete) \(insert) END;
            """
    }
}
