import Foundation
import Frame
import GeoMap
import PinmapCore
import PinModel
import Sheet

/// Runs the pure core against a `PinRepository`: feeds events to `AppState.update`,
/// hands the effects it returns to work lanes (`WorkLane`) and feeds their outcomes back
/// as events, one at a time, never inside another event's effects. It never changes the
/// state itself and never reads it to perform an effect (each carries its inputs).
///
/// Two modes. Without workers (`pinmap render`, the benchmark, tests) every effect is
/// performed on this thread when the events are handled (`drain`), in the order asked
/// for: the same frames every time. With workers (`startWorkers`, the terminal UI) the
/// UI thread only decodes input, updates and paints: reads, searches, files and writes
/// each have a lane and a connection of their own, and the loop collects their outcomes
/// (`collectOutcomes`). Not thread-safe itself: one runner per UI thread.
public final class AppRunner {
    public private(set) var state: AppState
    public let store: any PinRepository
    /// Performs effects (the importer and the sample pins come from the command line).
    let performer: EffectPerformer
    /// Outcomes waiting to be fed, from every lane.
    let outbox = Outbox()
    /// Called after each outcome is fed (tests watch the frames of a job's progress).
    public var afterOutcome: (() -> Void)?
    /// Without workers: one lane on this thread over `store`.
    private var inline: WorkLane
    /// With workers: one lane each for reads, lists, searches, files and writes (`Lanes`).
    private var lanes: Lanes?
    /// The lanes `finishWrites` stopped, until `closeConnections` closes their connections.
    private var stoppedLanes: [WorkLane] = []
    /// Watches for other processes' changes on a thread of its own (`startChangeWatch`).
    var changeWatcher: ChangeWatcher?
    /// The watcher `stopChangeWatch` stopped, until `closeConnections` waits for it to end.
    var stoppedWatcher: ChangeWatcher?

    /// Most pins a store waiting for indexing may hold for the list to be read before the
    /// indexing at start-up (62,000: about 0.1 s; 1,000,000: seconds).
    static let listBeforeIndexingLimit = 200_000

    /// - Parameters:
    ///   - store: where the pins are.
    ///   - state: the initial state (size, environment, options).
    ///   - importer: previews and imports files (the Import tab).
    ///   - loadSamples: imports the bundled sample pins into a store; returns how many were added.
    ///   - workers: opens a connection to the store for each worker lane (the terminal UI):
    ///     every effect, the first view read included, runs off this thread. Nil: effects
    ///     run on this thread when events are handled (`render`, tests).
    ///   - watch: opens a source of other processes' changes (`startChangeWatch`), started
    ///     here before the first read, which waits for it to open: no commit falls between.
    ///   - firstRun: a store just made: the sample pins are added when it is empty, before the
    ///     lanes and the watch start (they are nobody else's change), and a toast says so.
    public init(store: any PinRepository, state: AppState, importer: FileImporter = .unavailable,
                loadSamples: @escaping (any PinRepository) throws -> Int,
                workers: (@Sendable () throws(StoreError) -> any PinRepository)? = nil,
                watch: (@Sendable () throws(StoreError) -> any StoreChangeSource)? = nil, firstRun: Bool = false) {
        self.store = store
        self.state = state
        performer = EffectPerformer(importer: importer, loadSamples: loadSamples, location: store.location)
        inline = WorkLane(name: "inline", connection: LaneConnection(store), performer: performer, outbox: outbox)
        let samples = firstRun ? samplesIntoEmptyStore() : nil
        if let workers { startWorkers(open: workers) } else { feed(.view(.readsBeforePaint(true)), now: state.clock) }
        if let watch { startChangeWatch(open: watch) }
        var settings: [String: String] = [:]
        for key in SettingKey.all { if let v = (try? store.setting(key)).flatMap({ $0 }) { settings[key] = v } }
        // Read even when a large import left pins to index: its commit put them on the map
        // (the cell tree), so the map shows them while search catches up.
        feed(.store(.opened(settings: settings, today: Date())), now: state.clock)
        if let samples { feed(.store(.samplesLoaded(samples, firstRun: true)), now: state.clock) }
        drain()
    }

