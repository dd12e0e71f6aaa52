import PinModel

/// What a role that writes the pins but does not own the tables can do on a bulk load: a
/// `TRUNCATE` (`pinmap_cells_rebuild`) or a `DROP INDEX` needs the owner's rights, so such a
/// role's load keeps the indexes and adds the new pins' cells to `pin_cells` in one
/// set-based `INSERT … ON CONFLICT DO UPDATE` (INSERT and UPDATE rights only).
extension PostgresStore {
    /// True when the connected role owns `pins` (or is a member of its owner's role): it may
    /// truncate, and drop and build indexes.
    func ownsPins() throws(StoreError) -> Bool {
        try db.execute("""
            SELECT pg_has_role(current_user, tableowner, 'USAGE') FROM pg_tables
            WHERE schemaname = current_schema() AND tablename = 'pins'
            """).optionalText(0, 0) == "t"
    }

    /// Adds the new pins to the map's cell counts, levels 2, 4, …, 16 for all pins (scope 0)
    /// and 2, 4, …, 14 per category (scope 1), each cell keeping its lowest-id pin: the same counts as
    /// `pinmap_cells_add` row by row, in one statement. `staged`: the pins of `copy_pins`
    /// marked `added`; otherwise every pin (a load into an empty table).
    func addNewPinCells(staged: Bool) throws(StoreError) {
        let source = staged ? "copy_pins c JOIN pins p ON p.id = c.dest" : "pins p"
        let filter = "WHERE (s = 0 OR l <= \(Self.categoryCellMaxLevel))" + (staged ? " AND c.added" : "")
        try db.execute("""
            INSERT INTO pin_cells(level, scope, category, code, n, rep_id, rep_lat, rep_lon, rep_category)
            SELECT g.l, g.s, g.cat, g.code, g.n, g.rep, p.latitude, p.longitude, p.category
            FROM (SELECT l, s, CASE s WHEN 0 THEN '' ELSE p.category END AS cat, p.cell >> (2 * (22 - l)) AS code,
                         count(*) AS n, min(p.id) AS rep
                  FROM \(source), generate_series(2, \(Self.cellTableMaxLevel), \(Self.cellLevelStep)) AS l, (VALUES (0), (1)) AS scopes(s)
                  \(filter) GROUP BY 1, 2, 3, 4) AS g
            JOIN pins p ON p.id = g.rep
            ON CONFLICT (level, scope, category, code) DO UPDATE SET n = pin_cells.n + excluded.n,
              rep_id = least(pin_cells.rep_id, excluded.rep_id),
              rep_lat = CASE WHEN excluded.rep_id < pin_cells.rep_id THEN excluded.rep_lat ELSE pin_cells.rep_lat END,
              rep_lon = CASE WHEN excluded.rep_id < pin_cells.rep_id THEN excluded.rep_lon ELSE pin_cells.rep_lon END,
              rep_category = CASE WHEN excluded.rep_id < pin_cells.rep_id THEN excluded.rep_category ELSE pin_cells.rep_category END
            """)
    }
}
