import PinModel
/// A failure the CSV reader reports instead of a record.
public enum CSVReadError: Error, Sendable, Equatable {
    /// The input could not be read or decoded.
    case decoding(TextDecodingError)
    /// The input ended inside a quoted field. `quoteLine` is the physical line of the opening
    /// quote, `partial` the record as read up to the end (its `line` is where the record starts).
    case unterminatedQuote(quoteLine: Int, partial: CSVRecord)
}

/// A streaming RFC 4180 reader over UTF-8 byte chunks.
///
/// - Quoted fields may hold delimiters, doubled quotes (`""` → `"`) and line breaks.
/// - Records end at `\n`, `\r\n` or a lone `\r`, mixed freely; inside quoted fields `\r\n`
///   becomes `\n` and a lone `\r` is kept (it is data: a value holding one round-trips).
/// - White space before a field's opening quote is set aside (`"name", "lat"`, `A; "37,5"`, as
///   hand-written files and some exports write them; Python's `skipinitialspace`); before any
///   other field it is kept.
/// - A quote that does not start a field is an ordinary character (`37°34'33.6"N`); text after a
///   closing quote is kept (`"ab"c` → `abc`), as Python's `csv` module does.
/// - The last record needs no final line break.
/// - Every record remembers the physical line where it starts, for error messages.
/// - Memory is constant in the input's size: one chunk plus the longest record; no field limit.
///
/// Works on bytes, one chunk (1 MiB from files) at a time, copying runs of plain bytes at once:
/// the 1,000,000-row, 80 MB benchmark file (Scripts/gen_pins.py) reads in about 0.4 s on one
/// core in a release build (about 200 MB/s).
public struct CSVReader<Source: ByteChunkSource> {
    /// The delimiter byte: `,` `;` TAB or `|`.
    public let delimiter: UInt8

    private enum State { case recordStart, fieldStart, unquoted, quoted, quoteInQuoted }

    private var source: Source
    private var chunk: [UInt8] = []
    private var pos = 0
    private var atEnd = false
    private var done = false
    private var state = State.recordStart
    /// A `\r` ended the last chunk; a `\n` at the start of the next belongs to it.
    private var skipLF = false
    /// That `\r` was inside a quoted field and kept as data (see `.quoted`).
    private var quotedCR = false
    /// Physical line of the next byte.
    private var line = 1
    private var recordLine = 1
    private var quoteLine = 1
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    /// Spaces (and tabs, when TAB is not the delimiter) read at a field's start: dropped when a
    /// quote follows, else the field's first bytes.
    private var leadingSpace: [UInt8] = []

    /// - Parameters:
    ///   - source: UTF-8 chunks (e.g. a `DecodingChunkSource`).
    ///   - delimiter: the field delimiter byte (must not be `"`, `\r` or `\n`).
    ///   - prefix: bytes already taken from `source` (e.g. by the delimiter sniffer), read first.
    ///   - firstLine: the physical line of the first byte (2 after a skipped Excel `sep=` line).
    public init(source: Source, delimiter: UInt8, prefix: [UInt8] = [], firstLine: Int = 1) {
        self.source = source
        self.delimiter = delimiter
        self.chunk = prefix
        self.line = firstLine
        self.recordLine = firstLine
        self.quoteLine = firstLine
    }

    /// The next record, or nil at the end of the input.
    /// - Throws: `CSVReadError.unterminatedQuote` once, when the input ends inside a quoted field
    ///   (the following call returns nil); `.decoding` when the source fails.
    public mutating func next() throws(CSVReadError) -> CSVRecord? {
        guard !done else { return nil }
        if state == .recordStart {
            bytes.removeAll(keepingCapacity: true)
            ends.removeAll(keepingCapacity: true)
        }
        while true {
            if pos >= chunk.count {
                if atEnd { return try finishInput() }
                do {
                    if let next = try source.nextChunk() {
                        chunk = next
                    } else {
                        atEnd = true
                        chunk = []
                    }
                } catch {
                    done = true
                    throw .decoding(error)
                }
                pos = 0
                continue
            }
            let current = chunk
            let complete = current.withUnsafeBufferPointer { scan($0) }
            if complete {
                return CSVRecord(line: recordLine, bytes: bytes, ends: ends)
            }
        }
    }

    /// Reads every remaining record (for small inputs and tests).
    /// - Throws: as `next()`.
    public mutating func readAll() throws(CSVReadError) -> [CSVRecord] {
        var all: [CSVRecord] = []
        while let r = try next() { all.append(r) }
        return all
    }

    private mutating func finishInput() throws(CSVReadError) -> CSVRecord? {
        done = true
        switch state {
        case .recordStart:
            leadingSpace.removeAll()  // a last line of white space only: no record
            return nil
        case .quoted:
            ends.append(bytes.count)
            throw .unterminatedQuote(quoteLine: quoteLine, partial: CSVRecord(line: recordLine, bytes: bytes, ends: ends))
        case .fieldStart, .unquoted, .quoteInQuoted:
            bytes.append(contentsOf: leadingSpace)
            leadingSpace.removeAll()
            ends.append(bytes.count)
            state = .recordStart
            return CSVRecord(line: recordLine, bytes: bytes, ends: ends)
        }
    }

