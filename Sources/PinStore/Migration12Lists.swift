/// Migration 12 (lists; the lead renumbers it at merge): two secondary indexes of `pins`
/// fewer (a smaller store, a shorter `pinmap index`). Measured at 1,000,000
/// generated pins: `pins_tile_created` 56 MB and 2.06 s to build, `pins_batch` 9 MB and
/// 0.59 s (README, Benchmarks).
///
/// - `pins_tile_created` (level-14 tile, created_at, id, position): the list of pins in
///   view for small views. `Store.newestPins` fetches those through the spatial index
///   `pins_lat_lon` instead and keeps the newest (`InViewPlan.spatialFetch`); large views
///   walk `pins_created_position` as before.
/// - `pins_batch` (batch_id): undo-import, its counts and the batch cascade. An import
///   gives its pins consecutive ids, so each batch records the range they were given
///   (`import_batch_pins`: `first_pin`…`last_pin`, `BatchRecord`) and every batch query
///   reads that range of the table by id, with `batch_id` as the filter (an id may have
///   been reused by a later import after a delete). Existing batches get the range of
///   their pins; a batch without a range has no pins.
///
/// A pending bulk import's deferred copies of the two indexes are forgotten too. Every
/// statement can run again on a store that has them (a table of its own rather than new
/// columns), as a renumbered migration may be.
enum Migration12Lists {
    static let sql = """
        CREATE TABLE IF NOT EXISTS import_batch_pins (
            batch_id INTEGER PRIMARY KEY REFERENCES import_batches(id) ON DELETE CASCADE,
            first_pin INTEGER NOT NULL,
            last_pin INTEGER NOT NULL
        );
        INSERT OR IGNORE INTO import_batch_pins(batch_id, first_pin, last_pin)
          SELECT batch_id, min(id), max(id) FROM pins
          WHERE batch_id IN (SELECT id FROM import_batches) GROUP BY batch_id;
        DROP INDEX IF EXISTS pins_tile_created;
        DROP INDEX IF EXISTS pins_batch;
        DELETE FROM deferred_schema WHERE name IN ('pins_tile_created', 'pins_batch');
        """
}
