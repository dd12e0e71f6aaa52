import Foundation
import PinModel

/// Work on several connections to the same server at once, each on a thread of its own: the
/// server runs each connection's statements in a process of its own, so they run side by
/// side (on a busy machine they also get a larger share of its cores).
enum PGParallel {
    /// `work(k, connection)` for k in 0..<n, started now; `wait` returns their results in order.
    final class Runs<T: Sendable>: @unchecked Sendable {
        fileprivate let lock = NSLock()
        fileprivate var results: [T?]
        fileprivate var failure: StoreError?
        fileprivate let group = DispatchGroup()

        fileprivate init(_ n: Int) { results = Array(repeating: nil, count: n) }

        /// Waits for every run: their results, or the first failure.
        func wait() throws(StoreError) -> [T] {
            group.wait()
            lock.lock(); defer { lock.unlock() }
            if let failure { throw failure }
            return results.map { $0! }
        }
    }

    static func start<T: Sendable>(_ n: Int, uri: String,
                                   _ work: @escaping @Sendable (Int, PGConnection) throws(StoreError) -> T) -> Runs<T> {
        start(n) { (k: Int) throws(StoreError) -> T in try work(k, try PGConnection(uri: uri)) }
    }

    /// `work(k)` for k in 0..<n, each on a thread of its own (no connection: work for the
    /// client's cores), started now; `wait` returns their results in order.
    static func start<T: Sendable>(_ n: Int, _ work: @escaping @Sendable (Int) throws(StoreError) -> T) -> Runs<T> {
        let runs = Runs<T>(n)
        for k in 0..<n {
            runs.group.enter()
            Thread.detachNewThread {
                defer { runs.group.leave() }
                let outcome: Result<T, StoreError>
                do throws(StoreError) {
                    outcome = .success(try work(k))
                } catch {
                    outcome = .failure(error)
                }
                runs.lock.lock(); defer { runs.lock.unlock() }
                switch outcome {
                case .success(let value): runs.results[k] = value
                case .failure(let e): if runs.failure == nil { runs.failure = e }
                }
            }
        }
        return runs
    }
}

/// Work for a connection (a statement, or a `COPY`).
typealias PGJob = @Sendable (PGConnection) throws(StoreError) -> Void

/// Jobs that several connections take one at a time, until they run out or one fails.
final class PGJobQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [PGJob]

    init(_ jobs: [PGJob]) { waiting = jobs }

    func next() -> PGJob? {
        lock.lock(); defer { lock.unlock() }
        return waiting.isEmpty ? nil : waiting.removeFirst()
    }

    /// Gives out nothing more.
    func stop() {
        lock.lock(); defer { lock.unlock() }
        waiting = []
    }

    /// Takes jobs on `connection` until none is left or one fails (then stops the queue).
    func drain(on connection: PGConnection) throws(StoreError) {
        while let job = next() {
            do throws(StoreError) { try job(connection) } catch { stop(); throw error }
        }
    }
}

/// A gate jobs wait at until another job opens it: work that must not begin before other
/// work has ended, on whichever connections take them.
final class PGGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen = false

    func open() {
        condition.lock(); defer { condition.unlock() }
        isOpen = true
        condition.broadcast()
    }

    func wait() {
        condition.lock(); defer { condition.unlock() }
        while !isOpen { condition.wait() }
    }

    /// True once opened (without waiting).
    var opened: Bool {
        condition.lock(); defer { condition.unlock() }
        return isOpen
    }
}