    /// Scans the chunk from `pos`; returns true when a record ended (then `pos` is just past it).
    private mutating func scan(_ buf: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = buf.count
        var i = pos
        if skipLF {
            skipLF = false
            if i < n && buf[i] == 0x0A {
                i += 1
                if quotedCR { bytes[bytes.count - 1] = 0x0A }  // the "\r" kept at the chunk's end was half a "\r\n"
            }
            quotedCR = false
        }
        let delim = delimiter
        while i < n {
            switch state {
            case .recordStart, .fieldStart:
                if state == .recordStart { recordLine = line }
                let b = buf[i]
                if b == 0x20 || (b == 0x09 && delim != 0x09) {
                    leadingSpace.append(b)
                    i += 1
                    continue
                }
                if b == 0x22 {
                    leadingSpace.removeAll(keepingCapacity: true)
                    state = .quoted
                    quoteLine = line
                    i += 1
                    continue
                }
                if !leadingSpace.isEmpty {
                    bytes.append(contentsOf: leadingSpace)
                    leadingSpace.removeAll(keepingCapacity: true)
                }
                if b == delim {
                    ends.append(bytes.count)
                    state = .fieldStart
                    i += 1
                } else if b == 0x0A || b == 0x0D {
                    endRecord(buf, &i)
                    return true
                } else {
                    state = .unquoted
                }
            case .unquoted:
                var j = i
                while j < n {
                    let b = buf[j]
                    if b == delim || b == 0x0A || b == 0x0D { break }
                    j += 1
                }
                if j > i { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buf[i..<j])) }
                i = j
                if j == n { break }
                if buf[j] == delim {
                    ends.append(bytes.count)
                    state = .fieldStart
                    i += 1
                } else {
                    endRecord(buf, &i)
                    return true
                }
            case .quoted:
                var j = i
                while j < n {
                    let b = buf[j]
                    if b == 0x22 || b == 0x0A || b == 0x0D { break }
                    j += 1
                }
                if j > i { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buf[i..<j])) }
                i = j
                if j == n { break }
                let b = buf[j]
                i += 1
                if b == 0x22 {
                    state = .quoteInQuoted
                } else if b == 0x0A {
                    bytes.append(0x0A)
                    line += 1
                } else {
                    // Inside quotes a lone "\r" is data (a title holding one survives export
                    // and import); "\r\n" is a Windows line break, kept as "\n".
                    line += 1
                    if i < n {
                        bytes.append(buf[i] == 0x0A ? 0x0A : 0x0D)
                        if buf[i] == 0x0A { i += 1 }
                    } else {
                        bytes.append(0x0D)
                        skipLF = true
                        quotedCR = true
                    }
                }
            case .quoteInQuoted:
                let b = buf[i]
                if b == 0x22 {
                    bytes.append(0x22)
                    state = .quoted
                    i += 1
                } else if b == delim {
                    ends.append(bytes.count)
                    state = .fieldStart
                    i += 1
                } else if b == 0x0A || b == 0x0D {
                    endRecord(buf, &i)
                    return true
                } else {
                    state = .unquoted
                }
            }
        }
        pos = i
        return false
    }

    /// Ends the record at the line break at `i` and moves past it.
    private mutating func endRecord(_ buf: UnsafeBufferPointer<UInt8>, _ i: inout Int) {
        ends.append(bytes.count)
        let b = buf[i]
        i += 1
        line += 1
        if b == 0x0D { skipFollowingLF(buf, &i) }
        state = .recordStart
        pos = i
    }

    /// After a `\r`: skips a `\n` right after it, or remembers to when the chunk ends here.
    private mutating func skipFollowingLF(_ buf: UnsafeBufferPointer<UInt8>, _ i: inout Int) {
        if i < buf.count {
            if buf[i] == 0x0A { i += 1 }
        } else {
            skipLF = true
        }
    }
}

extension CSVReader {
    /// Whether the bytes of the records read so far are well-formed UTF-8, as the source
    /// checked them (`DecodingChunkSource.isWellFormedSoFar`): the fields cut from them at
    /// delimiters, quotes and line breaks (ASCII bytes) are then well formed too.
    func isWellFormedSoFar<Raw>() -> Bool where Source == DecodingChunkSource<Raw> {
        source.isWellFormedSoFar
    }
}

extension CSVReader where Source == ArrayChunkSource {
    /// Reads `text` (UTF-8) with `delimiter`; for tests and previews.
    public init(text: String, delimiter: UInt8 = 0x2C, chunkSize: Int = 1 << 20) {
        self.init(source: ArrayChunkSource(Array(text.utf8), chunkSize: chunkSize), delimiter: delimiter)
    }
}
