import PinModel

/// The pin list (pins in the view, as last read), its cursor, order and selection
/// (Update+Results.swift reads it in; Update+Keys.swift and Update+Mouse.swift move it).
public struct ListState: Sendable {
    /// The list's rows read so far, in the list's order.
    public internal(set) var pins: [Pin] = []
    /// Rows the list holds beyond `pins`, not read yet: at a million pins only the
    /// rows on screen plus a page are read per frame (`AppState.listWindow`); the rest as the
    /// list scrolls (`Effect.loadListRows`). The list's rows and order are those of
    /// one read of all of them.
    public internal(set) var unloaded = 0
    /// The query the list was read with (the view it was read for), to read more of it.
    public internal(set) var source: PinQuery?
    /// A list row to select once read (End, a page past the rows read).
    var pendingIndex: Int?
    /// Read every row the list holds (a click on a marker whose pin is not read yet).
    var readAll = false
    /// Pins in the view (the status line's count).
    public internal(set) var inViewCount = 0
    /// True when `inViewCount` is an estimate (pin cells straddling the
    /// pane's edge; see `ScreenClusters`): it is then shown with "≈".
    public internal(set) var inViewApproximate = false
    /// The in-view count of the view the list was read for, and whether it was an estimate
    /// (nil: no list read yet, the view's own). A selection re-centres the map and changes
    /// `inViewCount`, not the list: the list's header keeps counting the list's view until a
    /// pan, zoom, filter or order reads the list again (`AppState.listInViewCount`).
    public internal(set) var view: (count: Int, approximate: Bool)?
    /// Pins in the store.
    public internal(set) var totalCount = 0
    /// The selected pin's id (listed or not).
    public internal(set) var selectedID: Int64?
    /// The pin `keepListRowSelected` selected by itself (the first row), not the user: zoom
    /// keys then zoom about the map's centre, not about it.
    var autoSelectedID: Int64?
    /// The pin the user selected left the list (deleted or filtered elsewhere): until their
    /// next input no row is selected by itself, so no other pin is drawn as selected.
    var selectionLeft = false
    /// The list is read on to find the selected pin after a reload without it (not after a
    /// marker's click, whose pin may lie past the list's rows and stays selected on the map).
    var followingSelection = false
    /// A pin shown from the Timeline (`jump`): the next list read scrolls to its row, reading
    /// on through the list when it lies past the rows read (`readAll`).
    var revealSelection = false
    /// Index of the selected row in `pins`, when it is listed.
    public internal(set) var cursor: Int = 0
    /// First list row shown (rows scrolled off the top).
    public internal(set) var scroll: Int = 0
    /// The order chosen for the list (the search's relevance while searching: `PinQuery.effective`).
    public internal(set) var order: PinQuery.Order = .relevance

    /// Rows the list holds (read or not): what the header counts and the cursor moves over.
    public var count: Int { pins.count + unloaded }

    /// The selected pin, when it is in the list.
    public var selectedPin: Pin? {
        guard let id = selectedID else { return nil }
        return pins.first { $0.id == id }
    }
}
