/// Migration 11: one search index instead of two (search current at commit,
/// cheap and small). `pins_fts` keeps its name and columns but uses the tokenizer
/// `pinmap_search` (Sources/CSearchTokenizer): for each character the grams of one, two and
/// three characters that start there. So it answers words of every length (`SearchText`),
/// and the character index `pins_words` (every character and adjacent pair, fed through
/// the Swift function `pinmap_grams` and the view `pins_grams`: a second pass) goes.
/// Measured on 1,000,000 generated pins: README, Benchmarks.
///
/// Same triggers, pause mark and contentless delete as migration 9; pins a pending bulk
/// import left above the pause mark stay out for `finishIndexing`.
enum Migration11Search {
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
        DROP VIEW IF EXISTS pins_grams;
        CREATE VIRTUAL TABLE pins_fts USING fts5(
            title, description, category, properties,
            content='', tokenize='pinmap_search', detail=none, columnsize=0
        );
        \(Migration9Search.triggers("pins_fts", { $0 }))
        \(SearchIndexBuild.bulkSettings)
        \(SearchIndexBuild.insert(where: "NOT EXISTS (SELECT 1 FROM search_index_pause WHERE pins.id > from_id)"));
        \(SearchIndexBuild.defaultSettings)
        """
}
