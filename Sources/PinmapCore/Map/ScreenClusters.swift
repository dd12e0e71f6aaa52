import Frame
import GeoMap
import PinModel

/// Sums pin cells (`PinRepository.visitMapCells`) into the map pane's screen cells:
/// one cluster per occupied screen cell, shown by its lowest-id pin, as
/// `Clusterer` does with pins. A pin cell lying inside one screen cell is
/// exact; one that straddles screen cells is refined into its children by the
/// caller while its budget lasts, else counted whole where its lowest-id pin
/// is (off by at most the cell's width, one screen column). Memory: four
/// bytes per screen cell and one entry per occupied one, whatever the number
/// of pins (a 200 × 58 pane: 46 KB, not 40 bytes per cell cleared per frame).
///
/// Not copyable: it owns its two buffers (read and written without the
/// uniqueness check and reference counting an array costs on every change,
/// ~14,000 times a street frame), freed when it ends.
public struct ScreenClusters: ~Copyable {
    /// An occupied screen cell: its pin count and lowest-id pin (plain
    /// values, no text, so summing thousands of cells costs no reference counting).
    struct Entry {
        var count: Int
        var repID: Int64
        var latitude: Double
        var longitude: Double
        var categoryID: Int64
    }

    let viewport: Viewport
    let pane: Rect
    /// Degrees of longitude per column and of latitude per row.
    public let dpc: Double, dpr: Double
    /// The pane's centre (absolute cells) and the viewport's centre (degrees),
    /// for `Viewport.cell(for:pane:)`'s arithmetic done inline per cell.
    private let centerCol: Double, centerRow: Double, centerLat: Double, centerLon: Double
    /// The pane's edges (absolute cells) as doubles, for `index`'s bounds test.
    private let left: Double, right: Double, top: Double, bottom: Double
    /// Occupied screen cells, in the order first reached: `entryCount` of room
    /// for one per screen cell.
    private let entries: UnsafeMutablePointer<Entry>
    private var entryCount = 0
    /// Per screen cell (row-major, `slotCount` of them): 1 + its index in
    /// `entries`, 0 when empty.
    private let slot: UnsafeMutablePointer<Int32>
    private let slotCount: Int
    /// Width and height (degrees, and in columns and rows) of the cells of `cellLevel`, the
    /// level last added (a frame's cells are nearly all of one level).
    private var cellLevel = -1, cellWidth = 0.0, cellHeight = 0.0, cellColumns = 0.0, cellRows = 0.0
    /// Pins counted inside the pane.
    public private(set) var inView = 0
    /// True when a straddling cell crossed the pane's edge, so `inView` may
    /// be off by the pins of that cell outside (or inside) the pane.
    public private(set) var approximate = false

    public init(viewport: Viewport, pane: Rect) {
        self.viewport = viewport
        self.pane = pane
        dpc = viewport.degreesPerColumn(paneWidth: pane.width)
        dpr = viewport.degreesPerRow(paneWidth: pane.width)
        centerCol = Double(pane.x) + Double(pane.width) / 2
        centerRow = Double(pane.y) + Double(pane.height) / 2
        centerLat = viewport.center.latitude
        centerLon = viewport.center.longitude
        left = Double(pane.x); right = Double(pane.x + pane.width)
        top = Double(pane.y); bottom = Double(pane.y + pane.height)
        slotCount = max(0, pane.width * pane.height)
        slot = .allocate(capacity: slotCount)
        slot.initialize(repeating: 0, count: slotCount)
        // Room for every screen cell up front (not initialised, so untouched pages cost
        // nothing): a street view fills 7,339 of 11,600, and growing by doubling copied
        // the entries a dozen times a frame.
        entries = .allocate(capacity: slotCount)
    }

    deinit {
        // `Entry` holds plain values only: nothing to deinitialise.
        slot.deallocate()
        entries.deallocate()
    }

    /// Counts `cell` in the screen cell of its lowest-id pin when all its
    /// pins land in that screen cell (always so for one pin) or when
    /// `force`; returns false, counting nothing, when the cell straddles
    /// screen cells and is not forced (the caller refines it). A forced
    /// straddling cell is off by at most its width.
    public mutating func add(_ cell: PinCell, force: Bool = false) -> Bool {
        let pos = position(latitude: cell.repLatitude, longitude: cell.repLongitude)
        if cell.count > 1, !fits(cell, at: pos, force: force) { return false }
        guard let k = index(col: pos.col, row: pos.row) else { return true }
        inView += cell.count
        let s = Int(slot[k])
        if s == 0 {
            entryCount += 1
            slot[k] = Int32(entryCount)
            (entries + entryCount - 1).initialize(to: Entry(count: cell.count, repID: cell.repID, latitude: cell.repLatitude,
                                                            longitude: cell.repLongitude, categoryID: cell.repCategoryID))
            return true
        }
        let e = entries + (s - 1)
        if e.pointee.count == 0 || cell.repID < e.pointee.repID {
            e.pointee.repID = cell.repID
            e.pointee.latitude = cell.repLatitude
            e.pointee.longitude = cell.repLongitude
            e.pointee.categoryID = cell.repCategoryID
        }
        e.pointee.count += cell.count
        return true
    }