    /// A runner whose sample pins need no store (tests, `render`: none are loaded).
    public convenience init(store: any PinRepository, state: AppState, importer: FileImporter = .unavailable,
                            loadSamples: @escaping () throws -> Int) {
        self.init(store: store, state: state, importer: importer, loadSamples: { _ in try loadSamples() })
    }

    /// Applies one event at time `now` (seconds), then (without workers) its effects.
    public func handle(_ event: AppEvent, now: Double) {
        handle([event], now: now)
    }

    /// Applies a burst of events (a paste, a burst of mouse reports) and reads the view
    /// once at the end, not once per event: pasting 4,000 characters into the search field
    /// is one query, not 4,000 (a waiting read is replaced by a newer one, `WorkLane.submit`).
    public func handle(_ events: [AppEvent], now: Double) {
        for event in events { feed(event, now: now) }
        drain()
    }

    /// Applies a burst read at once, its events spread evenly over (`start`, `end`]
    /// (seconds): they arrived during that interval, and a drag's release decision needs
    /// distinct times for its reports.
    public func handle(_ events: [AppEvent], from start: Double, to end: Double) {
        let n = Double(events.count)
        for (i, event) in events.enumerated() {
            feed(event, now: events.count == 1 ? end : start + (end - start) * Double(i + 1) / n)
        }
        drain()
    }

    /// The frame for the current state.
    public func frame() -> Screen { state.render() }

    /// Loads the sample pins when the store is empty and says so on screen (as `init`'s
    /// `firstRun` does, for a runner made without it).
    public func loadSamplesIfEmpty() {
        guard let samples = samplesIntoEmptyStore() else { return }
        handle(.store(.samplesLoaded(samples, firstRun: true)), now: state.clock)
    }

    /// Imports the sample pins on this thread when the store holds none: how many, or why
    /// not; nil when it holds pins.
    private func samplesIntoEmptyStore() -> Result<Int, StoreError>? {
        (try? store.count()) == 0 ? performer.importSamples(store) : nil
    }

    /// Asks for what a large import left to be indexed (the terminal UI at start): on the
    /// write lane, with progress in the status line; the map works meanwhile.
    public func startIndexing() {
        submit(.finishIndexing)
        drain()
    }

    /// Reads the view again (the list too unless `list` is false), as a pan would.
    func reloadView(list: Bool = true) { handle(.view(.reload(list: list)), now: state.clock) }

    /// One event through `update`; its effects go to the lanes (performed later, never here).
    func feed(_ event: AppEvent, now: Double) {
        for effect in state.update(event, now: now) { submit(effect) }
    }

    /// Hands `effect` to the lane that performs it.
    private func submit(_ effect: Effect) {
        guard let lanes else {
            switch effect {
            case .cancel, .cancelImport: return  // nothing runs between events on this thread
            default: break
            }
            return inline.submit(effect)
        }
        switch effect {
        case .cancel: lanes.writes.cancelRunning()
        case .cancelImport: lanes.writes.cancelImport()
        case .loadView(var request) where request.list:
            // The markers never wait for a list: a list read before the list's index is
            // built (after a large import) takes seconds. The lists lane reads both; the
            // answer shown is the newest (`ViewRequest.generation`).
            lanes.lists.submit(effect)
            request.list = false
            lanes.reads.submit(.loadView(request))
        case .loadListRows: lanes.lists.submit(effect)
        case .loadView, .fitPins, .loadTimeline, .restartTimeline, .loadStoreInfo, .loadComments, .reloadComments:
            lanes.reads.submit(effect)
        case .search: lanes.search.submit(effect)
        case .listFolder, .previewImport, .preparePlaceIndex: lanes.files.submit(effect)
        case .persist, .loadSamples, .runImport, .finishIndexing, .addPin, .updatePin, .deletePin, .restorePin,
             .addComment, .deleteComment, .exportPins, .undoImport:
            lanes.writes.submit(effect)
        }
    }

    /// Without workers: performs what waits and feeds the outcomes, one at a time, until
    /// nothing is left (an outcome may ask for more). With workers: nothing (the loop
    /// collects).
    func drain() {
        guard lanes == nil else { return }
        while true {
            if let event = outbox.next() {
                feed(event, now: state.clock)
                afterOutcome?()
                continue
            }
            if inline.runNext() { continue }
            return
        }
    }

