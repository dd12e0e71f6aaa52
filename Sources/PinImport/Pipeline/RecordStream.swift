import PinModel
import Foundation
import Support

/// A record as a parsing thread hands it over (GPX: a waypoint's raw text). The consumer's
/// thread turns it into a row outcome, so trimming, validating and converting overlap with
/// the parse instead of lengthening it.
protocol StreamedRecord: Sendable {
    func outcome() -> RowOutcome
}

/// Records handed from a parsing thread to the reader's consumer in batches, so that a
/// GPX file is parsed while the importer writes the pins before (XMLParser pushes events and
/// cannot be pulled). Bounded: the parser waits while `capacity` batches are queued.
final class RecordChannel<Record: StreamedRecord>: @unchecked Sendable {
    static var batchSize: Int { 512 }
    static var capacity: Int { 8 }

    private let condition = NSCondition()
    // Guarded by `condition`:
    private var batches: [[Record]] = []
    private var ended = false
    private var notes: [ImportNote] = []
    private var failure: ImportError?
    private var cancelled = false

    /// Queues a batch, waiting while the queue is full; false once the consumer is gone.
    func put(_ batch: [Record]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= Self.capacity && !cancelled { condition.wait() }
        if cancelled { return false }
        batches.append(batch)
        condition.broadcast()
        return true
    }

    /// The end: the reader's notes, or the file-level failure that stopped it.
    func finish(notes: [ImportNote], failure: ImportError?) {
        condition.lock()
        defer { condition.unlock() }
        ended = true
        self.notes = notes
        self.failure = failure
        condition.broadcast()
    }

    /// The next batch; nil at the end. - Throws: the parser's failure, after every batch before it.
    func take() throws(ImportError) -> [Record]? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && !ended { condition.wait() }
        if !batches.isEmpty {
            condition.broadcast()
            return batches.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }

    var endNotes: [ImportNote] {
        condition.lock()
        defer { condition.unlock() }
        return notes
    }

    /// The consumer left: the parser stops at its next batch.
    func cancel() {
        condition.lock()
        defer { condition.unlock() }
        cancelled = true
        batches.removeAll()
        condition.broadcast()
    }
}

/// The consumer's side of a `RecordChannel`: each record becomes its outcome here, on the
/// consumer's thread.
struct StreamedRecords<Record: StreamedRecord>: PinRecordReader {
    /// Cancels the channel when the last copy of the reader goes (a preview that reads ten
    /// rows), and waits for the producing thread: it must be gone (libxml2's thread state
    /// freed) before the process may exit (`JoinableThread`).
    private final class Owner {
        let channel: RecordChannel<Record>
        let producer: JoinableThread
        init(_ channel: RecordChannel<Record>, producer: JoinableThread) { self.channel = channel; self.producer = producer }
        deinit {
            channel.cancel()
            producer.join()
        }
    }

    private let owner: Owner
    private var batch: [Record] = []
    private var index = 0
    private var done = false

    /// - Parameter producer: the thread that fills `channel`.
    init(_ channel: RecordChannel<Record>, producer: JoinableThread) {
        owner = Owner(channel, producer: producer)
    }

    mutating func next() throws(ImportError) -> RowOutcome? {
        while index >= batch.count {
            if done { return nil }
            let taken: [Record]?
            do {
                taken = try owner.channel.take()
            } catch {
                owner.producer.join()  // the producer ended: wait until it is gone, then report
                throw error
            }
            guard let b = taken else {
                owner.producer.join()
                done = true
                return nil
            }
            batch = b
            index = 0
        }
        defer { index += 1 }
        return batch[index].outcome()
    }

    var notes: [ImportNote] { done ? owner.channel.endNotes : [] }
}
