import Glibc
import PinStore

/// Writes rejected rows to a CSV file (`--rejects OUT.csv`): UTF-8, comma, RFC 4180 quoting,
/// `\n` line ends. Columns: `line`, `reason`, then the file's own header, so a user can fix the
/// rows in a spreadsheet and import the file again (the two extra columns are ignored then).
/// A class because it owns the open `FILE*`; buffered by stdio.
final class RejectsWriter {
    let path: String
    private let file: UnsafeMutablePointer<FILE>
    private var failed = false
    /// The header's column count: shorter rows are padded, so every row has the same fields.
    private let columns: Int

    /// Creates (or truncates) `path` and writes the header row.
    /// - Throws: `ImportError.rejectsFile` when the file cannot be created.
    init(path: String, headers: [String]) throws(ImportError) {
        guard let f = fopen(path, "w") else {
            throw .rejectsFile(path: path, reason: String(cString: strerror(errno)))
        }
        self.path = path
        file = f
        columns = headers.count
        write(["line", "reason"] + headers)
    }

    deinit { fclose(file) }

    /// Appends one rejected row: its line, all reasons joined by "; ", and its fields.
    func add(line: Int, issues: [RowIssue], fields: [String]) {
        let padding = Array(repeating: "", count: max(0, columns - fields.count))
        write([String(line), issues.map(\.reason).joined(separator: "; ")] + fields + padding)
    }

    /// Flushes and closes.
    /// - Throws: `ImportError.rejectsFile` when any write failed (e.g. the disk is full).
    func finish() throws(ImportError) {
        if fflush(file) != 0 || failed || ferror(file) != 0 {
            throw .rejectsFile(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Deletes the file (after a file-level failure, so no half-written rejects remain).
    func discard() {
        unlink(path)
    }

    private func write(_ fields: [String]) {
        let line = CSVText.record(fields, lineEnd: "\n")
        let n = line.utf8.count
        let written = line.withCString { fwrite($0, 1, n, file) }
        if written != n { failed = true }
    }
}
