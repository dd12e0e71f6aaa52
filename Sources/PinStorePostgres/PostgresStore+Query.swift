import Foundation
import PinModel
import PinStore

/// Lists, boxes, distances and search.
extension PostgresStore {
    /// The WHERE clause of `query` (boxes, categories, search words) with its parameters,
    /// numbered from `$start`.
    func whereClause(_ query: PinQuery, from start: Int = 1) throws(StoreError) -> (sql: String, params: [String?]) {
        var b = PGParams(start: start)
        var parts: [String] = []
        if !query.boxes.isEmpty { parts.append(Self.boxCondition(query.boxes, &b)) }
        if let cats = query.categories { parts.append("category = ANY(\(b.add(PGArray.texts(cats.sorted())))::text[])") }
        if let search = query.search { parts += try searchConditions(SearchText(search), &b) }
        return (parts.isEmpty ? "" : "WHERE " + parts.joined(separator: " AND "), b.values)
    }

    /// The search words' conditions: a pin among the search lists' candidates for every word
    /// (`candidateIDs`), then each word checked on the pin as the walk does.
    func searchConditions(_ words: SearchText, _ b: inout PGParams) throws(StoreError) -> [String] {
        guard !words.words.isEmpty else { return [] }
        return ["id = ANY(\(b.add(PGArray.ints(try candidateIDs(words))))::bigint[])"] + walkConditions(words, &b)
    }

    public func pins(matching query: PinQuery) throws(StoreError) -> [Pin] {
        try inOneSnapshot(query) { () throws(StoreError) in try pinsRead(matching: query) }
    }

    /// `body`'s reads in one snapshot when `query` searches: its candidates and their rows
    /// are read by two statements, which must see the same pins.
    private func inOneSnapshot<T>(_ query: PinQuery, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        guard query.isSearching else { return try body() }
        do {
            return try reading { () throws -> T in try body() }
        } catch let e as StoreError { throw e } catch { throw StoreError("\(error)") }
    }

    private func pinsRead(matching query: PinQuery) throws(StoreError) -> [Pin] {
        let effective = PinQuery.effective(query.order, searching: query.isSearching)
        if effective == .relevance { return try pinsByRelevance(query) }
        let (whereSQL, params) = try whereClause(query)
        var b = PGParams(start: params.count + 1)
        let order: String
        switch effective {
        case .relevance, .newest: order = Self.newestFirst  // relevance: above
        case .title: order = "lower(title) COLLATE \"C\", id"
        case .distance:
            let p = query.near ?? (0, 0)
            let k = cos(p.latitude * .pi / 180)
            let lat = b.add(p.latitude), lon = b.add(p.longitude), kk = b.add(k)
            order = "((latitude - \(lat)) * (latitude - \(lat)) + ((longitude - \(lon)) * \(kk)) * ((longitude - \(lon)) * \(kk))), id"
        }
        let limit = query.limit < 0 ? "" : " LIMIT \(b.add(Int64(query.limit)))"
        return try pins("SELECT \(Self.pinColumns) FROM pins \(whereSQL) ORDER BY \(order)\(limit)", params + b.values)
    }

    /// The store chooses the plan (the planner's estimate for clustered pins is far too low):
    /// when many of all pins are in view, walk `pins_created` newest first with the box as a
    /// filter; when few are, fetch the pins in view and keep the newest.
    public func newestPins(in boxes: [LatLonBox], categories: Set<String>?, limit: Int,
                           inView: Int, total: Int) throws(StoreError) -> (pins: [Pin], plan: InViewPlan) {
        guard limit > 0, !boxes.isEmpty else { return ([], .createdScan) }
        let plan: InViewPlan = Double(inView) >= Double(total) / 50 ? .createdScan : .spatialFetch
        // A pan within a quarter of the view lists from the pins read around the last one:
        // a street view's read (every pin in view through `pins_cell`, then sorted)
        // is most of a frame's time on the server.
        try syncCaches()
        let pins = try newestWindow.newest(in: boxes, categories: categories, limit: limit, plan: plan,
                                           generation: generation) { (boxes, limit) throws(StoreError) in
            try newest(plan, boxes: boxes, categories: categories, limit: limit)
        }
        return (pins, plan)
    }

    /// The newest `limit` pins in `boxes` read with `plan`.
    private func newest(_ plan: InViewPlan, boxes: [LatLonBox], categories: Set<String>?, limit: Int) throws(StoreError) -> [Pin] {
        switch plan {
        case .createdScan, .sort:
            // Many in view: the planner walks pins_created with the box as a filter.
            let (whereSQL, params) = try whereClause(PinQuery(boxes: boxes, categories: categories))
            return try pins("SELECT \(Self.pinColumns) FROM pins \(whereSQL) ORDER BY \(Self.newestFirst) LIMIT \(limit)", params)
        case .spatialFetch:
            // The newest ids in view from the covering `pins_cell` index (materialized: the
            // planner cannot walk pins_created instead), then only those rows.
            var b = PGParams(start: 1)
            let from = Self.inBoxesFromItem(boxes, categories: categories, &b)
            return try pins("WITH v AS MATERIALIZED (SELECT v.id, v.created_at FROM \(from)), "
                            + "top AS (SELECT id FROM v ORDER BY created_at DESC, id DESC LIMIT \(limit)) "
                            + "SELECT \(Self.pinColumns) FROM pins WHERE id IN (SELECT id FROM top) ORDER BY created_at DESC, id DESC", b.values)
        }
    }

