import Frame
import GeoMap
import PinModel

/// What comes from the environment at start (never read by the core itself): the home
/// folder and the working folder (Import tab paths), the locale and the terminal's colours.
public struct AppEnvironment: Sendable, Equatable {
    public var home: String?
    public var cwd: String
    /// False when the locale's characters are not UTF-8 (`LANG=C`).
    public var localeIsUTF8: Bool
    /// False when `NO_COLOR` is set or the terminal has fewer than 8 colours.
    public var colorAvailable: Bool
    /// The map's place names: Korean when the locale's name is Korean.
    public var placeLanguage: PlaceNaming.Language
    /// The interface's language (`Language.from(environment:)`); by default the process's.
    public var language: Language
    /// Index what another process's large import left when a view read finds it (the
    /// terminal UI; off for `render` and tests).
    public var indexesWhenNeeded: Bool
    public init(home: String? = nil, cwd: String = "/", localeIsUTF8: Bool = true, colorAvailable: Bool = true,
                placeLanguage: PlaceNaming.Language = .english, indexesWhenNeeded: Bool = false,
                language: Language = Strings.language) {
        self.language = language
        self.home = home; self.cwd = cwd; self.localeIsUTF8 = localeIsUTF8
        self.colorAvailable = colorAvailable; self.placeLanguage = placeLanguage
        self.indexesWhenNeeded = indexesWhenNeeded
    }
}


/// What the map and the list show for a view, read by the runtime (`Effect.loadView`).
public struct ViewData: Sendable {
    /// Pins in the store and per category.
    public var totals: PinCellTotals
    /// Markers, in-view count and list; nil while a search's answer is on its way (the map
    /// and the list stay as they are).
    public var view: ViewPart?
    /// The selected pin's own marker, drawn over the others.
    public var selectedMarker: MapMarker?
    /// The list was asked for (`ViewRequest.list`): the cursor follows the selection.
    public var list: Bool
    /// The request's generation (`ViewRequest.generation`).
    public var generation: Int
    /// A large import left pins to index; nil when not asked (`ViewRequest.checksIndexBacklog`).
    public var indexBacklog: Bool?
    /// The city's own pin, when the request looked for it (`ViewRequest.place`).
    public var place: PlaceAnswer?
    public init(totals: PinCellTotals, view: ViewPart?, selectedMarker: MapMarker?, list: Bool, generation: Int = 0,
                indexBacklog: Bool? = nil, place: PlaceAnswer? = nil) {
        self.totals = totals; self.view = view; self.selectedMarker = selectedMarker; self.list = list
        self.generation = generation; self.indexBacklog = indexBacklog; self.place = place
    }

    public struct ViewPart: Sendable {
        public var markers: [MapMarker]
        public var inView: Int
        public var approximate: Bool
        /// With a search: its matches outside the view.
        public var elsewhere: Int?
        /// The list, when it was asked for: its first rows (`AppState.listWindow`) or all.
        public var listed: [Pin]?
        /// Rows the list holds, read or not (nil: `listed.count`).
        public var listCount: Int?
        /// The query `listed` was read with, to read more of the same list (nil: no more to read).
        public var listQuery: PinQuery?
        public init(markers: [MapMarker], inView: Int, approximate: Bool, elsewhere: Int?, listed: [Pin]?,
                    listCount: Int? = nil, listQuery: PinQuery? = nil) {
            self.markers = markers; self.inView = inView; self.approximate = approximate
            self.elsewhere = elsewhere; self.listed = listed
            self.listCount = listCount; self.listQuery = listQuery
        }
    }
}

/// The Timeline's month and day as read (`Effect.loadTimeline`).
public struct TimelineDay: Sendable, Equatable {
    public var dayCounts: [Int: Int]
    public var dayPins: [Pin]
    public init(dayCounts: [Int: Int], dayPins: [Pin]) { self.dayCounts = dayCounts; self.dayPins = dayPins }
}

/// How a pin write ended (`AppEvent.Pins.written`).
public enum PinWriteOutcome: Sendable {
    case added(id: Int64, NewPin)
    /// The form comes back with what was typed; `unsure`: an add (this one or the form's
    /// earlier one) that may still be done, which the form's next save checks for.
    case addFailed(NewPin, StoreError, unsure: UnsureAdd?)
    case updated(PinEdit)
    /// The edit changed no value: nothing was written.
    case unchanged(PinEdit)
    /// The edit's pin is gone (deleted elsewhere).
    case updateMissing(PinEdit)
    /// The form comes back with what was typed, still at the version it opened with.
    case updateFailed(PinEdit, StoreError)
    /// Someone changed the pin after the edit's version (`PinEdit.ifVersion`): nothing
    /// written; `theirs` is the pin as the store has it now (the core merges: `PinMerge`).
    case updateConflict(PinEdit, theirs: Pin)
    /// Someone changed the pin after it was shown: not deleted.
    case deleteConflict(theirs: Pin)
    case deleted(DeletedPin)
    case deleteMissing(id: Int64)
    case deleteFailed(id: Int64, StoreError)
    case restored(id: Int64, DeletedPin)
    case restoreFailed(DeletedPin, StoreError)
}

extension PinWriteOutcome {
    /// Why the write failed (nil when it did not fail for a store error).
    var failure: StoreError? {
        switch self {
        case .addFailed(_, let e, _), .updateFailed(_, let e), .deleteFailed(_, let e), .restoreFailed(_, let e): e
        default: nil
        }
    }
}

/// The comment write that came before a comments read (`AppEvent.Pins.commentsLoaded`).
public enum CommentChange: Sendable {
    case none, added, deleted
    /// Another process changed the comments (`Effect.reloadComments`).
    case elsewhere
    case addFailed(StoreError), deleteFailed(StoreError)
}

/// How indexing what a large import left ended (`AppEvent.Indexing.finished`).
public enum IndexingOutcome: Sendable, Equatable {
    case nothingToDo, done, stopped
    /// Another pinmap (`import --index`, `pinmap index`) is indexing the pins it committed.
    case elsewhere
    /// Failed: the store's failure.
    case failed(StoreError)
}

/// How an export ended (`AppEvent.Export.finished`).
public enum ExportOutcome: Sendable, Equatable {
    /// `count` pins written to `path`.
    case written(count: Int, path: String)
    /// No file could be created at `path` (the system's reason).
    case noFile(path: String, reason: String)
    /// The file at `path` could not be written whole.
    case notWritten(path: String, reason: String)
    case failed(String)
}
