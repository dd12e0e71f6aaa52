import Frame
import GeoMap
import PinModel

/// The map: its viewport and markers, place labels, the pointer, the world fit and the
/// categories' colours and filter.
public struct MapState: Sendable {
    public internal(set) var viewport: Viewport = .world
    public internal(set) var markers: [MapMarker] = []
    /// The map laid out with its place names, by `update` when the view changed
    /// (Render.swift): render draws it as it is, and the next placement keeps the names
    /// where they were.
    var scene: MapScene?
    /// The map's place names (`scene`'s).
    public var labels: [PlacedLabel] { scene?.labels ?? [] }
    /// What `scene` was laid out for.
    var labelsInput: MapLabelsInput?
    /// The screen cell under the mouse pointer, when it last moved over the map; cleared by
    /// a key, so the status line then shows the visible map's centre (`statusPoint`).
    public internal(set) var pointerCell: (col: Int, row: Int)?
    /// The whole-world view `0` fitted and the map rows it was fitted into: while the zoom
    /// stays at or below it (`worldStaysFitted`), a sheet moved or a terminal resized fits the
    /// world again (a world fitted above a large sheet stayed a thumbnail at small).
    var worldFit: (viewport: Viewport, visible: Rect)?
    /// The scale and centre a run of resizes keeps (`resize(cols:rows:now:_:)`).
    var resizeAnchor: ResizeAnchor?
    /// A drag of the map in progress.
    var drag: MapDrag?
    /// Category names in a stable order.
    public internal(set) var categoryNames: [String] = [] {
        didSet { categorySlots = MapTheme.categorySlots(categoryNames) }
    }
    /// Each category's palette slot (`MapTheme.categorySlots`): one colour per category
    /// in map, list, filter and detail.
    public private(set) var categorySlots: [String: Int] = [:]
    /// Categories in the store with their pin counts (for the filter sheet).
    public internal(set) var categoryCounts: [CategoryCount] = []
    /// Categories shown; nil = all.
    public internal(set) var categoryFilter: Set<String>?

    /// The palette slot of `category` (-1 for none).
    public func categorySlot(_ category: String) -> Int { categorySlots[category] ?? MapTheme.categorySlot(category) }
}

struct MapDrag: Sendable {
    var startCol: Int, startRow: Int
    var startViewport: Viewport
    var moved = false
}
