import Frame

/// Grid clustering in screen space: all markers that fall in the same cell
/// of the pane become one marker whose `count` is the sum of theirs.
public enum Clusterer {
    /// One marker per occupied cell of `pane`, for markers inside it (those
    /// off screen are dropped; longitudes are taken on the world copy nearest
    /// the viewport centre, as drawn).
    ///
    /// The representative of a cell, whose id, position, category and title
    /// the result carries, is deterministic: the selected marker with the
    /// lowest id if any is selected, else the marker with the lowest id. The
    /// result is `selected` when any member is; `count` is the sum of the
    /// members' counts (a count below 1 counts as 1). Output is ordered by
    /// row, then column.
    public static func cluster(_ pins: [MapMarker], viewport: Viewport, pane: Rect) -> [MapMarker] {
        guard !pane.isEmpty else { return [] }
        struct Bucket { var rep: MapMarker; var count: Int; var selected: Bool }
        var buckets: [Int: Bucket] = [:]
        for m in pins {
            guard let key = cellKey(m, viewport: viewport, pane: pane) else { continue }
            let n = max(1, m.count)
            if var b = buckets[key] {
                b.count += n
                b.selected = b.selected || m.selected
                if isBetterRepresentative(m, than: b.rep) { b.rep = m }
                buckets[key] = b
            } else {
                buckets[key] = Bucket(rep: m, count: n, selected: m.selected)
            }
        }
        return buckets.keys.sorted().compactMap { key in
            guard let b = buckets[key] else { return nil }
            var out = b.rep
            out.count = b.count
            out.selected = b.selected
            return out
        }
    }

    /// Row-major index of the pane cell holding `m`, nil when outside.
    static func cellKey(_ m: MapMarker, viewport: Viewport, pane: Rect) -> Int? {
        guard m.latitude.isFinite, m.longitude.isFinite, m.latitude >= -90, m.latitude <= 90 else { return nil }
        let pos = viewport.cell(for: m.point, pane: pane)
        let c = pos.col.rounded(.down) - Double(pane.x), r = pos.row.rounded(.down) - Double(pane.y)
        guard c >= 0, c < Double(pane.width), r >= 0, r < Double(pane.height) else { return nil }
        return Int(r) * pane.width + Int(c)
    }

    private static func isBetterRepresentative(_ a: MapMarker, than b: MapMarker) -> Bool {
        if a.selected != b.selected { return a.selected }
        return a.id < b.id
    }
}
