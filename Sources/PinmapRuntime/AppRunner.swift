import Foundation
import Frame
import GeoMap
import PinmapCore
import PinModel
import Sheet

/// Runs the pure core against a `PinRepository`: feeds events to `AppState.update`,
/// performs the effects it returns and feeds their outcomes back as events. It never
/// changes the state itself. Used by the terminal UI and by `pinmap render` alike, so
/// both show the same frames. Not thread-safe: one runner per thread.
public final class AppRunner {
    public internal(set) var state: AppState
    public let store: any PinRepository
    /// Called while an import, an export or indexing runs, after its progress changed, so
    /// the terminal can repaint (they run on the UI thread).
    public var onProgress: (() -> Void)?
    /// Whether the user asked to stop (q, Ctrl-C, a quit signal) since the last call: asked
    /// while indexing runs (`finishIndexingIfNeeded`); nil: indexing cannot be stopped.
    public var pollStopKey: (() -> Bool)?
    /// Whether a view load that finds pins another process's large import left unindexed
    /// indexes them first (the terminal UI; off for `render` and tests). Turned off for the
    /// session when the user stops indexing.
    public var indexesWhenNeeded = false
    /// True while `finishIndexingIfNeeded` runs (no second one from a load inside it).
    var indexing = false
    /// Imports the bundled sample pins; returns how many were added.
    let loadSamples: () throws -> Int
    /// Imports a file into the store with progress (`Importer.run`, given by the CLI).
    let importer: FileImporter
    /// Runs searches on a thread of its own (the terminal UI); nil: searches run at once
    /// on this thread (render, tests).
    private var searchWorker: SearchWorker?
    /// Waits for other processes' changes on a thread of its own (`startChangeWatch`).
    var changeWatcher: ChangeWatcher?
    /// Loads the effects of the current burst asked for, performed once at its end.
    var pendingLoads = PendingLoads()

    /// Most rows the list holds (the count says how many more are in view).
    public static let listLimit = 500
    /// Most pins a store waiting for indexing may hold for the list to be read before the
    /// indexing at start-up (62,000: about 0.1 s; 1,000,000: seconds).
    static let listBeforeIndexingLimit = 200_000
    /// Most pins fetched to build the map's markers and clusters.
    public static let markerLimit = 20_000

    /// - Parameters:
    ///   - store: where the pins are.
    ///   - state: the initial state (size, environment, options).
    ///   - importer: previews and imports files (the Import tab).
    ///   - loadSamples: imports the bundled sample pins; returns how many were added.
    public init(store: any PinRepository, state: AppState, importer: FileImporter = .unavailable,
                loadSamples: @escaping () throws -> Int) {
        self.store = store
        self.state = state
        self.loadSamples = loadSamples
        self.importer = importer
        var settings: [String: String] = [:]
        for key in SettingKey.all { if let v = (try? store.setting(key)).flatMap({ $0 }) { settings[key] = v } }
        // Read even when a large import left pins to index: its commit put them on the map
        // (the cell tree), so the map shows them while search catches up
        // (`finishIndexingIfNeeded`, which reads the view again when done). The list too,
        // unless the store is so large that its first rows, without the creation index the
        // indexing rebuilds, would take seconds before the first frame (the list says so).
        feed(.storeOpened(settings: settings, newestPinDay: newestPinDay(), today: Date()), now: state.clock)
        if (try? store.hasIndexBacklog()) == true, ((try? store.count()) ?? 0) > Self.listBeforeIndexingLimit {
            pendingLoads.list = false
        }
        performLoads()
    }

    /// Applies one event at time `now` (seconds), then the effects and loads it asked for.
    public func handle(_ event: AppEvent, now: Double) {
        handle([event], now: now)
    }

    /// Applies a burst of events (a paste, a burst of mouse reports) and reads the view
    /// once at the end, not once per event: pasting 4,000 characters into the search field
    /// is one query, not 4,000.
    public func handle(_ events: [AppEvent], now: Double) {
        for event in events { feed(event, now: now) }
        performLoads()
    }

