import Foundation
import Frame
import GeoMap
import PinmapCore
import PinmapRuntime
import PinModel
import PinStore
import PinStorePostgres
import Terminal
import Support

/// `pinmap [--db PATH]`: the terminal UI.
enum UICommand: Command {
    static let spec = CommandSpec(
        name: "ui", usage: "pinmap [--db PATH] [--ascii]",
        summary: "Open the terminal UI (Map · Timeline · Import · Settings).",
        options: [CommandSpec.store],
        flags: [("--ascii", "ASCII map instead of braille (automatic when the locale is not UTF-8)")],
        maxPositionals: 0)

    static func run(_ args: ParsedArguments) throws(CLIError) -> Int32 {
        let session = TerminalSession()
        // Refused before the store is opened: a UI that cannot start creates nothing.
        do { try session.checkTerminal() } catch { throw .failure(error.description) }
        let isNew = !PinmapCLI.storeExists(args)
        // The UI's own failure to start is worded in the UI's language, as its store errors are.
        let store = try PinmapCLI.openRepository(args, creating: true, wording: { S.storeError($0) })
        do { try session.start() } catch { throw .failure(error.description) }
        defer { session.stop() }
        let (cols, rows) = session.size
        let ascii = args.has("--ascii") || !TerminalSession.localeIsUTF8()
        // NO_COLOR: the Settings row refuses "on" (colorAvailable).
        let environment = UIRunner.environment(localeIsUTF8: TerminalSession.localeIsUTF8(), colorAvailable: session.colorCount >= 8,
                                               indexesWhenNeeded: true)
        let state = AppState(cols: cols, rows: rows, ascii: ascii, color: session.colorCount >= 8, environment: environment)
        // The UI thread only reads keys, updates and paints: reads, searches, files and
        // writes run on lanes of their own, each with its own connection (the first view
        // read too: a store a large import left unindexed answers its list slowly). Other
        // processes' writes show without a key (a server's announcements, a file's
        // change log), watched from before the first read; the runner's own are left out.
        let runner = UIRunner.make(store: store, state: state, loadSamples: { repository in
            try SamplePins.load(into: repository)
        }, workers: true, uri: PinmapCLI.storePath(args), firstRun: isNew)
        // Warms the place-name index (for / and g) off the input path while the map shows;
        // the core learns it is ready from `Effect.preparePlaceIndex`'s answer, at the first /.
        Thread.detachNewThread { Gazetteer.prepareSearch() }
        // What a large import left for later (search, the map's clusters): indexed on the
        // write lane while the map works; q stops it (rolled back, resumed next time).
        if (try? store.hasIndexBacklog()) == true { runner.startIndexing() }
        // The first frame shows the view read, unless that takes long.
        runner.waitUntilIdle(timeout: 0.5)
        let start = Monotonic.seconds()
        EventLoop(session: session, runner: runner, start: start).run()
        // Quit by a signal: as q, a long job is stopped.
        if !runner.state.quit { runner.handle(.terminate, now: Monotonic.seconds() - start) }
        runner.close()  // the view and tab to reopen on, whether q or a signal ended the loop
        // Writes that take more than a moment (a long job still ending: an import's commit
        // cannot stop; a server that stopped answering): the UI goes at once and the terminal
        // says what it waits for, instead of a still screen.
        if runner.isWriting && (runner.state.quitWaitText != nil || !runner.waitForWrites(upTo: 0.3, now: Monotonic.seconds() - start)) {
            session.stop()
            PinmapCLI.writeError(runner.state.quitWaitingText + "\n")
        }
        // Writes asked for are finished (none is lost); a stopped job ends rolled back. A
        // server that does not answer is not waited for (the change watch, still running,
        // finds that out): what it did not take is said below.
        let finished = runner.finishWrites(now: Monotonic.seconds() - start)
        runner.stopChangeWatch()
        session.stop()
        for note in runner.state.quitNotes { PinmapCLI.writeError(note + "\n") }
        if !finished { PinmapCLI.writeError(runner.state.quitUnansweredText + "\n") }
        // The terminal is back: the connections close, and the runner's own last (with `store`
        // when this returns), which folds a SQLite store's WAL back into its one file.
        runner.closeConnections()
        // Ended by a signal: the shell convention is 128 + its number (143 for SIGTERM); else
        // 1 when something asked for was not done (said above), as a command's failure.
        if session.quitSignal > 0 { return 128 + session.quitSignal }
        return runner.state.quitFailed || !finished ? 1 : 0
    }
}

/// Reads input, feeds the runner, paints frames: at up to 60 frames per second
/// while the sheet animates, otherwise only when something happened.
struct EventLoop {
    let session: TerminalSession
    let runner: AppRunner
    /// When the loop started (`Monotonic.seconds()`): event times count from it.
    let start: Double

    func run() {
        var needsPaint = true
        var lastRead = 0.0
        while !runner.state.quit && !session.quitRequested {
            if needsPaint { session.paint(runner.frame()) }
            let animating = runner.state.isAnimating
            // Poll quickly while something moves or a worker's answer is on its way.
            let quick = animating || runner.state.needsTicks || runner.isBusy
            let events = session.read(timeoutMs: quick ? 16 : 250)
            let now = Monotonic.seconds() - start
            // Reports read in one batch arrived since the last read: spread their times over
            // that interval, so a burst of drag reports keeps its velocity.
            if !events.isEmpty { runner.handle(events.map { .input($0) }, from: max(lastRead, now - 0.1), to: now) }
            lastRead = now
            let arrived = runner.collectOutcomes(now: now)
            let ticking = animating || runner.state.needsTicks
            if ticking || !events.isEmpty { runner.handle(.tick, now: Monotonic.seconds() - start) }
            needsPaint = ticking || !events.isEmpty || arrived
        }
    }
}
