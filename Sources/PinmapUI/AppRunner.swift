import Foundation
import Frame
import GeoMap
import PinStore
import Sheet

/// Connects the pure core to the store: feeds events to `AppState.update`,
/// performs the effects it returns and reloads pins when the view changed.
/// Used by the terminal UI and by `pinmap render` alike, so both show the
/// same frames. Not thread-safe: one runner per thread.
public final class AppRunner {
    public internal(set) var state: AppState
    public let store: Store
    /// Called while an import runs, after the progress changed, so the
    /// terminal can repaint (the import runs on the UI thread).
    public var onProgress: (() -> Void)?
    /// Whether the user asked to stop (q, Ctrl-C, a quit signal) since the last call: asked
    /// while indexing runs (`finishIndexingIfNeeded`); nil: indexing cannot be stopped.
    public var pollStopKey: (() -> Bool)?
    /// Whether a reload that finds pins another process's large import left unindexed
    /// indexes them first (the terminal UI; off for `render` and tests). Turned off for the
    /// session when the user stops indexing.
    public var indexesWhenNeeded = false
    /// True while `finishIndexingIfNeeded` runs (no second one from a reload inside it).
    var indexing = false
    /// Imports the bundled sample pins; returns how many were added.
    private let loadSamples: () throws -> Int
    /// Runs searches on a thread of its own (the terminal UI); nil: searches run at once
    /// on this thread (render, tests).
    private var searchWorker: SearchWorker?

    /// Most rows the list holds (the count says how many more are in view).
    public static let listLimit = 500
    /// Most pins fetched to build the map's markers and clusters.
    public static let markerLimit = 20_000

    public init(store: Store, state: AppState, loadSamples: @escaping () throws -> Int) {
        self.store = store
        self.state = state
        self.loadSamples = loadSamples
        self.state.importTab.home = ProcessInfo.processInfo.environment["HOME"]
        self.state.importTab.cwd = FileManager.default.currentDirectoryPath
        // Keep the map's pin cells and indexes in memory between frames
        // (SQLite's default is 2 MiB; this is a cap, not an allocation).
        try? store.db.execute("PRAGMA cache_size = -32768")
        restoreSettings()
        startTimeline(today: Date())
        // Pins a large import left unindexed would be scanned by this first reload:
        // `finishIndexingIfNeeded` reloads after indexing them.
        if (try? store.hasIndexBacklog()) != true { reloadIfNeeded() }
    }

    /// Applies one event at time `now` (seconds), then effects and reloads.
    public func handle(_ event: AppEvent, now: Double) {
        handle([event], now: now)
    }

    /// Applies a burst of events (a paste, a burst of mouse reports) and
    /// reloads from the store once at the end, not once per event: pasting
    /// 4,000 characters into the search field is one query, not 4,000.
    public func handle(_ events: [AppEvent], now: Double) {
        for event in events {
            let effects = state.update(event, now: now)
            for e in effects { perform(e) }
        }
        reloadIfNeeded()
    }

    /// Applies a burst read at once, its events spread evenly over (`start`, `end`]
    /// (seconds): they arrived during that interval, and a drag's release decision needs
    /// distinct times for its reports.
    public func handle(_ events: [AppEvent], from start: Double, to end: Double) {
        let n = Double(events.count)
        for (i, event) in events.enumerated() {
            let t = events.count == 1 ? end : start + (end - start) * Double(i + 1) / n
            for e in state.update(event, now: t) { perform(e) }
        }
        reloadIfNeeded()
    }

    /// The frame for the current state.
    public func frame() -> Screen { state.renderRememberingLabels() }

    /// Loads the sample pins when the store is empty and says so on screen.
    public func loadSamplesIfEmpty() {
        guard (try? store.count()) == 0 else { return }
        perform(.loadSamples)
        // Only here is it the first run (P later says just how many it loaded).
        if let n = try? store.count(), n > 0 { state.message = S.msgLoadedSamplesFirstRun(n) }
        reloadIfNeeded()
    }

    private func perform(_ effect: Effect) {
        switch effect {
        case .addPin, .updatePin, .deletePin, .restorePin, .loadSamples, .runImport:
            state.timeline.needsReload = true
        default: break
        }
        defer {
            // The pins changed: the search's matches are read again.
            switch effect {
            case .addPin, .updatePin, .deletePin, .restorePin, .loadSamples, .runImport: refreshSearch()
            default: break
            }
            // New pins in bulk: the Timeline opens on the newest one's month again.
            if effect == .loadSamples { startTimeline(today: Date()) }
            if case .runImport = effect { startTimeline(today: Date()) }
        }
        switch effect {
        case .search(let text, let generation):
            search(text, generation: generation)
        case .listFolder(let path):
            for e in state.update(.folderListed(FolderReader.list(path)), now: state.clock) { perform(e) }
        case .persist(let key, let value):
            do { try store.setSetting(key, value) } catch { state.message = S.msgSettingNotSaved(error) }
        case .fitPins:
            fitPins()
        case .previewImport(let path):
            previewImport(path: path)
        case .runImport(let path):
            runImport(path: path, now: state.clock)
        case .loadSamples:
            do {
                let n = try loadSamples()
                state.message = n > 0 ? S.msgLoadedSamples(n) : S.msgSamplesPresent.text
                state.viewport = Viewport(center: GeoPoint(latitude: 37.55, longitude: 126.98), zoom: 512)
                state.needsReload = true
            } catch {
                state.message = S.msgSamplesFailed(error)
            }
        case .addPin, .updatePin, .deletePin, .restorePin, .loadComments, .addComment, .deleteComment:
            performPinEffect(effect)  // AppRunner+Pins.swift
        case .exportPins(let format):
            exportPins(format)  // AppRunner+Export.swift
        }
    }