    public func pinsByDistance(_ query: PinQuery, latitude: Double, longitude: Double) throws(StoreError) -> [PinDistance] {
        var all = query
        all.limit = -1
        all.order = .distance
        all.near = (latitude, longitude)
        let sorted = try pins(matching: all)
            .map { PinDistance(pin: $0, metres: greatCircleMetres(latitude, longitude, $0.latitude, $0.longitude)) }
            .sorted { ($0.metres, $0.pin.id) < ($1.metres, $1.pin.id) }
        return query.limit < 0 ? sorted : Array(sorted.prefix(query.limit))
    }

    public func boundingBox(matching query: PinQuery) throws(StoreError) -> LatLonBox? {
        try inOneSnapshot(query) { () throws(StoreError) in try boundingBoxRead(matching: query) }
    }

    private func boundingBoxRead(matching query: PinQuery) throws(StoreError) -> LatLonBox? {
        var q = query
        q.boxes = []
        let (whereSQL, params) = try whereClause(q)
        let r = try db.execute("SELECT min(latitude), min(longitude), max(latitude), max(longitude) FROM pins \(whereSQL)", params)
        guard r.rows > 0, !r.isNull(0, 0) else { return nil }
        return LatLonBox(south: r.double(0, 0), west: r.double(0, 1), north: r.double(0, 2), east: r.double(0, 3))
    }

    // MARK: Timeline

    public func days(inMonth year: Int, month: Int) throws(StoreError) -> [Int: Int] {
        guard (0...9999).contains(year), (1...12).contains(month) else {
            throw StoreError("no such month: \(year)-\(month)")
        }
        let prefix = String(format: "%04d-%02d-", year, month)
        let r = try db.execute("SELECT substr(created_at, 9, 2), count(*) FROM pins WHERE \(Self.createdRange) GROUP BY 1",
                               Self.createdRangeValues(prefix, String(prefix.dropLast()) + "."))
        var out: [Int: Int] = [:]
        for i in 0..<r.rows {
            let d = Self.integerCast(r.text(i, 0))
            if (1...31).contains(d) { out[d, default: 0] += Int(r.int(i, 1)) }
        }
        return out
    }

    public func pins(onDay day: String) throws(StoreError) -> [Pin] {
        guard let range = CreatedDay.range(day) else { throw StoreError(CreatedDay.refusal(day)) }
        return try pins("SELECT \(Self.pinColumns) FROM pins WHERE \(Self.createdRange) ORDER BY created_order, created_at, id",
                        Self.createdRangeValues(range.start, range.end))
    }

    /// `text` as SQLite's `CAST(text AS INTEGER)` reads it, so both stores put a pin on the
    /// same day ("1Z" is 1, "0:" is 0, on no day): spaces, a sign, the digits up to the first
    /// other character; 0 when there are none.
    static func integerCast(_ text: String) -> Int {
        var rest = Substring(text).drop { " \t\n\u{0B}\u{0C}\r".contains($0) }
        var sign = 1
        if let c = rest.first, c == "+" || c == "-" {
            sign = c == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        return sign * (Int(rest.prefix { $0.isASCII && $0.isNumber }) ?? 0)
    }

    /// Newest first, as `created_at DESC, id DESC`: `created_order` never sorts against
    /// `created_at` (`CreatedOrder`), and `pins_created` is keyed on all three.
    static let newestFirst = "created_order DESC, created_at DESC, id DESC"

    /// `created_at >= $1 AND created_at < $2` with what it implies of `created_order`
    /// (`CreatedOrder`: the keys' range, read from `pins_created`), for `createdRangeValues`.
    static let createdRange = "created_at >= $1 AND created_at < $2 AND created_order BETWEEN $3::bigint AND $4::bigint"

    /// The parameters of `createdRange` for `start <= created_at < end`.
    static func createdRangeValues(_ start: String, _ end: String) -> [String?] {
        [start, end, "\(CreatedOrder.key(start))", "\(CreatedOrder.key(end))"]
    }
}

/// Numbered parameters for a statement being written: `add` returns the placeholder.
struct PGParams {
    private(set) var values: [String?] = []
    let start: Int
    init(start: Int) { self.start = start }

    mutating func add(_ v: String?) -> String {
        values.append(v)
        return "$\(start + values.count - 1)"
    }
    mutating func add(_ v: Double) -> String { add("\(v)") + "::float8" }
    mutating func add(_ v: Int64) -> String { add("\(v)") + "::bigint" }
}