    /// Applies a burst read at once, its events spread evenly over (`start`, `end`]
    /// (seconds): they arrived during that interval, and a drag's release decision needs
    /// distinct times for its reports.
    public func handle(_ events: [AppEvent], from start: Double, to end: Double) {
        let n = Double(events.count)
        for (i, event) in events.enumerated() {
            feed(event, now: events.count == 1 ? end : start + (end - start) * Double(i + 1) / n)
        }
        performLoads()
    }

    /// The frame for the current state.
    public func frame() -> Screen { state.renderRememberingLabels() }

    /// Loads the sample pins when the store is empty and says so on screen.
    public func loadSamplesIfEmpty() {
        guard (try? store.count()) == 0 else { return }
        apply(.samplesLoaded(importSamples(), firstRun: true), now: state.clock)
    }

    /// One event through `update`, its effects performed (loads wait for the burst's end).
    func feed(_ event: AppEvent, now: Double) {
        for effect in state.update(event, now: now) { perform(effect) }
    }

    /// An outcome through `update` at `now`, then the loads it asked for (unless `loads` is false).
    func apply(_ event: AppEvent, now: Double, loads: Bool = true) {
        feed(event, now: now)
        if loads { performLoads() } else { pendingLoads = PendingLoads() }
    }

    private func perform(_ effect: Effect) {
        let now = state.clock
        switch effect {
        case .loadView(let list):
            pendingLoads.view = true
            pendingLoads.list = pendingLoads.list || list
        case .loadListRows(let query, let rows):
            do {
                feed(.listRowsLoaded(query, try ViewLoader(store: store, state: state).moreListRows(query, rows: rows)), now: now)
            } catch {
                feed(.storeFailed(error as? StoreError ?? StoreError("\(error)")), now: now)
            }
        case .loadTimeline: pendingLoads.timeline = true
        case .loadStoreInfo: pendingLoads.storeInfo = true
        case .restartTimeline: feed(.timelineRestarted(newestPinDay: newestPinDay(), today: Date()), now: now)
        case .search(let text, let generation): search(text, generation: generation)
        case .listFolder(let path): feed(.folderListed(FolderReader.list(path)), now: now)
        case .persist(let key, let value):
            do { try store.setSetting(key, value) } catch { feed(.settingNotSaved(error), now: now) }
        case .fitPins:
            var q = state.listQuery(limit: -1)
            q.boxes = []
            feed(.pinsBounds((try? store.boundingBox(matching: q)).flatMap { $0 }), now: now)
        case .previewImport(let path): feed(.importPreviewed(importer.preview(path, Self.previewRows)), now: now)
        case .runImport(let path): runImport(path: path)  // AppRunner+Import.swift
        case .loadSamples: feed(.samplesLoaded(importSamples(), firstRun: false), now: now)
        case .loadComments(let pinID):
            // The detail page opened: its pin's properties, then its comments.
            feed(.propertiesLoaded(pinID: pinID, (try? store.properties(ofPin: pinID)) ?? []), now: now)
            if let event = pinEvent(for: effect) { feed(event, now: now) }
        case .addPin, .updatePin, .deletePin, .restorePin, .addComment, .deleteComment:
            if let event = pinEvent(for: effect) { feed(event, now: now) }  // AppRunner+Pins.swift
        case .exportPins(let format): exportPins(format)  // AppRunner+Export.swift
        }
    }

    private func importSamples() -> Result<Int, StoreError> {
        do { return .success(try loadSamples()) } catch let e as StoreError { return .failure(e) } catch {
            return .failure(StoreError("\(error)"))
        }
    }

    /// Starts the search thread (a second connection to the store, from `open`): searches
    /// then never hold up typing. Call `collectSearchResults` from the loop to receive them.
    public func startSearchWorker(open: @escaping @Sendable () throws(StoreError) -> any PinRepository) {
        guard searchWorker == nil else { return }
        searchWorker = SearchWorker(open: open)
    }

    /// Stops the search thread.
    public func stopSearchWorker() {
        searchWorker?.stop()
        searchWorker = nil
    }

    /// Hands the searches finished since the last call to `update` (stale ones are dropped
    /// there). Returns whether any arrived.
    @discardableResult
    public func collectSearchResults(now: Double) -> Bool {
        guard let outcomes = searchWorker?.takeResults(), !outcomes.isEmpty else { return false }
        handle(outcomes.map { .searchFinished(generation: $0.generation, $0.results) }, now: now)
        return true
    }

