/// How the search index `pins_fts` (migration 11) is filled with many pins at once: the
/// insert, and FTS5 settings that make it cheaper.
///
/// FTS5 writes an index as segments and, by default, merges them while it writes
/// (`automerge` 4, `crisismerge` 16) and flushes its in-memory part every 1 MiB
/// (`hashsize`). For a bulk fill that work is wasted: measured on 1,000,000 generated pins
/// (sqlite3 shell, 20 inserts of 50,000 rows, an earlier form of the tokenizer), 4.4 s of
/// CPU with the defaults against 2.8 s with merging off, queries as fast; an 8 MiB hash
/// (≈ 10 MB more memory) leaves 10 segments where 1 MiB left 60. So a bulk fill turns merging off, then
/// puts the defaults back and merges only when 16 or more segments are left at one level (a
/// very large import), which the next write would otherwise do as a crisis merge, in the UI.
/// The settings live in `pins_fts_config`: a rolled-back fill leaves them as they were.
enum SearchIndexBuild {
    /// Inserts the pins with `id` in (?, ?] (two bound ids), property values joined
    /// (`PropertySearch.valuesSQL`).
    static let insertRange = insert(where: "id > ? AND id <= ?")

    /// Inserts the pins `condition` selects (SQL on table `pins`) into the search index
    /// `table` (`side.pins_fts` for `SearchIndexSideBuild`), reading them from `pins`.
    static func insert(where condition: String, into table: String = "pins_fts", from pins: String = "pins") -> String {
        """
        INSERT INTO \(table)(rowid, title, description, category, properties)
        SELECT id, title, description, category, \(PropertySearch.valuesSQL("properties")) FROM \(pins)
        WHERE \(condition)
        """
    }

    /// Before a bulk fill: no merging while it writes, flushes every 8 MiB.
    static let bulkSettings = settings([("automerge", 0), ("crisismerge", 2000), ("hashsize", 8 << 20)])

    /// After a bulk fill: FTS5's defaults again, and one merge of any level of 16 or more
    /// segments (`usermerge` 16; nothing to do for 1,000,000 generated pins: 10 segments).
    static let defaultSettings = settings([("automerge", 4), ("crisismerge", 16), ("hashsize", 1 << 20), ("usermerge", 16)])
        + "INSERT INTO pins_fts(pins_fts, rank) VALUES ('merge', 1000000000);\n"
        + settings([("usermerge", 4)])

    /// Rows of the bulk fill per INSERT: FTS5 flushes at the end of each statement, so each
    /// is at least one segment (1,000,000 pins: 5 inserts).
    static let rowsPerStep: Int64 = 200_000

    private static func settings(_ values: [(String, Int)]) -> String {
        values.map { "INSERT INTO pins_fts(pins_fts, rank) VALUES ('\($0.0)', \($0.1));\n" }.joined()
    }
}
