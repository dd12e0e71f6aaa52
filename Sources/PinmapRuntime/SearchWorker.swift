import Foundation
import PinModel

/// Runs searches off the input path: a thread with its own connection to the store takes
/// the newest request (older ones still waiting are dropped), runs `Store.search`, and
/// leaves the result for the UI loop to collect (`takeResults`), tagged with the request's
/// generation so the UI can drop results of text that changed since.
final class SearchWorker: @unchecked Sendable {
    struct Request: Sendable { var text: String; var generation: Int }
    typealias Outcome = (generation: Int, results: Result<SearchResults, StoreError>)

    private let condition = NSCondition()
    private var pending: Request?
    private var done: [Outcome] = []
    private var stopped = false
    private let open: @Sendable () throws(StoreError) -> any PinRepository

    /// Starts the thread; it opens its own repository with `open` (a connection is used by
    /// one thread).
    init(open: @escaping @Sendable () throws(StoreError) -> any PinRepository) {
        self.open = open
        let thread = Thread { [weak self] in self?.loop() }
        thread.name = "pinmap-search"
        thread.start()
    }

    /// Asks for a search, replacing any request not started yet.
    func submit(_ request: Request) {
        condition.lock()
        pending = request
        condition.signal()
        condition.unlock()
    }

    /// The results finished since the last call, oldest first.
    func takeResults() -> [Outcome] {
        condition.lock()
        defer { done = []; condition.unlock() }
        return done
    }

    /// Ends the thread after the search under way, if any.
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func loop() {
        var store: (any PinRepository)?
        while true {
            condition.lock()
            while pending == nil && !stopped { condition.wait() }
            if stopped { condition.unlock(); return }
            let request = pending!
            pending = nil
            condition.unlock()
            let outcome: Result<SearchResults, StoreError>
            do {
                if store == nil { store = try open() }
                outcome = .success(try store!.search(request.text))
            } catch {
                outcome = .failure(error)
            }
            condition.lock()
            done.append((request.generation, outcome))
            condition.unlock()
        }
    }
}
