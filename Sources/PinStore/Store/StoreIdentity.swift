import CSQLite

/// Whose file a store is, and bringing its schema up to date. Checked with reads only, so a
/// file that is not a Pinmap store is refused before a single byte of it changes.
enum StoreIdentity {
    /// The three header values that say whose file it is.
    struct Header {
        var tables: Int64
        var applicationID: Int64
        var version: Int64

        /// A new or empty file: no tables, no application id, no schema version.
        var isBlank: Bool { tables == 0 && applicationID == 0 && version == 0 }
    }

    /// Reads the header. Reading the schema is what fails with `SQLITE_NOTADB` on a non-SQLite file.
    static func read(_ db: Database) throws(StoreError) -> Header {
        Header(tables: try db.scalarInt("SELECT count(*) FROM sqlite_master"),
               applicationID: try db.scalarInt("PRAGMA application_id"),
               version: try db.scalarInt("PRAGMA user_version"))
    }

    /// Refuses a file that belongs to another program or to a newer pinmap (reads only).
    /// - Parameter mustExist: a blank file is refused too ("no Pinmap store").
    /// - Returns: whether `migrate` has work to do.
    static func check(_ db: Database, path: String, mustExist: Bool) throws(StoreError) -> Bool {
        let header = try read(db)
        if header.isBlank {
            if mustExist {
                throw StoreError("no Pinmap store at \(MessageText.quotedPath(path)) (the file is empty; nothing was changed)", code: SQLITE_CANTOPEN)
            }
            return true
        }
        try refuseForeign(header)
        return header.version < Migrations.all.count
    }

    /// Claims a blank file and runs the missing migrations, all in one `BEGIN IMMEDIATE`
    /// transaction that re-reads the header: of several processes opening a new store at
    /// once, one migrates and the others wait (busy timeout), then find nothing to do.
    static func migrate(_ db: Database) throws(StoreError) {
        do {
            try db.transaction {
                let header = try read(db)
                if header.isBlank {
                    try db.execute("PRAGMA application_id = \(Migrations.applicationID)")
                } else {
                    try refuseForeign(header)
                }
                for (i, sql) in Migrations.all.enumerated().dropFirst(Int(header.version)) {
                    do {
                        try db.execute(sql)
                        try db.execute("PRAGMA user_version = \(i + 1)")
                    } catch let error as StoreError {
                        throw StoreError("updating the store's schema (step \(i + 1)) failed: \(error.message)", code: error.code)
                    }
                }
            }
        } catch let e as StoreError {
            throw e
        } catch {
            throw StoreError("\(error)")
        }
    }

    private static func refuseForeign(_ header: Header) throws(StoreError) {
        guard header.applicationID == Migrations.applicationID else {
            throw StoreError("not a Pinmap store (it is an SQLite database of another program; it was not changed); choose another --db path", code: SQLITE_NOTADB)
        }
        if header.version > Migrations.all.count {
            throw StoreError("store schema version \(header.version) is newer than this pinmap (\(Migrations.all.count)); update pinmap (the store was not changed)", code: SQLITE_NOTADB)
        }
    }
}
