/// The store's schema, as an ordered list of migrations. `PRAGMA user_version`
/// holds how many have run; opening a store runs the missing ones in one
/// transaction each. Append only: never edit a migration that has shipped.
enum Migrations {
    /// `PRAGMA application_id` of a Pinmap store ("PinM"): how we tell our
    /// file from any other SQLite file, which we refuse to touch.
    static let applicationID: Int64 = 0x5069_6E4D

    static let all: [String] = [
        // 1: pins, import batches, comments, settings.
        """
        CREATE TABLE import_batches (
            id INTEGER PRIMARY KEY,
            file TEXT NOT NULL,
            imported_at TEXT NOT NULL,
            imported INTEGER NOT NULL DEFAULT 0,
            rejected INTEGER NOT NULL DEFAULT 0,
            duplicates INTEGER NOT NULL DEFAULT 0,
            encoding TEXT NOT NULL DEFAULT '',
            delimiter TEXT NOT NULL DEFAULT ''
        );
        CREATE TABLE pins (
            id INTEGER PRIMARY KEY,
            title TEXT NOT NULL CHECK (length(trim(title)) > 0),
            description TEXT NOT NULL DEFAULT '',
            category TEXT NOT NULL DEFAULT '',
            latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
            longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            batch_id INTEGER REFERENCES import_batches(id) ON DELETE CASCADE
        );
        -- Bounding-box queries: a range on latitude, then longitude from the index.
        CREATE INDEX pins_lat_lon ON pins(latitude, longitude);
        CREATE INDEX pins_created ON pins(created_at);
        CREATE INDEX pins_batch ON pins(batch_id);
        CREATE TABLE comments (
            id INTEGER PRIMARY KEY,
            pin_id INTEGER NOT NULL REFERENCES pins(id) ON DELETE CASCADE,
            body TEXT NOT NULL,
            created_at TEXT NOT NULL
        );
        CREATE INDEX comments_pin ON comments(pin_id);
        CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        """,
        // 2: full-text search over title, description and category (FTS5,
        // trigram tokenizer: case-insensitive substring matching that works
        // for Korean, which has no spaces inside compounds like 전쟁기념관).
        // External content: the index stores no second copy of the text.
        // Triggers keep it in sync; rows above a `search_index_pause` mark
        // are left to `Store.endBulkInsert()` (bulk imports index at the end).
        """
        CREATE VIRTUAL TABLE pins_fts USING fts5(
            title, description, category,
            content='pins', content_rowid='id', tokenize='trigram'
        );
        CREATE TABLE search_index_pause (from_id INTEGER NOT NULL);
        CREATE TRIGGER pins_fts_insert AFTER INSERT ON pins
        WHEN NOT EXISTS (SELECT 1 FROM search_index_pause WHERE new.id > from_id)
        BEGIN
            INSERT INTO pins_fts(rowid, title, description, category)
            VALUES (new.id, new.title, new.description, new.category);
        END;
        CREATE TRIGGER pins_fts_delete AFTER DELETE ON pins
        WHEN NOT EXISTS (SELECT 1 FROM search_index_pause WHERE old.id > from_id)
        BEGIN
            INSERT INTO pins_fts(pins_fts, rowid, title, description, category)
            VALUES ('delete', old.id, old.title, old.description, old.category);
        END;
        CREATE TRIGGER pins_fts_update AFTER UPDATE OF id, title, description, category ON pins
        WHEN NOT EXISTS (SELECT 1 FROM search_index_pause WHERE old.id > from_id OR new.id > from_id)
        BEGIN
            INSERT INTO pins_fts(pins_fts, rowid, title, description, category)
            VALUES ('delete', old.id, old.title, old.description, old.category);
            INSERT INTO pins_fts(rowid, title, description, category)
            VALUES (new.id, new.title, new.description, new.category);
        END;
        INSERT INTO pins_fts(pins_fts) VALUES ('rebuild');
        """,
        // 3: what the map needs to stay fast with a million pins (see
        // Store+PinCells.swift): the pin cell tree (counts per grid cell on
        // PinGrid's levels; a cell is kept when its parent holds 2+ pins;
        // one category scope per category in pin_cell_scopes, scope 0 all
        // pins; stored as tiles of 8 × 8 cells, PinCellTile.swift),
        // a change log the triggers fill and the store applies before it
        // reads the tree (rows above a `search_index_pause` mark are left to
        // `endBulkInsert()`, as for search), and two indexes for the list of
        // pins in view, newest first: by creation time with the position
        // (replaces pins_created), and by level-14 tile (PinGrid.tileSQL).
        """
        CREATE TABLE pin_tiles (
            key INTEGER PRIMARY KEY,     -- scope << 41 | level << 36 | tile (PinCellTile)
            cells BLOB NOT NULL          -- up to 64 cells: count and lowest-id pin of each
        );
        CREATE TABLE pin_cell_scopes (id INTEGER PRIMARY KEY, category TEXT NOT NULL UNIQUE);
        CREATE TABLE pin_cell_log (
            seq INTEGER PRIMARY KEY,
            delta INTEGER NOT NULL,      -- +1 added, -1 removed
            pin_id INTEGER NOT NULL,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            category TEXT NOT NULL
        );
        -- One row once pin_cells holds every pin not in the log: at once for an
        -- empty store, after the first sync's build for a store with pins.
        CREATE TABLE pin_cell_state (built INTEGER NOT NULL);
        INSERT INTO pin_cell_state(built) SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM pins);
        CREATE TRIGGER pin_cells_insert AFTER INSERT ON pins
        WHEN NOT EXISTS (SELECT 1 FROM search_index_pause WHERE new.id > from_id)
        BEGIN
            INSERT INTO pin_cell_log(delta, pin_id, latitude, longitude, category)
            VALUES (1, new.id, new.latitude, new.longitude, new.category);
        END;
        CREATE TRIGGER pin_cells_delete AFTER DELETE ON pins
        WHEN NOT EXISTS (SELECT 1 FROM search_index_pause WHERE old.id > from_id)
        BEGIN
            INSERT INTO pin_cell_log(delta, pin_id, latitude, longitude, category)
            VALUES (-1, old.id, old.latitude, old.longitude, old.category);
        END;
        CREATE TRIGGER pin_cells_update AFTER UPDATE OF id, latitude, longitude, category ON pins
        WHEN NOT EXISTS (SELECT 1 FROM search_index_pause WHERE old.id > from_id OR new.id > from_id)
        BEGIN
            INSERT INTO pin_cell_log(delta, pin_id, latitude, longitude, category)
            VALUES (-1, old.id, old.latitude, old.longitude, old.category);
            INSERT INTO pin_cell_log(delta, pin_id, latitude, longitude, category)
            VALUES (1, new.id, new.latitude, new.longitude, new.category);
        END;
        DROP INDEX pins_created;
        CREATE INDEX pins_created_position ON pins(created_at, id, latitude, longitude);
        CREATE INDEX pins_tile_created ON pins(\(PinGrid.tileSQL), created_at, id, latitude, longitude);
        """,
        // 4: what a large import dropped for speed (Store+BulkIndexes.swift):
        // the pins indexes and the two insert triggers of migrations 2 and 3,
        // by name, type and definition. Kept in the file so that any later
        // run (`pinmap index`, the UI) can rebuild the indexes an import left
        // for after its commit; the search index and the pin cell tree catch
        // up at the same time (the `search_index_pause` mark of migration 2).
        """
        CREATE TABLE deferred_schema (
            name TEXT PRIMARY KEY,
            type TEXT NOT NULL CHECK (type IN ('index', 'trigger')),
            sql TEXT NOT NULL
        );
        """,
        // 5: every source field that maps to no pin column, as a JSON object
        // (`properties`), and search over its values: pins_fts
        // gets a fourth column fed with the property values
        // (`PropertySearch.valuesSQL`). The index becomes contentless: an
        // external content table cannot compute that column (FTS5 refuses a
        // view with json_each), and the triggers give every value it needs,
        // for deletes too. Pins a pending bulk import left above the pause
        // mark stay out, as before, for `finishIndexing`.
        """
        ALTER TABLE pins ADD COLUMN properties TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(properties));
        DROP TRIGGER IF EXISTS pins_fts_insert;
        DROP TRIGGER IF EXISTS pins_fts_delete;
        DROP TRIGGER IF EXISTS pins_fts_update;
        DROP TABLE pins_fts;
        CREATE VIRTUAL TABLE pins_fts USING fts5(
            title, description, category, properties, content='', tokenize='trigram'
        );
        CREATE TRIGGER pins_fts_insert AFTER INSERT ON pins
        WHEN NOT EXISTS (SELECT 1 FROM search_index_pause WHERE new.id > from_id)
        BEGIN
            INSERT INTO pins_fts(rowid, title, description, category, properties)
            VALUES (new.id, new.title, new.description, new.category, \(PropertySearch.valuesSQL("new.properties")));
        END;
        CREATE TRIGGER pins_fts_delete AFTER DELETE ON pins
        WHEN NOT EXISTS (SELECT 1 FROM search_index_pause WHERE old.id > from_id)
        BEGIN
            INSERT INTO pins_fts(pins_fts, rowid, title, description, category, properties)
            VALUES ('delete', old.id, old.title, old.description, old.category, \(PropertySearch.valuesSQL("old.properties")));
        END;
        CREATE TRIGGER pins_fts_update AFTER UPDATE OF id, title, description, category, properties ON pins
        WHEN NOT EXISTS (SELECT 1 FROM search_index_pause WHERE old.id > from_id OR new.id > from_id)
        BEGIN
            INSERT INTO pins_fts(pins_fts, rowid, title, description, category, properties)
            VALUES ('delete', old.id, old.title, old.description, old.category, \(PropertySearch.valuesSQL("old.properties")));
            INSERT INTO pins_fts(rowid, title, description, category, properties)
            VALUES (new.id, new.title, new.description, new.category, \(PropertySearch.valuesSQL("new.properties")));
        END;
        INSERT INTO pins_fts(rowid, title, description, category, properties)
        SELECT id, title, description, category, \(PropertySearch.valuesSQL("properties")) FROM pins
        WHERE id <= coalesce((SELECT min(from_id) FROM search_index_pause), (SELECT max(id) FROM pins));
        """,
        // 6: short searches (1–2 characters, which the trigram index cannot answer): a
        // character index. Its content is the pins' text with a space after every
        // character (`pinmap_chars`, Store+SearchFunction.swift, through the view
        // pins_chars), so FTS5's unicode61 tokenizer makes each letter a token and the
        // phrase "기 념" matches "기념" anywhere, inside "전쟁기념관" too: substring search,
        // case folded, in a few ms at a million pins. Property values are in it too (so
        // `파리` finds Paris through `name_ko`). Contentless, as pins_fts since migration 5
        // (FTS5 refuses a content view with json_each); same triggers and pause.
        """
        CREATE VIEW pins_chars AS SELECT id, pinmap_chars(title) AS title,
            pinmap_chars(description) AS description, pinmap_chars(category) AS category,
            pinmap_chars(\(PropertySearch.valuesSQL("properties"))) AS properties FROM pins;
        CREATE VIRTUAL TABLE pins_words USING fts5(
            title, description, category, properties,
            content='', tokenize='unicode61 remove_diacritics 0'
        );
        CREATE TRIGGER pins_words_insert AFTER INSERT ON pins
        WHEN NOT EXISTS (SELECT 1 FROM search_index_pause WHERE new.id > from_id)
        BEGIN
            INSERT INTO pins_words(rowid, title, description, category, properties)
            VALUES (new.id, pinmap_chars(new.title), pinmap_chars(new.description), pinmap_chars(new.category),
                    pinmap_chars(\(PropertySearch.valuesSQL("new.properties"))));
        END;
        CREATE TRIGGER pins_words_delete AFTER DELETE ON pins
        WHEN NOT EXISTS (SELECT 1 FROM search_index_pause WHERE old.id > from_id)
        BEGIN
            INSERT INTO pins_words(pins_words, rowid, title, description, category, properties)
            VALUES ('delete', old.id, pinmap_chars(old.title), pinmap_chars(old.description), pinmap_chars(old.category),
                    pinmap_chars(\(PropertySearch.valuesSQL("old.properties"))));
        END;
        CREATE TRIGGER pins_words_update AFTER UPDATE OF id, title, description, category, properties ON pins
        WHEN NOT EXISTS (SELECT 1 FROM search_index_pause WHERE old.id > from_id OR new.id > from_id)
        BEGIN
            INSERT INTO pins_words(pins_words, rowid, title, description, category, properties)
            VALUES ('delete', old.id, pinmap_chars(old.title), pinmap_chars(old.description), pinmap_chars(old.category),
                    pinmap_chars(\(PropertySearch.valuesSQL("old.properties"))));
            INSERT INTO pins_words(rowid, title, description, category, properties)
            VALUES (new.id, pinmap_chars(new.title), pinmap_chars(new.description), pinmap_chars(new.category),
                    pinmap_chars(\(PropertySearch.valuesSQL("new.properties"))));
        END;
        INSERT INTO pins_words(rowid, title, description, category, properties)
        SELECT id, title, description, category, properties FROM pins_chars
        WHERE NOT EXISTS (SELECT 1 FROM search_index_pause WHERE pins_chars.id > from_id);
        """,
        // 7: pins.edits counts the edits of a pin (`Store.update`), so `undo-import` tells an
        // edited pin from an imported one without comparing second-resolution timestamps.
        // Pins of earlier stores edited a second or more after their import count as edited.
        // Each batch's first time is computed once (a subquery per pin read the whole batch
        // for every pin: minutes on a blank screen for a store of 62k imported pins).
        """
        ALTER TABLE pins ADD COLUMN edits INTEGER NOT NULL DEFAULT 0;
        UPDATE pins SET edits = 1
          FROM (SELECT batch_id AS batch, min(updated_at) AS first FROM pins
                WHERE batch_id IS NOT NULL GROUP BY batch_id) AS batches
          WHERE pins.batch_id = batches.batch AND pins.updated_at <> batches.first;
        """,
        // 8: the map follows every pin at once: the pin cell triggers no longer
        // skip the pins above a `search_index_pause` mark (only search waits for
        // `finishIndexing` now). A bulk insert that drops `pin_cells_insert` records in
        // `pin_cell_pause` the highest pin id before it, and adds the pins above it to the
        // tree before it commits (`Store.addPausedPinsToCells`); the row never outlives that
        // transaction. A store with pins waiting for indexing has them outside the tree:
        // it is marked unbuilt, so the next sync builds it from every pin.
        """
        CREATE TABLE IF NOT EXISTS pin_cell_pause (from_id INTEGER NOT NULL);
        DROP TRIGGER IF EXISTS pin_cells_insert;
        DROP TRIGGER IF EXISTS pin_cells_delete;
        DROP TRIGGER IF EXISTS pin_cells_update;
        DELETE FROM deferred_schema WHERE name = 'pin_cells_insert';
        CREATE TRIGGER pin_cells_insert AFTER INSERT ON pins
        BEGIN
            INSERT INTO pin_cell_log(delta, pin_id, latitude, longitude, category)
            VALUES (1, new.id, new.latitude, new.longitude, new.category);
        END;
        CREATE TRIGGER pin_cells_delete AFTER DELETE ON pins
        BEGIN
            INSERT INTO pin_cell_log(delta, pin_id, latitude, longitude, category)
            VALUES (-1, old.id, old.latitude, old.longitude, old.category);
        END;
        CREATE TRIGGER pin_cells_update AFTER UPDATE OF id, latitude, longitude, category ON pins
        BEGIN
            INSERT INTO pin_cell_log(delta, pin_id, latitude, longitude, category)
            VALUES (-1, old.id, old.latitude, old.longitude, old.category);
            INSERT INTO pin_cell_log(delta, pin_id, latitude, longitude, category)
            VALUES (1, new.id, new.latitude, new.longitude, new.category);
        END;
        DELETE FROM pin_cell_state WHERE EXISTS (SELECT 1 FROM search_index_pause);
        """,
        // 9: both search indexes without positions (Migration9Search.swift).
        Migration9Search.sql,
        // 10: the pin cell tree's tiles in a compact format, converted (Migration10Tiles.swift).
        Migration10Tiles.sql,
        // 11 (assigned to search; the next one on this branch, renumbered at merge): one
        // search index for words of every length (Migration11Search.swift).
        Migration11Search.sql,
        // 12 (lists): no tile index and no batch index; batches record their pins' id
        // range (Migration12Lists.swift). Migrations 10 and 11 are on other branches.
        Migration12Lists.sql,
        // 13: pins.version, for edits that must not overwrite another's (Migration13Versions.swift).
        Migration13Versions.sql,
        // 14: the change log an open UI reads for other processes' writes (Migration14ChangeLog.swift).
        Migration14ChangeLog.sql,
        // 15: an edit by another program raises the pin's version (Migration15OutsideEdits.swift).
        Migration15OutsideEdits.sql,
        // 16: a pin id is never given twice, as in a PostgreSQL store (Migration16IDFloor.swift).
        Migration16IDFloor.sql,
        // 17: the change log tells a comment deleted from one added (Migration17CommentChanges.swift).
        Migration17CommentChanges.sql,
    ]
}