    /// Starts the search thread (a second connection to the store file): searches then
    /// never hold up typing. Call `collectSearchResults` from the loop to receive them.
    public func startSearchWorker() {
        guard store.path != ":memory:", searchWorker == nil else { return }
        searchWorker = SearchWorker(path: store.path)
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
        for e in state.update(.searchFinished(generation: generation, result), now: state.clock) { perform(e) }
    }

    /// Runs the current search again (the pins changed).
    private func refreshSearch() {
        guard !state.search.isEmpty else { return }
        state.searchGeneration += 1
        search(state.search, generation: state.searchGeneration)
    }

    /// Fits the viewport to the pins that pass the category filter and search.
    private func fitPins() {
        var q = state.listQuery(limit: -1)
        q.boxes = []
        guard let box = try? store.boundingBox(matching: q) else {
            state.message = S.msgNoPinsToFit.text
            return
        }
        state.fitInVisibleMap(BoundingBox(south: box.south, west: box.west, north: box.north, east: box.east))
        state.needsReload = true
        state.message = state.search.isEmpty && state.categoryFilter == nil ? S.msgFitted.text : S.msgFittedFiltered.text
    }

    private func restoreSettings() {
        if let d = (try? store.setting(SettingKey.detent)).flatMap({ $0 }).flatMap(Detent.init(rawValue:)) {
            state.sheet.move(to: state.sheet.layout.resolve(d), time: 0)
            state.sheet.tick(time: 1_000)
        }
        if let s = (try? store.setting(SettingKey.sensitivity)).flatMap({ $0 }).flatMap(Double.init) {
            state.sheet.sensitivity = s
        }
        if let r = (try? store.setting(SettingKey.reducedMotion)).flatMap({ $0 }) {
            state.sheet.reducedMotion = r == "1"
        }
        if let m = (try? store.setting(SettingKey.mapMode)).flatMap({ $0 }) { state.ascii = state.ascii || m == "ascii" }
        if let c = (try? store.setting(SettingKey.color)).flatMap({ $0 }), c == "0" { state.color = false }
        if let p = (try? store.setting(SettingKey.placeNames)).flatMap({ $0 }) { state.placeLanguage = p == "ko" ? .korean : .english }
    }

    /// A batch's file as the Settings tab lists it: its name, the sample pins' label in the UI's language.
    static func batchName(_ file: String) -> String {
        let sample = " (bundled sample pins)"  // SamplePins' batch label, in every store
        let name = (file as NSString).lastPathComponent
        return name.hasSuffix(sample) ? String(name.dropLast(sample.count)) + " " + S.stSampleBatch.text : name
    }

    /// Re-queries the list and markers when the state asks for it.
    public func reloadIfNeeded() {
        // Another process's large import left pins unindexed: index them before reading.
        if state.needsReload || state.needsMarkerReload, indexesWhenNeeded, !indexing,
           (try? store.hasIndexBacklog()) == true {
            finishIndexingIfNeeded(now: state.clock)
            return  // it reloads when done
        }
        if state.timeline.needsReload && state.tab == .timeline { reloadTimeline() }
        if state.tab == .settings { reloadStoreInfo() }
        guard state.needsReload || state.needsMarkerReload else { return }
        do {
            try reloadView(list: state.needsReload)  // AppRunner+View.swift
        } catch {
            state.message = S.msgStoreError(error)
        }
        state.needsReload = false
        state.needsMarkerReload = false
    }

    private func reloadTimeline() {
        let t = state.timeline
        do {
            state.timeline.dayCounts = try store.days(inMonth: t.year, month: t.month)
            state.timeline.dayPins = try store.pins(onDay: t.dateString)
        } catch {
            state.message = S.msgStoreError(error)
        }
        state.timeline.needsReload = false
    }

    private func reloadStoreInfo() {
        var info = StoreInfo()
        info.path = store.path
        for suffix in ["", "-wal"] {
            let attrs = try? FileManager.default.attributesOfItem(atPath: store.path + suffix)
            info.sizeBytes += (attrs?[.size] as? NSNumber)?.int64Value ?? 0
        }
        info.pinCount = (try? store.pinCellTotals().total) ?? 0  // not count(*): a scan with a million pins
        if let st = try? store.db.prepare("SELECT id, file, imported_at, imported FROM import_batches ORDER BY id DESC LIMIT 3") {
            while (try? st.step()) == true {
                info.batches.append(S.stBatch(st.int(0), st.text(2).prefix(16), st.int(3), Self.batchName(st.text(1))))
            }
        }
        state.storeInfo = info
    }

    /// Opens the Timeline at the day of the newest pin (or `today`).
    func startTimeline(today: Date) {
        let newest = (try? store.pins(matching: PinQuery(limit: 1)))?.first
        let day = newest.map { String($0.createdAt.prefix(10)) } ?? ""
        let parts = day.split(separator: "-").compactMap { Int($0) }
        if parts.count == 3 {
            state.timeline = TimelineState(year: parts[0], month: parts[1], day: parts[2])
        } else {
            state.timeline = TimelineState(year: 2000, month: 1, day: 1)
            state.timeline.set(today)
        }
    }
}

extension AppRunner {
    /// Puts the sheet at `detent` without animation (render, tests).
    public func setDetentInstantly(_ detent: Detent) {
        let reduced = state.sheet.reducedMotion
        state.sheet.reducedMotion = true
        state.sheet.move(to: state.sheet.layout.resolve(detent), time: 0)
        state.sheet.reducedMotion = reduced
        state.needsReload = true
        reloadIfNeeded()
    }
}
