import Foundation

extension Store {
    /// Pins matching `query`, in its order, at most `query.limit`.
    /// - Throws: `StoreError` on an SQLite failure.
    public func pins(matching query: PinQuery) throws(StoreError) -> [Pin] {
        var out: [Pin] = []
        try forEachPin(matching: query) { out.append($0); return true }
        return out
    }

    /// Calls `body` with each pin matching `query`, in its order, at most `query.limit`, as
    /// SQLite reads them: nothing is held, so the first pin comes before the last is read
    /// (newest first and name follow an index; relevance and distance sort first). Stops
    /// when `body` returns false.
    /// - Throws: `StoreError` on an SQLite failure.
    public func forEachPin(matching query: PinQuery, _ body: (Pin) -> Bool) throws(StoreError) {
        let (whereSQL, args) = try whereClause(for: query)
        var orderArgs: [SQLValue] = []
        let orderSQL: String
        switch PinQuery.effective(query.order, searching: query.isSearching) {
        case .relevance:
            orderSQL = "pinmap_relevance(title, description, category, properties, ?), created_at DESC, id DESC"
            orderArgs = [.text(query.search ?? "")]
        case .newest: orderSQL = "created_at DESC, id DESC"
        case .title: orderSQL = "title COLLATE NOCASE, id"
        case .distance:
            let p = query.near ?? (0, 0)
            // Squared equirectangular distance orders like the great circle
            // at list scale and needs no SQL trigonometry per row.
            orderSQL = "((latitude - ?) * (latitude - ?) + ((longitude - ?) * ?) * ((longitude - ?) * ?)), id"
            let k = cos(p.latitude * .pi / 180)
            orderArgs = [.double(p.latitude), .double(p.latitude), .double(p.longitude), .double(k), .double(p.longitude), .double(k)]
        }
        let st = try db.prepare("SELECT \(pinColumns) FROM pins \(whereSQL) ORDER BY \(orderSQL) LIMIT ?")
        try st.bind(args + orderArgs + [.int(Int64(query.limit))])
        while try st.step() {
            if !body(st.pin()) { return }
        }
    }

    /// `query.whereClause`, with search covering pins a bulk import left unindexed.
    func whereClause(for query: PinQuery) throws(StoreError) -> (sql: String, args: [SQLValue]) {
        let search = query.search.map { !SearchText($0).isEmpty } ?? false
        return query.whereClause(unindexedAbove: search ? try unindexedAbove() : nil)
    }

    /// How many pins match `query` (its order and limit are ignored).
    public func count(matching query: PinQuery) throws(StoreError) -> Int {
        let (whereSQL, args) = try whereClause(for: query)
        return Int(try db.scalarInt("SELECT count(*) FROM pins \(whereSQL)", args))
    }
}

extension Store {
    /// The smallest box holding every pin that matches `query` (its boxes, order and
    /// limit ignored, as in every store), or nil when none matches. Degrees; a set of pins
    /// that straddles the antimeridian gets the wide box (west < east).
    /// - Throws: `StoreError` on an SQLite failure.
    public func boundingBox(matching query: PinQuery) throws(StoreError) -> LatLonBox? {
        var query = query
        query.boxes = []
        // Categories alone (the fit of a store's pins): the pin cell tree knows their box.
        // `near` only orders (the list's distance order), so the fit's query may carry it.
        if !query.isSearching, let box = try cellExtent(categories: query.categories) { return box }
        let (whereSQL, args) = try whereClause(for: query)
        let st = try db.prepare("SELECT min(latitude), min(longitude), max(latitude), max(longitude), count(*) FROM pins \(whereSQL)")
        try st.bind(args)
        guard try st.step(), st.int(4) > 0 else { return nil }
        return LatLonBox(south: st.double(0), west: st.double(1), north: st.double(2), east: st.double(3))
    }
}
