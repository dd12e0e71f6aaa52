/// The titles the map last read to name pins (`Store.titles(ids:)`), by pin id. A pan or
/// an animation frame reads the view again and names the same pins: answered from here, a
/// frame costs no query for them. Dropped whenever the pins may have changed
/// (`StoreChangeWatch`: another process's commit, a row written by this one), and when it
/// holds more than `limit` titles (a long pan across the map).
public final class TitleCache {
    /// Most titles kept (a few views' worth).
    public static let limit = 4096

    private var titles: [Int64: String] = [:]
    /// `StoreChangeWatch.generation` when filled.
    private var generation = 0

    public init() {}

    /// The cached titles of `ids` for the store at `generation`, and the ids not cached.
    public func lookup(_ ids: [Int64], generation now: Int) -> (found: [Int64: String], missing: [Int64]) {
        if generation != now {
            titles.removeAll(keepingCapacity: true)
            generation = now
        }
        var found: [Int64: String] = [:], missing: [Int64] = []
        for id in ids {
            if let t = titles[id] { found[id] = t } else { missing.append(id) }
        }
        return (found, missing)
    }

    /// Keeps `read` (titles read at the generation of the last `lookup`).
    public func keep(_ read: [Int64: String]) {
        if titles.count + read.count > Self.limit { titles.removeAll(keepingCapacity: true) }
        titles.merge(read) { _, new in new }
    }
}