    // MARK: Workers (the terminal UI)

    /// Moves every effect off this thread from now on: four lanes, each with a connection
    /// of its own from `open` (a connection serves one thread).
    public func startWorkers(open: @escaping @Sendable () throws(StoreError) -> any PinRepository) {
        guard lanes == nil else { return }
        drain()
        feed(.view(.readsBeforePaint(false)), now: state.clock)  // frames are painted while lanes read
        func lane(_ name: String) -> WorkLane {
            let l = WorkLane(name: name, connection: LaneConnection(open: open), performer: performer, outbox: outbox)
            l.start()
            return l
        }
        lanes = Lanes(reads: lane("reads"), lists: lane("lists"), search: lane("search"), files: lane("files"),
                      writes: lane("writes"))
    }

    /// Feeds the outcomes the lanes finished since the last call, one at a time, at `now`
    /// (seconds). Returns whether any arrived.
    @discardableResult
    public func collectOutcomes(now: Double) -> Bool {
        watchForStalls()
        var any = false
        while let event = outbox.next() {
            feed(event, now: now)
            afterOutcome?()
            any = true
        }
        return any
    }

    /// How long a lane's effect runs before the store is asked whether it answers at all
    /// (seconds): a server stopped or cut off keeps the connection and never says so.
    static let stallTime = 1.0

    /// A lane's effect has run `stallTime`: the change watch asks the store for an answer
    /// (`ChangeWatcher.requestCheck`). While the store does not answer, an effect that has
    /// waited that long is given up on (`WorkLane.interrupt`): it fails, the lane goes on to
    /// fail what waits behind it at once, and nothing waits for a server that may never answer.
    func watchForStalls() {
        guard let lanes, let watcher = changeWatcher else { return }
        let unanswered = performer.reachability.failure != nil
        for lane in lanes.all where lane.isStalled(after: Self.stallTime) {
            watcher.requestCheck()
            if unanswered { lane.interrupt(ifStalledAfter: Self.stallTime) }
        }
    }

    /// True while the store is known not to answer (the change watch's last word).
    public var storeUnanswered: Bool { performer.reachability.failure != nil }

    /// True while an effect waits, runs, or its outcome waits to be fed.
    public var isBusy: Bool {
        // The lanes first: a lane posts its outcome before it goes idle, so once it is seen
        // idle its outcome is in the outbox. Looked at the other way round, an outcome posted
        // between the two looks was missed (an empty outbox, then an idle lane).
        guard let lanes else { return inline.isBusy || !outbox.isEmpty }
        return lanes.all.contains { $0.isBusy } || !outbox.isEmpty
    }

    /// The lane writes run on (nil without workers).
    var writeLane: WorkLane? { lanes?.writes }

    /// True while a write (pin, comment, setting, import, indexing, export) waits or runs.
    public var isWriting: Bool { lanes?.writes.isBusy ?? false }