    private func search(_ text: String, generation: Int) {
        if let worker = searchWorker { return worker.submit(.init(text: text, generation: generation)) }
        let result: Result<SearchResults, StoreError>
        do { result = .success(try store.search(text)) } catch { result = .failure(error) }
        feed(.searchFinished(generation: generation, result), now: state.clock)
    }

    /// A batch's file as the Settings tab lists it: its name, the sample pins' label in the UI's language.
    static func batchName(_ file: String) -> String {
        let sample = " (bundled sample pins)"  // SamplePins' batch label, in every store
        let name = (file as NSString).lastPathComponent
        return name.hasSuffix(sample) ? String(name.dropLast(sample.count)) + " " + S.stSampleBatch.text : name
    }

    /// Reads the view again (the list too unless `list` is false), as `Effect.loadView` does.
    func reloadView(list: Bool = true) {
        pendingLoads.view = true
        pendingLoads.list = pendingLoads.list || list
        performLoads()
    }

    /// Performs the loads the burst asked for, in the order the screen needs them; their
    /// outcomes may ask for more (a view read on the Settings tab reads its facts again).
    func performLoads() {
        for _ in 0..<4 {
            let loads = pendingLoads
            pendingLoads = PendingLoads()
            guard loads.any else { return }
            // Another process's large import left pins unindexed: index them before reading.
            if loads.view, indexesWhenNeeded, !indexing, (try? store.hasIndexBacklog()) == true {
                finishIndexingIfNeeded(now: state.clock)
                continue  // it asks for the view when done
            }
            let now = state.clock
            if loads.timeline { feed(.timelineLoaded(readTimeline()), now: now) }
            if loads.storeInfo { feed(.storeInfoLoaded(readStoreInfo()), now: now) }
            if loads.view {
                do {
                    feed(.viewLoaded(try ViewLoader(store: store, state: state).load(list: loads.list)), now: now)
                } catch {
                    feed(.storeFailed(error as? StoreError ?? StoreError("\(error)")), now: now)
                }
            }
        }
    }

    private func readTimeline() -> Result<TimelineDay, StoreError> {
        let t = state.timeline
        do {
            return .success(TimelineDay(dayCounts: try store.days(inMonth: t.year, month: t.month),
                                        dayPins: try store.pins(onDay: t.dateString)))
        } catch {
            return .failure(error)
        }
    }

    private func readStoreInfo() -> StoreInfo {
        var info = StoreInfo()
        info.path = store.location
        info.isServer = store.location.hasPrefix("postgresql://")
        info.sizeBytes = store.sizeInBytes()
        info.pinCount = (try? store.pinCellTotals().total) ?? 0  // not count(*): a scan with a million pins
        for b in (try? store.recentImports(limit: 3)) ?? [] {
            info.batches.append(S.stBatch(b.id, b.importedAt.prefix(16), b.imported, Self.batchName(b.file)))
        }
        return info
    }

    /// The creation day of the newest pin (`2026-12-01`), nil when there is none.
    private func newestPinDay() -> String? {
        (try? store.pins(matching: PinQuery(limit: 1)))?.first.map { String($0.createdAt.prefix(10)) }
    }
}

/// The loads a burst of events asked for (`Effect.loadView`, `.loadTimeline`, `.loadStoreInfo`).
struct PendingLoads {
    var view = false, list = false, timeline = false, storeInfo = false
    var any: Bool { view || timeline || storeInfo }
}

extension AppRunner {
    /// Puts the sheet at `detent` without animation (render, tests).
    public func setDetentInstantly(_ detent: Detent) { apply(.showDetent(detent), now: state.clock) }

    /// Moves the map to `viewport` and reads the markers and the list, as a pan or zoom
    /// does (the benchmark drives frames through this).
    public func show(_ viewport: Viewport) { apply(.showViewport(viewport), now: state.clock) }

    /// Centres the map on the best place named `name` (as `/` then Enter would) and
    /// reads the view; returns it, or nil when no place has that name.
    @discardableResult
    public func goToPlace(named name: String) -> PlaceMatch? {
        guard let match = Gazetteer.shared.search(name, limit: 1, naming: state.placeNaming).first else { return nil }
        apply(.showPlace(match), now: state.clock)
        return match
    }
}
