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
    ]
}