    /// Feeds outcomes until no lane has work left, or `timeout` seconds passed (then
    /// false): tests and the first frame wait for the workers explicitly.
    @discardableResult
    public func waitUntilIdle(timeout: Double, now: Double? = nil) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            collectOutcomes(now: now ?? state.clock)
            if !isBusy { return true }
            if Date() >= deadline { return false }
            usleep(2_000)
        }
    }

    /// Feeds outcomes while writes wait or run, up to `timeout` seconds; whether they ended.
    public func waitForWrites(upTo timeout: Double, now: Double) -> Bool {
        guard let writes = lanes?.writes else { return true }
        // Quitting: whether the store answers is asked now, not after a write's `stallTime`.
        if writes.isBusy { changeWatcher?.requestCheck() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !writes.waitUntilIdle(timeout: 0.05) {
            collectOutcomes(now: now)
            if Date() >= deadline { return false }
        }
        collectOutcomes(now: now)
        return true
    }

    /// Before exit: the writes asked for are finished (a long job was cancelled by the
    /// core on quit and ends rolled back or committed), their outcomes fed (the core then
    /// says how the job ended, `AppState.quitNotes`), and the lanes stopped. A store that
    /// does not answer is not waited for (the change watch finds it within about
    /// `stallTime` + `ChangeWatcher.answerTimeout` seconds): a write stalled on it fails
    /// (`watchForStalls`), those behind it fail at once, and each says so in the quit notes.
    /// Keep the change watch running until this returns: it is what finds that out.
    /// - Returns: false when a write was left unfinished because the store does not answer
    ///   (one still connecting cannot be interrupted: libpq waits its `connect_timeout`);
    ///   the terminal then says so (`AppState.quitUnansweredText`).
    @discardableResult
    public func finishWrites(now: Double) -> Bool {
        guard let lanes else { drain(); return true }
        var finished = true
        // Twice: an outcome may ask for one more write (a setting).
        rounds: for _ in 0..<2 {
            var unansweredSince: Double?
            while !lanes.writes.waitUntilIdle(timeout: 0.05) {
                collectOutcomes(now: now)
                guard storeUnanswered else { unansweredSince = nil; continue }
                let t = ProcessInfo.processInfo.systemUptime
                if t - (unansweredSince ?? t) >= Self.unansweredGrace { finished = false; break rounds }
                if unansweredSince == nil { unansweredSince = t }
            }
            collectOutcomes(now: now)
        }
        for lane in lanes.all { lane.stop() }
        stoppedLanes = lanes.all
        self.lanes = nil
        return finished
    }

    /// How long quitting waits for the writes once the store is known not to answer
    /// (seconds): those waiting fail at once and a stalled one is interrupted within it.
    static let unansweredGrace = 0.25

    /// At exit, after `stopChangeWatch` and `finishWrites`: closes the change watcher's and
    /// the lanes' connections once their threads end (each waited for up to `timeout`
    /// seconds), so that the store is closed whole when the runner goes: SQLite then folds
    /// the WAL back into the file and removes it, and a copy of the store file alone holds
    /// every change the UI made (before, `pins.sqlite-wal` stayed beside it, holding them).
    ///
    /// `timeout` is for all of them together, and nothing is waited for while the store does
    /// not answer: a lane stalled on it (a read) keeps its connection until the process ends.
    public func closeConnections(timeout: Double = 1) {
        let deadline = Date(timeIntervalSinceNow: storeUnanswered ? 0 : timeout)
        stoppedWatcher?.waitUntilEnded(timeout: max(0, deadline.timeIntervalSinceNow))
        stoppedWatcher = nil
        for lane in stoppedLanes { lane.close(timeout: max(0, deadline.timeIntervalSinceNow)) }
        stoppedLanes = []
    }
}

extension AppRunner {
    /// Puts the sheet at `detent` without animation (render, tests).
    public func setDetentInstantly(_ detent: Detent) { handle(.view(.showDetent(detent)), now: state.clock) }

    /// Shows `tab` (render).
    public func show(tab: Tab) { handle(.showTab(tab), now: state.clock) }

    /// The UI is closing: saves the view and the tab the store reopens on (`AppEvent.closing`).
    public func close() { handle(.closing, now: state.clock) }

    /// Moves the map to `viewport` and reads the markers and the list, as a pan or zoom
    /// does (the benchmark drives frames through this).
    public func show(_ viewport: Viewport) { handle(.view(.showViewport(viewport)), now: state.clock) }

    /// Centres the map on the best place named `name` (as `/` then Enter would) and
    /// reads the view; returns it, or nil when no place has that name.
    @discardableResult
    public func goToPlace(named name: String) -> PlaceMatch? {
        guard let match = Gazetteer.shared.search(name, limit: 1, naming: state.placeNaming).first else { return nil }
        handle(.view(.showPlace(match)), now: state.clock)
        return match
    }
}

/// The worker lanes of a runner with workers.
struct Lanes {
    /// The view's markers and counts, fit, the Timeline, the Settings tab's facts, comments.
    let reads: WorkLane
    /// Views with their list, and more list rows.
    let lists: WorkLane
    /// The newest search.
    let search: WorkLane
    /// Folders, previews, the place-name index.
    let files: WorkLane
    /// Pins, comments, settings, imports, indexing, exports: in the order asked for.
    let writes: WorkLane

    var all: [WorkLane] { [reads, lists, search, files, writes] }
}
