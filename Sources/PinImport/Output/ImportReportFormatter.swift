import PinModel
import Foundation
import Frame

/// Turns import reports into what `pinmap import` prints: a human summary (default) or JSON
/// (`--json`). The CLI only chooses which and where.
public enum ImportReportFormatter {
    /// A few lines for people, e.g.
    /// ```
    /// pins.csv: imported 5 pins (batch 3), 2 rows rejected, 1 duplicate skipped
    ///   encoding UTF-8, delimiter ",", columns: name="name", latitude="lat", longitude="lng"
    ///   line 7: latitude '35.09x' is not a number
    ///   line 9 duplicates line 3
    /// ```
    /// - Parameter maxLines: how many rejected-row issues and duplicates to list (each).
    /// A password in a file's name or a quoted value shows as `****` (`PasswordMask`).
    public static func summary(_ r: ImportReport, maxLines: Int = 10) -> String {
        PasswordMask.masked(summaryLines(r, maxLines: maxLines))
    }

    private static func summaryLines(_ r: ImportReport, maxLines: Int) -> String {
        if let fileError = r.fileError { return "error: \(fileError)" }
        var lines: [String] = []
        let verb = r.dryRun ? "would import" : "imported"
        var head = "\(EscapedText.escape(r.file)): \(verb) \(count(r.imported, "pin"))"
        if let batch = r.batchID { head += " (batch \(batch); undo with: pinmap undo-import \(batch))" }
        head += ", \(count(r.rejected, "row")) rejected, \(count(r.duplicates, "duplicate")) skipped"
        lines.append(head)
        var format = "  \(r.format)"
        if !r.encoding.isEmpty { format += ", encoding \(r.encoding)" }
        if !r.delimiter.isEmpty { format += ", delimiter \"\(r.delimiter)\"" }
        if !r.columns.isEmpty { format += ", columns: " + columnList(r.columns) }
        lines.append(format)
        if let crs = r.coordinateSystem { lines.append("  coordinates from \(crs), transformed to WGS84 by PROJ") }
        if !r.properties.isEmpty {
            lines.append("  kept as properties: " + r.properties.map { "\"\(EscapedText.escape($0))\"" }.joined(separator: ", "))
        }
        let issues = r.errors.prefix(maxLines).map { "  \($0)" }
        lines += issues
        let moreIssues = r.errors.count - issues.count + r.errorsOmitted
        if moreIssues > 0 { lines.append("  … \(count(moreIssues, "more issue"))\(r.rejectsFile == nil ? " (all rejected rows: --rejects OUT.csv; --json lists the first 1000)" : "")") }
        let dups = r.duplicateRows.prefix(maxLines).map { "  \($0)" }
        lines += dups
        if dups.isEmpty && r.duplicates > 0 {  // a server's import learns only how many of its pins it had
            lines.append("  \(count(r.duplicates, "duplicate")): \(r.duplicates == 1 ? "a pin" : "pins") the store already had")
        } else if r.duplicates > dups.count {
            lines.append("  … \(count(r.duplicates - dups.count, "more duplicate"))")
        }
        if let rejects = r.rejectsFile, r.rejected > 0 { lines.append("  rejected rows written to \(rejects)") }
        lines += r.notes.map { "  note: \($0)" }
        if r.pinsToIndex > 0 {
            let (wait, them) = r.pinsToIndex == 1 ? ("waits", "it") : ("wait", "them")
            lines.append("""
                  note: \(count(r.pinsToIndex, "pin")) \(wait) to join the search index: run `pinmap index`, \
                or open the UI, which does it first (about 5 s of CPU per million pins); until then search scans \
                \(them) (the map shows \(them) already)
                """)
        }
        return lines.joined(separator: "\n")
    }

    /// The JSON object of one report (keys sorted, pretty-printed, UTF-8, no trailing newline).
    public static func json(_ report: ImportReport) -> String {
        encode(report)
    }

    /// A JSON array of several reports (`pinmap import A.csv B.csv --json`).
    public static func json(_ reports: [ImportReport]) -> String {
        encode(reports)
    }

    /// `{"file": ..., "file_error": ...}` for a file that failed as a whole.
    public static func json(failed file: String, error: ImportError) -> String {
        encode(ImportReport.failed(file: file, error: error))
    }

    /// A table of recorded imports for `pinmap imports`, oldest first. Its `pins` column is
    /// the pins a batch has (what `undo-import` removes): `45`, `44/45` once one was deleted,
    /// `46 (45 imported)` once `pinmap copy` brought a pin of the batch into a store that has it.
    public static func batchTable(_ batches: [ImportBatch]) -> String {
        guard !batches.isEmpty else { return "no imports recorded" }
        let header = ["id", "imported_at", "pins", "rejected", "duplicates"]
        let rows = batches.map { b in
            [String(b.id), b.importedAt, pinsCell(b), String(b.rejected), String(b.duplicates)]
        }
        // Each column as wide as its widest value (a 7-digit count must not shift the next ones);
        // numbers right-aligned, the time left-aligned. A file name can hold control characters: escaped.
        let least = [5, 20, 4, 8, 10]  // the widths of a small store's table, as before
        let widths = header.indices.map { c in max(least[c], rows.map(\.[c].count).max() ?? 0) }
        func line(_ cells: [String], file: String) -> String {
            cells.enumerated().map { c, v in c == 1 ? v.padding(toLength: widths[c], withPad: " ", startingAt: 0) : pad(v, widths[c]) }
                .joined(separator: "  ") + "  " + file
        }
        return ([line(header, file: "file")] + zip(rows, batches).map { line($0, file: EscapedText.escape(PasswordMask.masked($1.file))) })
            .joined(separator: "\n")
    }

    /// A batch's pins for the table: never "46/45", which reads as 46 of 45 left.
    private static func pinsCell(_ b: ImportBatch) -> String {
        if b.pinsLeft == b.imported { return "\(b.imported)" }
        return b.pinsLeft < b.imported ? "\(b.pinsLeft)/\(b.imported)" : "\(b.pinsLeft) (\(b.imported) imported)"
    }

    /// JSON of recorded imports for `pinmap imports --json`.
    public static func json(_ batches: [ImportBatch]) -> String {
        encode(batches)
    }

    /// A report's JSON, a password in a file's name or a quoted value masked (`PasswordMask`).
    private static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}" }
        return PasswordMask.masked(String(decoding: data, as: UTF8.self))
    }

    private static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }

    /// Headers can hold control characters and backslashes (`"탭\t키"`): escaped like the file name.
    private static func columnList(_ columns: [ColumnRole: String]) -> String {
        columns.sorted { $0.key < $1.key }.map { "\($0.key.rawValue)=\"\(EscapedText.escape($0.value))\"" }.joined(separator: ", ")
    }

    private static func pad(_ s: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - s.count)) + s
    }
}
