import Foundation
import PinModel

/// A `PinRepository` in memory, for tests of the core and the runtime without SQLite. It
/// keeps the repository's rules (`PinRules`, ids never reused, newest first by
/// `created_at` then id) with plain arrays; the same contract tests run against it and the
/// SQLite store (`RepositoryContractTests`). Map cells are one per pin at the finest level
/// (exact counts); search matches words as case-insensitive substrings of the title,
/// description, category and property values. Not for large data: every read is a scan.
public final class InMemoryPinRepository: PinRepository {
    var rows: [Int64: Pin] = [:]
    var batchOf: [Int64: Int64] = [:]
    var commentRows: [Int64: Comment] = [:]
    var settings: [String: String] = [:]
    var lastPinID: Int64 = 0
    var lastCommentID: Int64 = 0
    /// Property entries of a pin's `properties` text, in source order (JSON is not parsed
    /// here; `nil`: none are reported).
    public var propertyEntries: ((String) -> [PinProperty])?
    /// When set, every write of a pin or comment throws it (a busy or full store), until cleared.
    public var failingWrites: StoreError?
    /// When set, an insert adds its pin and then throws it, as a server that did the insert but
    /// stopped answering before it said so, until cleared.
    public var insertsDoneUnanswered: StoreError?

    /// Where the times it writes come from.
    public var clock: WallClock = .system

    /// What the duplicate check's lookup says of probes (`StoredPinLookup.probeShare`), and
    /// how many stored pins it was given to read one by one (`forEachPin`).
    public var probeShare: Double = 0
    public internal(set) var pinsReadWhole = 0

    public init(pins: [NewPin] = []) {
        for p in pins { _ = try? insert(p, batchID: nil) }
    }

    public var location: String { ":memory:" }
    public func sizeInBytes() -> Int64 { 0 }

    // MARK: Reading

    /// Every pin, newest first (`created_at` then id, both descending).
    var newestFirst: [Pin] {
        rows.values.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
    }

    public func count() throws(StoreError) -> Int { rows.count }
    public func pin(id: Int64) throws(StoreError) -> Pin? { rows[id] }
    public func highestGivenPinID() throws(StoreError) -> Int64 { max(lastPinID, rows.keys.max() ?? 0) }
    public func pins(ids: [Int64]) throws(StoreError) -> [Pin] { ids.compactMap { rows[$0] } }

    public func pins(matching query: PinQuery) throws(StoreError) -> [Pin] {
        let selected = newestFirst.filter { matches($0, query) }
        let ordered: [Pin]
        switch PinQuery.effective(query.order, searching: query.isSearching) {
        case .relevance:
            let q = SearchRelevance.Query(query.search ?? "")
            // A stable sort of the newest-first pins: newest first within a tier.
            let tiers = selected.map { SearchRelevance(title: $0.title, description: $0.description, category: $0.category, properties: $0.properties, query: q) }
            ordered = zip(selected, tiers).enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.map(\.element.0)
        case .newest: ordered = selected
        case .title:
            ordered = selected.sorted { ($0.title.lowercased(), $0.id) < ($1.title.lowercased(), $1.id) }
        case .distance:
            let p = query.near ?? (0, 0)
            let k = cos(p.latitude * .pi / 180)
            func d(_ pin: Pin) -> Double {
                let dy = pin.latitude - p.latitude, dx = (pin.longitude - p.longitude) * k
                return dy * dy + dx * dx
            }
            ordered = selected.sorted { (d($0), $0.id) < (d($1), $1.id) }
        }
        return query.limit < 0 ? ordered : Array(ordered.prefix(query.limit))
    }

    public func newestPins(in boxes: [LatLonBox], categories: Set<String>?, limit: Int,
                           inView: Int, total: Int) throws(StoreError) -> (pins: [Pin], plan: InViewPlan) {
        guard limit > 0, !boxes.isEmpty else { return ([], .createdScan) }
        return (try pins(matching: PinQuery(boxes: boxes, categories: categories, limit: limit)), .createdScan)
    }

    public func pinsByDistance(_ query: PinQuery, latitude: Double, longitude: Double) throws(StoreError) -> [PinDistance] {
        var all = query
        all.limit = -1
        let sorted = try pins(matching: all).map { PinDistance(pin: $0, metres: greatCircleMetres(latitude, longitude, $0.latitude, $0.longitude)) }
            .sorted { ($0.metres, $0.pin.id) < ($1.metres, $1.pin.id) }
        return query.limit < 0 ? sorted : Array(sorted.prefix(query.limit))
    }

