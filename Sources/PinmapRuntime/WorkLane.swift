import Foundation
import PinmapCore
import PinModel

/// A queue of effects performed one at a time, in order, each against the lane's own
/// connection to the store (a connection serves one thread). With a thread of its own
/// (`start`) the lane works off the UI thread and the UI loop only collects the outcomes
/// (`Outbox`); without one the runner performs its effects when it drains (`runNext`), so
/// `pinmap render` and the tests see the same frames every time.
///
/// Reads that a newer one makes useless are coalesced while they wait (`submit`): the
/// newest view read replaces a waiting one (keeping its list), as do the newest search,
/// list page and Timeline day. Writes are never coalesced or dropped: they run in the
/// order they were asked for.
final class WorkLane: @unchecked Sendable {
    let name: String
    private let condition = NSCondition()
    private var queue: [Effect] = []
    private var running: Effect?
    /// When the running effect started (seconds of `systemUptime`).
    private var runningSince = 0.0
    /// The running job was asked to stop (`cancelRunning`); reset when the next starts.
    private var cancelled = false
    private var stopped = false
    /// The thread's loop returned (after `stop`): the connection is no longer in use.
    private var ended = false
    private var thread: Thread?
    private let connection: LaneConnection
    private let performer: EffectPerformer
    private let outbox: Outbox

    init(name: String, connection: LaneConnection, performer: EffectPerformer, outbox: Outbox) {
        self.name = name
        self.connection = connection
        self.performer = performer
        self.outbox = outbox
    }

    /// Runs the lane's effects on a thread of its own from now on.
    func start() {
        guard thread == nil else { return }
        let t = Thread { [self] in loop() }
        t.name = "pinmap-\(name)"
        thread = t
        t.start()
    }

    /// Queues `effect`, replacing a waiting read it makes useless.
    func submit(_ effect: Effect) {
        condition.lock()
        defer { condition.signal(); condition.unlock() }
        if let i = queue.lastIndex(where: { Self.supersedes(effect, $0) }) {
            if case .loadStoreInfo = effect { return }  // the waiting one reads the same
            if case .finishIndexing = effect { return }
            queue[i] = Self.merged(effect, over: queue[i])
            return
        }
        queue.append(effect)
    }

    /// Whether `new` makes the waiting `old` useless (the same kind of read).
    private static func supersedes(_ new: Effect, _ old: Effect) -> Bool {
        switch (new, old) {
        case (.loadView, .loadView), (.loadListRows, .loadListRows), (.loadTimeline, .loadTimeline),
             (.search, .search), (.loadStoreInfo, .loadStoreInfo), (.finishIndexing, .finishIndexing):
            return true
        default: return false
        }
    }

    /// `new` in place of `old`: a view read keeps the list the waiting one asked for.
    private static func merged(_ new: Effect, over old: Effect) -> Effect {
        if case .loadView(var n) = new, case .loadView(let o) = old {
            n.list = n.list || o.list
            return .loadView(n)
        }
        return new
    }

    /// Performs the oldest waiting effect on this thread; false when none waits.
    @discardableResult
    func runNext() -> Bool {
        condition.lock()
        guard !queue.isEmpty else { condition.unlock(); return false }
        let effect = queue.removeFirst()
        running = effect
        runningSince = ProcessInfo.processInfo.systemUptime
        cancelled = false
        condition.unlock()
        perform(effect)
        condition.lock()
        running = nil
        condition.broadcast()
        condition.unlock()
        return true
    }

    private func perform(_ effect: Effect) {
        let job = JobContext(post: outbox.post, isCancelled: { [self] in
            condition.lock()
            defer { condition.unlock() }
            return cancelled
        })
        performer.perform(effect, store: connection, job)
    }

    /// Asks the running long job (import, indexing, export) to stop, and drops the long jobs
    /// still waiting (an import dropped says so: `AppEvent.Import.stopped`). Writes of pins,
    /// comments and settings are kept.
    func cancelRunning() {
        condition.lock()
        if running != nil { cancelled = true }
        var dropped: [Effect] = []
        queue.removeAll { effect in
            switch effect {
            case .runImport, .finishIndexing: dropped.append(effect); return true
            default: return false
            }
        }
        condition.unlock()
        for case .runImport(let path) in dropped {
            outbox.post(.importer(.stopped(name: (path as NSString).lastPathComponent)))
        }
    }

    /// Stops the running import, or drops the imports waiting behind another job (each says
    /// so: `AppEvent.Import.stopped`); indexing, exports and the writes of pins go on.
    func cancelImport() {
        condition.lock()
        if case .runImport? = running { cancelled = true }
        var dropped: [String] = []
        queue.removeAll { effect in
            guard case .runImport(let path) = effect else { return false }
            dropped.append(path)
            return true
        }
        condition.unlock()
        for path in dropped { outbox.post(.importer(.stopped(name: (path as NSString).lastPathComponent))) }
    }

