import Foundation
import PinModel

/// Work handed from one producing thread to the threads that send it (an import's pins to
/// the connections that `COPY` them): bounded, so a producer faster than the server waits
/// instead of holding the whole file; closed when the producer is done; failed by either
/// side, which wakes the other.
final class PGChunkQueue<Chunk: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [Chunk] = []
    private var closed = false
    private var failure: StoreError?
    private let capacity: Int

    /// - Parameter capacity: chunks held at most before `push` waits.
    init(capacity: Int) { self.capacity = capacity }

    /// Adds `chunk`, waiting while the queue is full.
    /// - Throws: the failure a consumer reported (`fail`): its chunk will never be sent.
    func push(_ chunk: Chunk) throws(StoreError) {
        condition.lock(); defer { condition.unlock() }
        while waiting.count >= capacity && failure == nil { condition.wait() }
        if let failure { throw failure }
        waiting.append(chunk)
        condition.broadcast()
    }

    /// The next chunk, waiting for one; nil once the queue is closed and empty.
    /// - Throws: the failure reported by `fail` (the producer stopped, or another consumer failed).
    func pop() throws(StoreError) -> Chunk? {
        condition.lock(); defer { condition.unlock() }
        while waiting.isEmpty && !closed && failure == nil { condition.wait() }
        if let failure { throw failure }
        if waiting.isEmpty { return nil }
        let chunk = waiting.removeFirst()
        condition.broadcast()
        return chunk
    }

    /// No more chunks: consumers end once they took the last.
    func close() {
        condition.lock(); defer { condition.unlock() }
        closed = true
        condition.broadcast()
    }

    /// Stops both sides: every waiting and later `push` and `pop` throws `error` (the first
    /// failure reported is kept).
    func fail(_ error: StoreError) {
        condition.lock(); defer { condition.unlock() }
        if failure == nil { failure = error }
        waiting = []
        condition.broadcast()
    }
}