    /// Whether a cell of several pins, its representative at `pos`, may be counted
    /// there: it lies inside one screen cell, or it is forced (then `approximate` is set
    /// when it also crosses the pane's edge).
    @inline(never)  // out of `add`'s path for lone pins (most cells of a street view)
    private mutating func fits(_ cell: PinCell, at pos: (col: Double, row: Double), force: Bool) -> Bool {
        if cell.level != cellLevel {
            cellLevel = cell.level
            cellWidth = PinCell.width(level: cell.level)
            cellHeight = PinCell.height(level: cell.level)
            cellColumns = cellWidth / dpc
            cellRows = cellHeight / dpr
        }
        // A forced cell whose box lies inside the pane whatever its position around the
        // representative (with a column and a row to spare for rounding) counts where
        // the representative is, straddling or not: no need to measure its edges (four
        // divisions; most cells of a crowded view are forced).
        let surelyInside = force && pos.col - cellColumns - 1 >= left && pos.col + cellColumns + 1 <= right
            && pos.row - cellRows - 1 >= top && pos.row + cellRows + 1 <= bottom
        if surelyInside { return true }
        // The box's edges in screen cells, measured from the representative
        // on the world copy drawn.
        let w = cellWidth, h = cellHeight
        let west = Double(cell.x) * w - 180, south = Double(cell.y) * h - 90
        let c0 = pos.col - (cell.repLongitude - west) / dpc, c1 = pos.col + (west + w - cell.repLongitude) / dpc
        let r0 = pos.row - (south + h - cell.repLatitude) / dpr, r1 = pos.row + (cell.repLatitude - south) / dpr
        if Self.floor(c0) == Self.ceil(c1) - 1 && Self.floor(r0) == Self.ceil(r1) - 1 { return true }
        guard force else { return false }
        let inside = c0 >= Double(pane.x) && c1 <= Double(pane.x + pane.width)
            && r0 >= Double(pane.y) && r1 <= Double(pane.y + pane.height)
        if !inside { approximate = true }
        return true
    }

    /// `x.rounded(.down)` without a libm call (this build's baseline x86-64 has no
    /// rounding instruction): truncation, one down for negatives with a fraction. Exact
    /// for |x| < 2^52; beyond (and NaN) the library's.
    @inline(__always)
    public static func floor(_ x: Double) -> Double {
        guard abs(x) < 4_503_599_627_370_496 else { return x.rounded(.down) }
        let t = Double(Int64(x))
        return t > x ? t - 1 : t
    }

    /// `x.rounded(.up)`, as `floor`.
    @inline(__always)
    public static func ceil(_ x: Double) -> Double {
        guard abs(x) < 4_503_599_627_370_496 else { return x.rounded(.up) }
        let t = Double(Int64(x))
        return t < x ? t + 1 : t
    }

    /// Takes one pin (the selected one, drawn on its own) out of its cell's
    /// marker; it still counts in `inView`.
    public mutating func remove(latitude: Double, longitude: Double) {
        let pos = position(latitude: latitude, longitude: longitude)
        guard let k = index(col: pos.col, row: pos.row), slot[k] > 0 else { return }
        let i = Int(slot[k]) - 1
        if entries[i].count > 0 { entries[i].count -= 1 }
    }

    /// Where a point is drawn (absolute cells, fractional): the arithmetic
    /// of `Viewport.cell(for:pane:)`, longitude on the world copy nearest the
    /// centre (a test checks they agree).
    @inline(__always)
    public func position(latitude: Double, longitude: Double) -> (col: Double, row: Double) {
        var d = longitude - centerLon
        if d < -180 || d >= 180 {
            d = (d + 180).truncatingRemainder(dividingBy: 360)
            if d < 0 { d += 360 }
            d -= 180
        }
        return (centerCol + d / dpc, centerRow - (latitude - centerLat) / dpr)
    }

    /// Row-major index of the screen cell at an absolute position, nil off the pane
    /// (or NaN). The pane's edges are whole numbers, so `col >= left` is `floor(col) >=
    /// left`, and `col - left` is exact and not negative: truncating it is the floor
    /// (no libm call per cell).
    @inline(__always)
    private func index(col: Double, row: Double) -> Int? {
        guard col >= left, col < right, row >= top, row < bottom else { return nil }
        return Int(row - top) * pane.width + Int(col - left)
    }

    /// One marker per occupied screen cell, by row then column (as `Clusterer`).
    public func markers(categoryIndex: (Int64) -> Int) -> [MapMarker] {
        var out: [MapMarker] = []
        out.reserveCapacity(entryCount)
        for s in UnsafeBufferPointer(start: slot, count: slotCount) where s > 0 {
            let e = entries[Int(s) - 1]
            guard e.count > 0 else { continue }
            out.append(MapMarker(id: e.repID, latitude: e.latitude, longitude: e.longitude, count: e.count,
                                 categoryIndex: categoryIndex(e.categoryID), title: "", selected: false))
        }
        return out
    }
}
