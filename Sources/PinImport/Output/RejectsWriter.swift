import PinModel

/// Writes rejected rows to a CSV file (`--rejects OUT.csv`): UTF-8, comma, RFC 4180 quoting,
/// `\n` line ends; with a byte order mark when the file came from a spreadsheet
/// (`marksUTF8`). Columns: `line` (or `feature`, `shape`: what the format's row numbers count,
/// `RowUnit`), `reason`, then the file's own header, so a user can fix the rows in a
/// spreadsheet and import the file again (the two extra columns are ignored then).
/// Written through `AtomicOutputFile`: OUT.csv appears, whole, only when the import succeeds.
final class RejectsWriter {
    let path: String
    private let file: AtomicOutputFile
    /// The header's column count: shorter rows are padded, so every row has the same fields.
    private let columns: Int

    /// Starts a temporary file next to `path` and writes the header row.
    /// - Parameters:
    ///   - source: the imported file's encoding (nil: not a text file).
    ///   - protected: the files `path` must not be (checked again as it is written).
    /// - Throws: `ImportError.rejectsFile` when the file cannot be created.
    init(path: String, headers: [String], unit: RowUnit = .line, source: DetectedEncoding? = nil,
         protected: ProtectedPaths) throws(ImportError) {
        do { file = try AtomicOutputFile(path: path, protected: protected) } catch {
            throw .rejectsFile(path: path, reason: error.reason)
        }
        self.path = path
        columns = headers.count
        if let source, Self.marksUTF8(for: source) { file.write("\u{FEFF}") }
        write([unit.rawValue, "reason"] + headers)
    }

    /// True when the rejects of a file in `source` start with a UTF-8 byte order mark: the
    /// file had a mark, or was in a legacy code page or UTF-16, as spreadsheets write them.
    /// The rows are for fixing in that spreadsheet, and Excel reads a UTF-8 file without the
    /// mark in the system's code page (CP949 in Korea: Korean garbled). `pinmap import`
    /// skips the mark.
    static func marksUTF8(for source: DetectedEncoding) -> Bool {
        source.bomLength > 0 || source.encoding != .utf8
    }

    /// Appends one rejected row: its line, all reasons joined by "; ", and its fields.
    func add(line: Int, issues: [RowIssue], fields: [String]) {
        let padding = Array(repeating: "", count: max(0, columns - fields.count))
        write([String(line), issues.map(\.reason).joined(separator: "; ")] + fields + padding)
    }

    /// Writes everything to disk, still under the temporary name: call before the import
    /// commits, so a full disk rolls the import back.
    /// - Throws: `ImportError.rejectsFile` when any write failed (e.g. the disk is full).
    func flush() throws(ImportError) {
        do { try file.flush() } catch { throw .rejectsFile(path: path, reason: error.reason) }
    }

    /// Puts the file in place (after the import committed).
    /// - Throws: `ImportError.rejectsFile` when any write or the rename failed.
    func finish() throws(ImportError) {
        do { try file.commit() } catch { throw .rejectsFile(path: path, reason: error.reason) }
    }

    /// Drops the file (after a failure): OUT.csv is left as it was before the import.
    func discard() {
        file.discard()
    }

    private func write(_ fields: [String]) {
        file.write(CSVText.record(fields, lineEnd: "\n"))
    }
}
