import PinModel

/// The list's newest pins around the last view, so a view panned by less than a quarter of
/// its size lists its newest pins without a query: the newest `depth × limit` pins of the
/// view grown by a quarter on every side (`around(_:)`), newest first. Every pin of the
/// grown boxes newer than the last one kept is kept, so the kept pins inside the new view,
/// in order, are that view's newest, as long as there are `limit` of them (or the kept
/// pins are all the grown boxes hold). At street zoom on a million pins a list page reads
/// ≈ 3,000 rows of the creation index per view (≈ 2 M instructions, a tenth of the frame);
/// filtering the ≈ 200 kept pins costs a few thousand.
///
/// One window (the last view's); keyed by categories and plan (`InViewPlan`): a query
/// planned otherwise reads afresh, so what the plan reports is what read the rows. The
/// store drops it whenever its tables may have changed (`StoreChangeWatch`).
final class NewestPinsWindow {
    /// Kept pins per pin asked for: the view is about 1 / 2.25 of the grown boxes, so
    /// about `depth` / 2.25 times the page lands in a view panned within the margin.
    static let depth = 4

    struct Entry {
        var boxes: [LatLonBox]
        var categories: Set<String>?
        var plan: InViewPlan
        /// Newest first (created_at, then id, descending).
        var pins: [Pin]
        /// True when `pins` are every pin in `boxes` (fewer than asked for were found).
        var complete: Bool
        /// `StoreChangeWatch.generation` when read.
        var generation: Int
    }

    var entry: Entry?

    /// The newest `limit` pins inside `boxes` from the window, nil when it cannot tell
    /// (another view, categories, plan or generation, or too few kept pins inside).
    func pins(in boxes: [LatLonBox], categories: Set<String>?, limit: Int, plan: InViewPlan,
              generation: Int) -> [Pin]? {
        guard let e = entry, e.generation == generation, e.plan == plan, e.categories == categories,
              boxes.allSatisfy({ b in e.boxes.contains { $0.contains(b) } }) else { return nil }
        var out: [Pin] = []
        out.reserveCapacity(min(limit, e.pins.count))
        for p in e.pins where boxes.contains(where: { $0.contains(latitude: p.latitude, longitude: p.longitude) }) {
            out.append(p)
            if out.count == limit { return out }
        }
        return e.complete ? out : nil
    }

    /// `boxes` each grown by a quarter of its size on every side, within the world.
    static func around(_ boxes: [LatLonBox]) -> [LatLonBox] {
        boxes.map { b in
            let dy = (b.north - b.south) / 4, dx = (b.east - b.west) / 4
            return LatLonBox(south: max(-90, b.south - dy), west: max(-180, b.west - dx),
                             north: min(90, b.north + dy), east: min(180, b.east + dx))
        }
    }
}
