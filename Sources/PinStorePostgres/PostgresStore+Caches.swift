import PinModel
import PinStore

/// What the client keeps between frames (the map's cell tiles, the list's newest pins around
/// the view, the map's titles) and when it is dropped: the announcements of channel
/// `pinmap` (migration 4's triggers, the bulk loads' own), which the store's connection
/// listens to. Its own writes are announced to it too, when they commit.
extension PostgresStore {
    /// Reads the announcements that arrived on the store's own connection: drops the cached
    /// tiles they name (`PostgresCellTileCache`) and, when pins changed, starts a new
    /// `generation` (the list's window and the titles). Listens first on a new connection
    /// (a reconnect forgets LISTEN: everything is dropped then).
    func syncCaches() throws(StoreError) {
        if listeningPID != db.backendPID || listeningPID == 0 {
            try db.execute("LISTEN pinmap")
            listeningPID = db.backendPID
            cellTiles.dropAll()
            generation &+= 1
            return
        }
        // The server sends what another connection announced before it answers this
        // connection's next statement: a reading transaction's BEGIN (sent now if it waits
        // for a statement), else this round trip (only reading the socket could miss a
        // commit made a moment ago).
        if db.inTransaction { try db.beginPendingTransaction() } else { try db.execute("SELECT 1") }
        let payloads = db.notifications().map(\.payload)
        guard !payloads.isEmpty else { return }
        cellTiles.apply(payloads)
        // A comment changes no pin's title, place or age.
        if payloads.contains(where: { !$0.hasPrefix("comment ") }) { generation &+= 1 }
    }

    /// `PinRepository.titles(ids:)`: from `titleCache` while no pin changed, else ids and
    /// titles only, one statement.
    public func titles(ids: [Int64]) throws(StoreError) -> [Int64: String] {
        try syncCaches()
        var (out, missing) = titleCache.lookup(ids, generation: generation)
        guard !missing.isEmpty else { return out }
        let r = try db.execute("SELECT id, title FROM pins WHERE id = ANY($1::bigint[])", [PGArray.ints(missing)])
        var read: [Int64: String] = [:]
        for i in 0..<r.rows { read[r.int(i, 0)] = r.text(i, 1) }
        titleCache.keep(read)
        out.merge(read) { _, new in new }
        return out
    }
}
