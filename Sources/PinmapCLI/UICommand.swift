import Foundation
import Frame
import GeoMap
import PinmapCore
import PinmapRuntime
import PinStore
import PinStorePostgres
import Terminal

/// `pinmap [--db PATH]`: the terminal UI.
enum UICommand: Command {
    static let spec = CommandSpec(
        name: "ui", usage: "pinmap [--db PATH] [--ascii]",
        summary: "Open the terminal UI (Map · Timeline · Import · Settings).",
        options: [("--db", "store path or postgresql:// URI")],
        flags: [("--ascii", "ASCII map instead of braille (automatic when the locale is not UTF-8)")],
        maxPositionals: 0)

    static func run(_ args: ParsedArguments) throws(CLIError) -> Int32 {
        let session = TerminalSession()
        // Refused before the store is opened: a UI that cannot start creates nothing.
        do { try session.checkTerminal() } catch { throw .failure(error.description) }
        let isNew = !PinmapCLI.storeExists(args)
        let store = try PinmapCLI.openRepository(args, creating: true)
        do { try session.start() } catch { throw .failure(error.description) }
        defer { session.stop() }
        let (cols, rows) = session.size
        let ascii = args.has("--ascii") || !TerminalSession.localeIsUTF8()
        // NO_COLOR: the Settings row refuses "on" (colorAvailable).
        let environment = UIRunner.environment(localeIsUTF8: TerminalSession.localeIsUTF8(), colorAvailable: session.colorCount >= 8)
        let state = AppState(cols: cols, rows: rows, ascii: ascii, color: session.colorCount >= 8, environment: environment)
        let runner = UIRunner.make(store: store, state: state, loadSamples: { try SamplePins.load(into: store) })
        if isNew { runner.loadSamplesIfEmpty() }
        // The place-name index (for / and g) builds off the input path while the map shows.
        Thread.detachNewThread { Gazetteer.prepareSearch() }
        // Imports run on this thread: repaint the progress bar as they go.
        runner.onProgress = { [unowned runner] in session.paint(runner.frame()) }
        // q or Ctrl-C stops indexing (rolled back, nothing lost); other keys wait for it.
        var lastLook = 0.0
        let waiting = InputQueue()
        runner.pollStopKey = {
            if session.quitRequested { return true }
            let t = Monotonic.seconds()
            guard t - lastLook > 0.05 else { return false }
            lastLook = t
            let events = session.read(timeoutMs: 0)
            let stop = events.contains { $0 == .key(.char("q")) || $0 == .key(.ctrl("c")) }
            if !stop { waiting.events += events }  // acted on when indexing ends, not dropped
            return stop
        }
        runner.indexesWhenNeeded = true
        // What a large import left for later (search, the map's clusters) before the map shows;
        // stopping it here quits.
        if runner.finishIndexingIfNeeded(now: 0) == .stopped { return session.quitSignal > 0 ? 128 + session.quitSignal : 0 }
        // Search has a connection of its own (a file store's path, or the server's URI).
        if let file = store as? Store, file.path != ":memory:" {
            let path = file.path
            runner.startSearchWorker(open: { () throws(StoreError) -> any PinRepository in try Store(path: path) })
        } else if store is PostgresStore {
            let uri = PinmapCLI.storePath(args)
            runner.startSearchWorker(open: { () throws(StoreError) -> any PinRepository in try PostgresStore(uri: uri) })
        }
        defer { runner.stopSearchWorker() }
        // Other processes' writes show without a key (a server's announcements, a file's
        // data_version), each on a connection of its own.
        if let file = store as? Store, file.path != ":memory:" {
            let path = file.path
            runner.startChangeWatch(open: { () throws(StoreError) -> any StoreChangeSource in try SQLiteChangeSource(path: path) })
        } else if let server = store as? PostgresStore {
            let uri = PinmapCLI.storePath(args), pid = server.backendPID
            runner.startChangeWatch(open: { () throws(StoreError) -> any StoreChangeSource in try PostgresChangeSource(uri: uri, ownPID: pid) })
        }
        defer { runner.stopChangeWatch() }
        EventLoop(session: session, runner: runner, waiting: waiting).run()
        // Ended by a signal: the shell convention is 128 + its number (143 for SIGTERM).
        return session.quitSignal > 0 ? 128 + session.quitSignal : 0
    }
}

/// Reads input, feeds the runner, paints frames: at up to 60 frames per second
/// while the sheet animates, otherwise only when something happened.
struct EventLoop {
    let session: TerminalSession
    let runner: AppRunner
    /// Input read while indexing ran (`pollStopKey`), handled first.
    let waiting: InputQueue

    func run() {
        let start = Monotonic.seconds()
        var needsPaint = true
        var lastRead = 0.0
        while !runner.state.quit && !session.quitRequested {
            if needsPaint { session.paint(runner.frame()) }
            let animating = runner.state.isAnimating
            let queued = waiting.take()
            // Poll quickly while something moves or a search is on its way.
            let events = queued + session.read(timeoutMs: !queued.isEmpty ? 0 : animating || runner.state.needsTicks ? 16 : 250)
            let now = Monotonic.seconds() - start
            // Reports read in one batch arrived since the last read: spread their times over
            // that interval, so a burst of drag reports keeps its velocity.
            if !events.isEmpty { runner.handle(events.map { .input($0) }, from: max(lastRead, now - 0.1), to: now) }
            lastRead = now
            let found = runner.collectSearchResults(now: now) || runner.collectStoreChanges(now: now)
            let ticking = animating || runner.state.needsTicks
            if ticking || !events.isEmpty { runner.handle(.tick, now: Monotonic.seconds() - start) }
            needsPaint = ticking || !events.isEmpty || found
        }
    }
}

/// Keys and clicks that arrived while the UI was busy indexing, in order.
final class InputQueue {
    var events: [InputEvent] = []
    func take() -> [InputEvent] { defer { events = [] }; return events }
}
