import GeoMap

/// Work off the UI thread (Effect.loadView, BackgroundJob.swift): which reads are
/// current, the long job, and indexing.
public struct LoadState: Sendable {
    /// The newest view read asked for (`ViewRequest.generation`): an answer older than the
    /// one shown is dropped.
    public internal(set) var viewGeneration = 0
    /// The view read whose answer is shown.
    public internal(set) var shownViewGeneration = 0
    /// The newest read that asked for the list, and the newest whose list is shown. A list is
    /// judged against list reads only: the lanes answer a markers-only read asked after it
    /// (a row selected, the map re-centred) first, and that must not make it old.
    var listGeneration = 0
    var shownListGeneration = 0
    /// The long job the write worker runs, if any.
    public internal(set) var job: BackgroundJob?
    /// Index what another process's large import left when a view read finds it (the
    /// terminal UI; off for `render` and tests).
    public internal(set) var indexesWhenNeeded = false
    /// The user stopped indexing: not started again by a view read this session.
    public internal(set) var indexingDeclined = false
    /// Whether view reads are answered before the next frame is painted (the runtime
    /// without worker lanes says so): an update that asks for one then leaves the map's
    /// layout to the update that brings the markers, as no frame shows the view between.
    var viewReadsBeforePaint = false
    /// A view read is on its way and is answered before the next frame is painted: its
    /// answer lays the map out.
    var layoutAwaitsRead: Bool { viewReadsBeforePaint && viewGeneration > shownViewGeneration }
    /// The viewport the app itself last left for a fit it asked for on its own
    /// (`AppState.fitQuietly`): a quiet fit's answer is shown only while the map is still
    /// there, never after the user moved it (`QuietFit.swift`).
    var quietFitFrom: Viewport?
    /// True while the pins a large import left are indexed (the list says so, not "No pins yet").
    public internal(set) var indexingBacklog = false
    /// The pin and comment writes on their way, and since when ("Saving…").
    public internal(set) var saves = SavesInFlight()
}