    /// True when the running effect started at least `seconds` ago (a store that may not be
    /// answering: `AppRunner.watchForStalls`).
    func isStalled(after seconds: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return running != nil && ProcessInfo.processInfo.systemUptime - runningSince >= seconds
    }

    /// Ends the running effect's wait on a store that stopped answering (it fails as a lost
    /// connection: `PinRepository.interruptWaits`), when it has waited `seconds` at least (a
    /// statement, not a connection being opened or closed). Whether it was interrupted.
    /// A long job (import, indexing, export, an import's undo) is not interrupted: it takes
    /// minutes on a busy server, stops on Esc or q (`cancelRunning`), and a check that came too
    /// late on a loaded server must not throw it away; quitting does not wait for it either
    /// (`AppRunner.finishWrites`).
    @discardableResult
    func interrupt(ifStalledAfter seconds: Double) -> Bool {
        condition.lock()
        let stalled = running.map { Self.mayInterrupt($0) && ProcessInfo.processInfo.systemUptime - runningSince >= seconds } ?? false
        condition.unlock()
        if stalled { connection.interrupt() }
        return stalled
    }

    private static func mayInterrupt(_ effect: Effect) -> Bool {
        switch effect {
        case .runImport, .finishIndexing, .exportPins, .undoImport: false
        default: true
        }
    }

    /// True while an effect waits or runs.
    var isBusy: Bool {
        condition.lock()
        defer { condition.unlock() }
        return running != nil || !queue.isEmpty
    }

    /// Waits until nothing waits or runs, at most `timeout` seconds (nil: as long as it takes);
    /// whether it is idle.
    @discardableResult
    func waitUntilIdle(timeout: Double? = nil) -> Bool {
        let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
        condition.lock()
        defer { condition.unlock() }
        while running != nil || !queue.isEmpty {
            if let deadline { if !condition.wait(until: deadline) { return false } } else { condition.wait() }
        }
        return true
    }

    /// Ends the thread once the effects already queued are performed.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// After `stop`: waits up to `timeout` seconds for the lane's thread to end, then closes
    /// its connection (a lane without a thread closes at once). Whether it was closed: a lane
    /// still in a long read keeps its connection until the process ends.
    @discardableResult
    func close(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        while thread != nil && !ended {
            if !condition.wait(until: deadline) { break }
        }
        let idle = thread == nil || ended
        condition.unlock()
        if idle { connection.close() }
        return idle
    }

    private func loop() {
        while true {
            condition.lock()
            while queue.isEmpty && !stopped { condition.wait() }
            let done = queue.isEmpty && stopped
            if done {
                ended = true
                condition.broadcast()
            }
            condition.unlock()
            if done { return }
            runNext()
        }
    }
}

/// The outcomes of effects, as events, in the order the lanes finished them: the runner
/// feeds them to `update` one at a time, never inside another event's effects.
final class Outbox: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [AppEvent] = []

    /// Adds an outcome (any thread).
    func post(_ event: AppEvent) {
        lock.lock()
        events.append(event)
        lock.unlock()
    }

    /// The oldest outcome not fed yet.
    func next() -> AppEvent? {
        lock.lock()
        defer { lock.unlock() }
        return events.isEmpty ? nil : events.removeFirst()
    }

    var isEmpty: Bool {
        lock.lock()
        defer { lock.unlock() }
        return events.isEmpty
    }
}

/// Where a performed effect posts its outcomes, and whether it was asked to stop.
struct JobContext: Sendable {
    let post: @Sendable (AppEvent) -> Void
    let isCancelled: @Sendable () -> Bool
}

/// A lane's connection to the store, opened on first use by the lane's thread (a
/// connection serves one thread) or, without threads, the runner's own.
final class LaneConnection: @unchecked Sendable {
    private let open: () throws(StoreError) -> any PinRepository
    /// Guards `store`: `interrupt` comes from the UI thread while the lane uses it.
    private let lock = NSLock()
    private var store: (any PinRepository)?

    init(open: @escaping () throws(StoreError) -> any PinRepository) { self.open = open }
    init(_ store: any PinRepository) { self.open = { store }; self.store = store }

    /// The connection, opened now if it is not yet.
    func get() throws(StoreError) -> any PinRepository {
        if let store = lock.withLock({ store }) { return store }
        let s = try open()
        lock.withLock { store = s }
        return s
    }

    /// Lets the connection go (closed once nothing else holds it); the next `get` opens another.
    func close() { lock.withLock { store = nil } }

    /// Ends the lane's wait on a server that stopped answering (`PinRepository.interruptWaits`).
    func interrupt() { lock.withLock { store }?.interruptWaits() }
}
