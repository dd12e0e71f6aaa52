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
/// planned otherwise reads afresh, so what the plan reports is what read the rows. Each
/// store drops it whenever its pins may have changed: a file's `StoreChangeWatch`, a
/// server's change announcements (`PostgresStore`), each counted in a generation.
public final class NewestPinsWindow {
    /// Kept pins per pin asked for: the view is about 1 / 2.25 of the grown boxes, so
    /// about `depth` / 2.25 times the page lands in a view panned within the margin.
    public static let depth = 4

    public struct Entry {
        public var boxes: [LatLonBox]
        public var categories: Set<String>?
        public var plan: InViewPlan
        /// Newest first (created_at, then id, descending).
        public var pins: [Pin]
        /// True when `pins` are every pin in `boxes` (fewer than asked for were found).
        public var complete: Bool
        /// `StoreChangeWatch.generation` when read.
        public var generation: Int

        public init(boxes: [LatLonBox], categories: Set<String>?, plan: InViewPlan, pins: [Pin], complete: Bool,
                    generation: Int) {
            self.boxes = boxes; self.categories = categories; self.plan = plan; self.pins = pins
            self.complete = complete; self.generation = generation
        }
    }

    public var entry: Entry?

    public init() {}

    /// The newest `limit` pins inside `boxes` from the window, nil when it cannot tell
    /// (another view, categories, plan or generation, or too few kept pins inside).
    public func pins(in boxes: [LatLonBox], categories: Set<String>?, limit: Int, plan: InViewPlan,
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

    /// The newest `limit` pins inside `boxes` with `plan`: from the window, else read around
    /// the view (`read(boxes, limit)`: the grown boxes hold about 2.25 times the pins in view)
    /// and kept, then answered from; else (pins crowd the margin) the view's own newest.
    /// - Throws: what `read` throws.
    public func newest(in boxes: [LatLonBox], categories: Set<String>?, limit: Int, plan: InViewPlan, generation: Int,
                       read: ([LatLonBox], Int) throws(StoreError) -> [Pin]) throws(StoreError) -> [Pin] {
        if let pins = pins(in: boxes, categories: categories, limit: limit, plan: plan, generation: generation) {
            return pins
        }
        let around = Self.around(boxes)
        let deep = limit * Self.depth
        let kept = try read(around, deep)
        entry = .init(boxes: around, categories: categories, plan: plan, pins: kept, complete: kept.count < deep,
                      generation: generation)
        if let pins = pins(in: boxes, categories: categories, limit: limit, plan: plan, generation: generation) {
            return pins
        }
        return try read(boxes, limit)
    }

    /// `boxes` each grown by a quarter of its size on every side, within the world.
    public static func around(_ boxes: [LatLonBox]) -> [LatLonBox] {
        boxes.map { b in
            let dy = (b.north - b.south) / 4, dx = (b.east - b.west) / 4
            return LatLonBox(south: max(-90, b.south - dy), west: max(-180, b.west - dx),
                             north: min(90, b.north + dy), east: min(180, b.east + dx))
        }
    }
}
