import Foundation

extension Store {
    /// The pins matching `query` (its order ignored) sorted by great-circle
    /// distance from (`latitude`, `longitude`) in degrees, closest first (ties by
    /// id), at most `query.limit`. Exact, unlike `PinQuery.Order.distance`
    /// (which ranks in SQL by an equirectangular approximation): it reads every
    /// matching pin (about 2 s for a million), keeping only the closest
    /// `query.limit` in memory, so narrow `query` by a box or search on large stores.
    /// - Throws: `StoreError` from SQLite.
    public func pinsByDistance(_ query: PinQuery, latitude: Double, longitude: Double) throws(StoreError) -> [PinDistance] {
        let (whereSQL, args) = try whereClause(for: query)
        let st = try db.prepare("SELECT \(pinColumns) FROM pins \(whereSQL)")
        try st.bind(args)
        func closer(_ a: PinDistance, _ b: PinDistance) -> Bool { (a.metres, a.pin.id) < (b.metres, b.pin.id) }
        guard query.limit >= 0 else {  // all of them: read, then sort once
            var all: [PinDistance] = []
            while try st.step() {
                let p = st.pin()
                all.append(PinDistance(pin: p, metres: greatCircleMetres(latitude, longitude, p.latitude, p.longitude)))
            }
            return all.sorted(by: closer)
        }
        let limit = query.limit
        var best: [PinDistance] = []  // sorted, at most `limit`
        while try st.step() {
            guard limit > 0 else { break }
            let lat = st.double(4), lon = st.double(5)
            let metres = greatCircleMetres(latitude, longitude, lat, lon)
            if best.count == limit, let worst = best.last, (metres, st.int(0)) >= (worst.metres, worst.pin.id) { continue }
            let d = PinDistance(pin: st.pin(), metres: metres)
            var lo = 0, hi = best.count  // binary search for the place of `d`
            while lo < hi {
                let mid = (lo + hi) / 2
                if closer(best[mid], d) { lo = mid + 1 } else { hi = mid }
            }
            best.insert(d, at: lo)
            if best.count > limit { best.removeLast() }
        }
        return best
    }
}