    public func boundingBox(matching query: PinQuery) throws(StoreError) -> LatLonBox? {
        var all = query
        all.limit = -1
        all.boxes = []
        let found = try pins(matching: all)
        guard !found.isEmpty else { return nil }
        return LatLonBox(south: found.map(\.latitude).min()!, west: found.map(\.longitude).min()!,
                         north: found.map(\.latitude).max()!, east: found.map(\.longitude).max()!)
    }

    public func search(_ text: String, categories: Set<String>?, scanLimit: Int) throws(StoreError) -> SearchResults {
        let found = rows.values.sorted { $0.id > $1.id }.filter { matches($0, PinQuery(categories: categories, search: text)) }
        let q = SearchRelevance.Query(text)
        let listed = found.prefix(scanLimit).map {
            SearchMatch(id: $0.id, latitude: $0.latitude, longitude: $0.longitude, category: $0.category,
                        createdAt: $0.createdAt,
                        relevance: SearchRelevance(title: $0.title, description: $0.description, category: $0.category, properties: $0.properties, query: q))
        }
        return SearchResults(text: text, matches: Array(listed), capped: found.count > scanLimit)
    }

    public func reading<T>(_ body: () throws -> T) throws -> T { try body() }

    // MARK: The map's counts

    public func pinCellTotals() throws(StoreError) -> PinCellTotals {
        let names = Set(rows.values.map(\.category)).subtracting([""]).sorted()
        return PinCellTotals(total: rows.count, categories: names.map { name in
            PinCellTotals.CategoryTotal(name: name, count: rows.values.filter { $0.category == name }.count)
        })
    }

    /// Categories by name, numbered from 1 in name order.
    public func pinCellCategoryNames() throws(StoreError) -> [Int64: String] {
        let names = Set(rows.values.map(\.category)).subtracting([""]).sorted()
        return Dictionary(uniqueKeysWithValues: names.enumerated().map { (Int64($0.offset + 1), $0.element) })
    }

    /// One cell per pin, lowest id first: every cell lies in one screen cell, so counts are exact.
    public func visitMapCells(cellWidth: Double, boxes: [LatLonBox], categories: Set<String>?, refineBudget: Int,
                              accept: (PinCell, _ force: Bool) -> Bool) throws(StoreError) -> MapCellVisit {
        let ids = try pinCellCategoryNames()
        let categoryID = Dictionary(uniqueKeysWithValues: ids.map { ($0.value, $0.key) })
        for pin in rows.values.sorted(by: { $0.id < $1.id }) where matches(pin, PinQuery(boxes: boxes, categories: categories)) {
            _ = accept(PinCell(level: Self.finestLevel, x: 0, y: 0, count: 1, repID: pin.id, repLatitude: pin.latitude,
                               repLongitude: pin.longitude, repCategoryID: categoryID[pin.category] ?? 0, scope: 0), true)
        }
        return MapCellVisit(level: Self.finestLevel, refined: 0)
    }

    /// The level the fake's cells claim (the store's finest).
    static let finestLevel = 22

    // MARK: Timeline

    public func days(inMonth year: Int, month: Int) throws(StoreError) -> [Int: Int] {
        guard (0...9999).contains(year), (1...12).contains(month) else {
            throw StoreError("no such month: \(year)-\(month)", code: 25)
        }
        let prefix = String(format: "%04d-%02d-", year, month)
        var out: [Int: Int] = [:]
        for p in rows.values where p.createdAt.hasPrefix(prefix) {
            if let day = Int(p.createdAt.dropFirst(8).prefix(2)), (1...31).contains(day) { out[day, default: 0] += 1 }
        }
        return out
    }

    public func pins(onDay day: String) throws(StoreError) -> [Pin] {
        rows.values.filter { $0.createdAt.hasPrefix(day) }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    // MARK: Helpers

    /// Whether `pin` passes `query`'s boxes, categories and search.
    func matches(_ pin: Pin, _ query: PinQuery) -> Bool {
        if !query.boxes.isEmpty, !query.boxes.contains(where: {
            $0.contains(latitude: pin.latitude, longitude: pin.longitude)
        }) { return false }
        if let c = query.categories, !c.contains(pin.category) { return false }
        guard let search = query.search else { return true }
        let text = [pin.title, pin.description, pin.category, pin.properties].joined(separator: "\n").lowercased()
        return search.lowercased().split(whereSeparator: \.isWhitespace).allSatisfy { text.contains($0) }
    }
}
