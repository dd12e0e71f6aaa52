import PinModel
import PinStore

/// A query's rows read through a server-side cursor (`DECLARE … NO SCROLL CURSOR`),
/// `fetchSize` rows a round trip: neither libpq nor the caller ever holds the whole answer
/// (one result holds every row in libpq before the first is read). A cursor lives in its
/// transaction: open it inside one (`PostgresStore.reading` or `atomically`); it is closed
/// when its rows are read, or with the transaction.
final class PGCursor {
    /// Rows a fetch brings: ~1.5 MB of pins, a hundred round trips a million.
    static let fetchSize = 10_000

    private let db: PGConnection
    private let name: String
    private var finished = false

    /// Declares the cursor for `sql` with `params`.
    /// - Throws: `StoreError`: outside a transaction, or the server refused `sql`.
    init(_ sql: String, _ params: [String?] = [], on db: PGConnection) throws(StoreError) {
        guard db.inTransaction else { throw StoreError("a cursor needs a transaction (PostgresStore.reading)") }
        self.db = db
        name = "pinmap_rows_\(UInt64.random(in: 0...UInt64.max))"
        try db.execute("DECLARE \(name) NO SCROLL CURSOR FOR \(sql)", params)
    }

    /// The next rows (at most `fetchSize`), nil after the last.
    /// - Throws: `StoreError` from the server.
    func nextRows() throws(StoreError) -> PGResult? {
        guard !finished else { return nil }
        let r = try db.execute("FETCH FORWARD \(Self.fetchSize) FROM \(name)")
        if r.rows < Self.fetchSize {
            finished = true
            try db.execute("CLOSE \(name)")
        }
        return r.rows > 0 ? r : nil
    }
}

/// Pins (`PostgresStore.pinColumns` first, then any columns the caller reads itself) from a
/// `PGCursor`, one at a time.
final class PGPinReader: PinReader {
    private let cursor: PGCursor
    private var rows: PGResult?
    private var row = 0

    init(_ cursor: PGCursor) { self.cursor = cursor }

    func next() throws(StoreError) -> Pin? {
        try nextRow().map { PostgresStore.pin($0, $1) }
    }

    /// The next row's result and index, nil after the last (for columns past the pin's).
    func nextRow() throws(StoreError) -> (PGResult, Int)? {
        if let rows, row < rows.rows {
            defer { row += 1 }
            return (rows, row)
        }
        guard let fetched = try cursor.nextRows() else { rows = nil; return nil }
        rows = fetched
        row = 1
        return (fetched, 0)
    }
}
