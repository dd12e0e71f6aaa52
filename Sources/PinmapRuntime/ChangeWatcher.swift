import Foundation
import PinmapCore
import PinModel

/// Waits for other processes' changes to the store on a thread of its own (a
/// `StoreChangeSource`, with its own connection) and posts them to the runner's outcomes
/// (`Outbox`) as `AppEvent.Store.changedElsewhere` / `.store(.unreachable)`: the UI loop never
/// waits on the store for them. Reconnects after a loss, once a second.
///
/// It also tells whether the store answers at all: a server stopped or cut off by the network
/// keeps its connections open and says nothing, so when a lane's work has waited long
/// (`requestCheck`) the watch asks its own connection for an answer (`checkAnswers`), and one
/// that does not come within `answerTimeout` is a loss like a server gone: `.unreachable`,
/// the lanes fail fast (`StoreReachability`), and the reconnection reads everything again.
/// A server's watch asks too when its connection has been silent for `silenceLimit`: an open
/// UI that reads nothing then still finds a hang (a LISTEN connection hears nothing while
/// nobody writes, hung or not).
final class ChangeWatcher: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    /// The loop returned and let its connection go (`waitUntilEnded`).
    private var ended = false
    private let endCondition = NSCondition()
    private let open: @Sendable () throws(StoreError) -> any StoreChangeSource
    private let post: @Sendable (AppEvent) -> Void
    /// Settled at the first open, or the first failure to open.
    private let readiness: WatchReadiness?
    /// Set on a loss, cleared once the source opens again.
    private let reachability: StoreReachability?
    /// A lane waits long: the store is asked whether it answers (`requestCheck`).
    private var checkWanted = false
    /// When the store was last asked (seconds of `systemUptime`).
    private var lastCheck = -Double.infinity
    /// Seconds of silence after which the store is asked whether it answers; nil: never (a
    /// file, whose watch reads the file and waits on no server).
    private let checkAfterSilence: Double?

    /// How long one wait lasts (seconds): a change shows within about this much.
    static let interval = 0.25
    /// How long the store has to answer a check (seconds): a loaded server answers an empty
    /// query in milliseconds.
    static let answerTimeout = 2.0
    /// The fewest seconds between two checks (a long import asks for one on every turn).
    static let checkInterval = 2.0
    /// How long a server's watch goes without hearing from it before it asks (seconds): a hang
    /// is told within this, one `interval` and `answerTimeout` (7.25 s at most, under the 10 s
    /// a user waits for the status line), at the cost of an empty query every 5 s on the
    /// watch's own connection (never a lane's, never the UI thread), and none while other
    /// processes' changes come more often.
    static let silenceLimit = 5.0

    /// - Parameters:
    ///   - open: the source, opened on the watcher's thread (again after a loss).
    ///   - post: where what was seen goes (any thread): every change the source reports is
    ///     another's (it leaves the runner's own out).
    ///   - readiness: settled once the source is open (or could not be opened).
    ///   - reachability: told of each loss and each reconnection.
    ///   - checkAfterSilence: seconds without a change or a check after which the store is
    ///     asked whether it answers (`silenceLimit` for a server); nil: only when a lane asks.
    init(open: @escaping @Sendable () throws(StoreError) -> any StoreChangeSource,
         post: @escaping @Sendable (AppEvent) -> Void, readiness: WatchReadiness? = nil,
         reachability: StoreReachability? = nil, checkAfterSilence: Double? = nil) {
        self.open = open
        self.post = post
        self.readiness = readiness
        self.reachability = reachability
        self.checkAfterSilence = checkAfterSilence
        readiness?.expect()
        let thread = Thread { [weak self] in self?.loop() }
        thread.name = "pinmap-changes"
        thread.start()
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    /// Some work has waited long on the store: the watch asks it for an answer on its next
    /// turn (at most once per `checkInterval`). Any thread.
    func requestCheck() { lock.withLock { checkWanted = true } }

    /// Whether a check is due now (and then it is no longer wanted): a lane asked for one, or
    /// nothing was heard since `heard` (seconds of `systemUptime`: the source opened, or a change
    /// came) nor asked for `checkAfterSilence`.
    private func checkDue(heard: Double) -> Bool {
        let now = ProcessInfo.processInfo.systemUptime
        return lock.withLock {
            let asked = checkWanted && now - lastCheck >= Self.checkInterval
            let silent = checkAfterSilence.map { now - max(heard, lastCheck) >= $0 } ?? false
            guard asked || silent else { return false }
            checkWanted = false
            lastCheck = now
            return true
        }
    }

    /// The source was opened once: changes committed from now on are seen (one committed
    /// before, while the thread started, is not).
    var isWatching: Bool { lock.withLock { watching } }
    private var watching = false

    /// After `stop`: waits up to `timeout` seconds (about one `interval`) for the loop to end
    /// and close its connection; whether it did.
    @discardableResult
    func waitUntilEnded(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        endCondition.lock()
        defer { endCondition.unlock() }
        while !ended {
            if !endCondition.wait(until: deadline) { break }
        }
        return ended
    }

    private func loop() {
        defer {
            endCondition.lock()
            ended = true
            endCondition.broadcast()
            endCondition.unlock()
        }
        var source: (any StoreChangeSource)?
        defer { source = nil }  // before `ended`: the connection is closed when the loop says so
        defer { readiness?.settle() }  // stopped before it opened
        var wasLost = false
        /// The refusal last posted: a loss is posted once, and again when the server's
        /// refusal of the login starts, changes or ends (the status line names it).
        var toldRefusal: String?
        /// When the source last said something (opened, or a change came): seconds of `systemUptime`.
        var heard = ProcessInfo.processInfo.systemUptime
        while !isStopped {
            do {
                if source == nil {
                    source = try open()
                    lock.withLock { watching = true }
                    readiness?.settle()
                    reachability?.back()  // before the reads the reconnection asks for
                    // Back after a loss: whatever happened meanwhile, the view is read again.
                    if wasLost { post(.store(.changedElsewhere(StoreChange(counted: false)))) }
                    wasLost = false
                    toldRefusal = nil
                    heard = ProcessInfo.processInfo.systemUptime
                }
                let change = try source?.waitForChanges(timeout: Self.interval)
                if change != nil { heard = ProcessInfo.processInfo.systemUptime }
                if checkDue(heard: heard) { try source?.checkAnswers(within: Self.answerTimeout) }
                guard let change, !isStopped else { continue }
                post(.store(.changedElsewhere(change)))
            } catch {
                source = nil  // reconnect on the next round
                readiness?.settle()
                if !wasLost || error.loginRefusal != toldRefusal {
                    reachability?.lost(error)  // before the event: the lanes fail fast from now on
                    post(.store(.unreachable(error)))
                    toldRefusal = error.loginRefusal
                }
                wasLost = true
                Thread.sleep(forTimeInterval: 1)
            }
        }
    }
}
