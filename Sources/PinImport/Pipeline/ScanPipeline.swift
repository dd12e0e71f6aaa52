import PinModel
import Foundation

/// Reads a `PinFileScanner` on a second thread, ahead of the importer, so
/// that decoding, parsing and validating one part of a file overlaps with
/// writing the part before it to the store. The importer's thread stays the
/// only one that touches the store. With 2 cores this took the reading and
/// inserting of a 1,000,000-row import from 6.9 s to 4.8 s.
///
/// Rows travel in batches of `batchRows` events through a queue of at most
/// `capacity` batches, so memory stays constant in the file's size (a few
/// MB). The reading thread also copies each pin's texts into its batch's
/// buffer as a `PinBulkSink` binds them; the importer's thread looks them up
/// among the earlier rows of the file (`DuplicateFinder.earlierPin`): that
/// lookup, a cache miss in a table of ~21 MB a million pins, and the digest
/// took about a fifth of this thread's work, which was the slower one.
/// Processed batches come back (`recycle`) so their strings are freed on the
/// reading thread too.
final class ScanPipeline: @unchecked Sendable {
    /// One row as read.
    struct Row {
        /// A rejected row's event; nil for a pin, whose fields are in its batch's `text`
        /// (`pin(in:)`): a pin's strings kept here were retained, released and freed again
        /// for every row (~5% of an import's work), though most pins are only queued from
        /// their texts' bytes.
        var event: ScanEvent?
        /// Number of the pin among the file's pins, from 0 (−1 for a rejected row).
        var pinNumber: Int32
        /// Where the pin's texts are in its batch's `text` (nil for a rejected row).
        var encoded: EncodedPinRow?
        /// The pin's line (`ParsedPin.line`; 0 for a rejected row).
        var line = 0
        /// Where the pin's fields were read, when that varies (`ParsedPin.keys`).
        var keys: [ColumnRole: String] = [:]

        /// The pin, from its batch's `text` (nil for a rejected row): the fields as read
        /// (valid strings, so their UTF-8 reads back to them), properties `{}` when none.
        func pin(in text: [UInt8]) -> ParsedPin? {
            guard let e = encoded else { return nil }
            func field(_ a: Int32, _ b: Int32) -> String { String(decoding: text[Int(a)..<Int(b)], as: UTF8.self) }
            var pin = ParsedPin(line: line, title: field(e.start, e.ends.0), description: field(e.ends.0, e.ends.1),
                                category: field(e.ends.1, e.ends.2), createdAt: field(e.ends.2, e.ends.3),
                                latitude: e.latitude, longitude: e.longitude, properties: field(e.ends.3, e.ends.4))
            pin.keys = keys
            return pin
        }
    }

    /// A run of rows in file order, and the file's bytes read after it.
    struct Batch {
        var rows: [Row]
        var bytesRead: Int64
        /// The pins' texts as UTF-8, as a `PinBulkSink` binds them (`Row.encoded`): copied
        /// here, on the reading thread, so the writing thread digests and binds them as they are.
        var text: [UInt8] = []
    }

    enum Message {
        case batch(Batch)
        /// The end of the file, with the number of data records read (rows) and the reader's
        /// notes on what it skipped.
        case end(dataRows: Int, notes: [ImportNote])
        /// The file failed to decode; nothing follows.
        case failure(ImportError)
    }

    static let batchRows = 2_048
    static let capacity = 4

    private let condition = NSCondition()
    // Guarded by `condition`:
    private var queue: [Message] = []
    private var cancelled = false
    private var running = true
    private var returned: [Batch] = []
    // Only the reading thread touches the scanner once it started.
    private var scanner: PinFileScanner?

    /// Starts reading `scanner` on a new thread.
    init(scanner: PinFileScanner) {
        self.scanner = scanner
        let thread = Thread { [self] in self.produce() }
        thread.name = "pinmap import reader"
        thread.start()
    }

    /// The next message, waiting for the reading thread when it is behind.
    /// Call until `.end` or `.failure`.
    func next() -> Message {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty { condition.wait() }
        let message = queue.removeFirst()
        condition.broadcast()
        return message
    }

    /// Hands a processed batch back, so its rows are freed on the reading thread.
    func recycle(_ batch: Batch) {
        condition.lock()
        defer { condition.unlock() }
        returned.append(batch)
    }

    /// Stops the reading thread (when it still runs) and waits until it has
    /// let go of the file. Call when leaving early; harmless after the end.
    func cancel() {
        condition.lock()
        defer { condition.unlock() }
        cancelled = true
        queue.removeAll()
        condition.broadcast()
        while running { condition.wait() }
    }

    private func produce() {
        // Locals, not properties: no exclusivity checks in the loop.
        guard var scanner = self.scanner.take() else { _ = send(.end(dataRows: 0, notes: [])); return finish() }
        var pins: Int32 = 0
        var batch = Batch(rows: [], bytesRead: 0)
        batch.rows.reserveCapacity(Self.batchRows)
        var textBytes = 64 * Self.batchRows  // grows to the batches' largest
        var last: Message
        while true {
            do {
                guard let step = try scanner.next(encodingPinsTo: &batch.text) else {
                    last = .end(dataRows: scanner.dataRows, notes: scanner.notes)
                    break
                }
                var row = Row(event: nil, pinNumber: -1)
                switch consume step {
                case let .pin(encoded, line, keys):
                    row.pinNumber = pins
                    pins += 1
                    row.encoded = encoded
                    row.line = line
                    row.keys = keys
                case .rejected(let event):
                    row.event = event
                }
                batch.rows.append(row)
                if batch.rows.count == Self.batchRows {
                    batch.bytesRead = scanner.bytesRead
                    textBytes = max(textBytes, batch.text.count)
                    guard send(.batch(batch)) else { return finish() }
                    batch.rows = []
                    batch.rows.reserveCapacity(Self.batchRows)
                    batch.text = []
                    batch.text.reserveCapacity(textBytes)
                }
            } catch {
                last = .failure(error)
                break
            }
        }
        batch.bytesRead = scanner.bytesRead
        if !batch.rows.isEmpty, !send(.batch(batch)) { return finish() }
        _ = send(last)
        finish()
    }

    /// Queues `message`, waiting while the queue is full; false when cancelled.
    private func send(_ message: Message) -> Bool {
        var done: [Batch] = []
        condition.lock()
        while queue.count >= Self.capacity && !cancelled { condition.wait() }
        let sent = !cancelled
        if sent {
            queue.append(message)
            condition.broadcast()
        }
        swap(&done, &returned)
        condition.unlock()
        return sent  // `done`, the processed batches, is freed here: on this thread, outside the lock
    }

    private func finish() {
        condition.lock()
        running = false
        condition.broadcast()
        condition.unlock()
    }
}
