import Foundation
import PinModel

/// Rows in COPY's binary form, encoded a chunk at a time by several threads and taken in
/// id order by the one thread whose connection sends them (a streamed import: one `COPY …
/// FREEZE`, which only the transaction that made the table may run, fed by every core the
/// client has). A chunk is named by its first id; the next one's is that plus its rows, so
/// the sender knows which to wait for. Bounded: an encoder far ahead waits (the one holding
/// the chunk the sender waits for never does). Failed by any side, which wakes the others.
final class PGEncodedChunks: @unchecked Sendable {
    private let condition = NSCondition()
    /// A chunk's rows: how many, their bytes, and whether they hold every column (`full`)
    /// or leave some to the table's defaults (the encoder says which; the sender sends each
    /// run of one kind under a `COPY` of its columns).
    struct Rows { var count: Int; var bytes: [UInt8]; var full: Bool }

    private var ready: [Int64: Rows] = [:]
    private var next: Int64
    private var encoders: Int
    private var failure: StoreError?
    private let capacity: Int

    /// - Parameters:
    ///   - firstID: the first chunk's first id.
    ///   - encoders: threads that `put` chunks; each says `done` at its end.
    ///   - capacity: chunks held at most before an encoder that is ahead waits.
    init(firstID: Int64, encoders: Int, capacity: Int) {
        next = firstID
        self.encoders = encoders
        self.capacity = capacity
    }

    /// Hands over the encoded rows of the chunk whose first id is `firstID`.
    /// - Throws: the failure another side reported (`fail`).
    func put(firstID: Int64, _ rows: Rows) throws(StoreError) {
        condition.lock(); defer { condition.unlock() }
        while ready.count >= capacity && firstID != next && failure == nil { condition.wait() }
        if let failure { throw failure }
        ready[firstID] = rows
        condition.broadcast()
    }

    /// An encoder has put its last chunk.
    func done() {
        condition.lock(); defer { condition.unlock() }
        encoders -= 1
        condition.broadcast()
    }

    /// The next chunk's rows, in id order, waiting for them; nil once every encoder is done
    /// and every chunk taken.
    /// - Throws: the failure another side reported (`fail`).
    func take() throws(StoreError) -> Rows? {
        condition.lock(); defer { condition.unlock() }
        while ready[next] == nil && encoders > 0 && failure == nil { condition.wait() }
        if let failure { throw failure }
        guard let chunk = ready.removeValue(forKey: next) else {
            if ready.isEmpty { return nil }
            throw StoreError("the import's pins from id \(next) were never encoded")
        }
        next += Int64(chunk.count)
        condition.broadcast()
        return chunk
    }

    /// Stops every side: each waiting and later `put` and `take` throws `error` (the first
    /// failure reported is kept).
    func fail(_ error: StoreError) {
        condition.lock(); defer { condition.unlock() }
        if failure == nil { failure = error }
        ready = [:]
        condition.broadcast()
    }
}
