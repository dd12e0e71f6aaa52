import Frame
import Foundation
import PinModel

/// The Import tab's and the form's lines about an import, built from the report's and the
/// issue's values with the UI's strings (PinImport's own sentences are English, for the CLI).
public enum ImportResultText {
    /// The result of an import: counts and batch, format, columns, kept properties, the
    /// first rejected rows and duplicates, and the importer's notes; passwords masked.
    public static func summary(_ r: ImportReport, maxLines: Int = ImportReport.maxListed) -> [String] {
        var head = self.head(r, name: PasswordMask.maskedName(ofPath: r.file))
        if let batch = r.batchID, r.imported > 0 { head += " " + S.irBatch(batch) }
        var lines = [head, preview(format: r.format, encoding: r.encoding, delimiter: r.delimiter, size: nil)]
        if !r.columns.isEmpty { lines.append(columns(r.columns)) }
        if let crs = r.coordinateSystem { lines.append(S.importCRS(crs)) }
        if !r.properties.isEmpty { lines.append(S.importKept.text + r.properties.map { "\"\($0)\"" }.joined(separator: ", ")) }
        let issues = r.errors.prefix(maxLines)
        lines += issues.map { S.irRow($0.unit, $0.line, reason($0)) }
        let more = r.errors.count - issues.count + r.errorsOmitted
        if more > 0 { lines.append(S.irMoreIssues(more)) }
        let dups = r.duplicateRows.prefix(maxLines)
        lines += dups.map(S.irDup)
        if r.duplicates > dups.count {
            lines.append(dups.isEmpty ? S.irDuplicatesInStore(r.duplicates) : S.irMoreDuplicates(r.duplicates - dups.count))
        }
        lines += r.notes.map { S.irNote(ImportNoteText.text($0)) }
        // The file's values may quote a URI with its password, as may its name.
        return lines.map(PasswordMask.masked)
    }

    /// An import's counts in the one wording the tab and the toast share:
    /// `a.csv: 2 imported, 20 rejected, 0 duplicates skipped`.
    static func head(_ r: ImportReport, name: String) -> String {
        S.irHead(name, r.imported, r.rejected, r.duplicates)
    }

    /// The preview's rows: `title  lat, lon  category` in columns, or `✗ line N: why` in the
    /// UI's language.
    static func rows(_ rows: [ImportPreview.Row], ascii: Bool) -> [String] {
        // Titles and coordinates in columns, so the rows read as a table; a long title is cut
        // rather than pushing its row's coordinates out of line. Made safe before measured,
        // as the Map's list does: a control or bidi character is drawn as a visible symbol,
        // one cell, never as the zero cells the raw character measures.
        let pins = rows.compactMap { row -> (title: String, at: String)? in
            guard case let .pin(title, latitude, longitude, _) = row else { return nil }
            return (SafeText.sanitize(title, ascii: ascii), "\(CoordinateText.degrees(latitude)), \(CoordinateText.degrees(longitude))")
        }
        let titleWidth = min(previewTitleWidth, pins.map { DisplayWidth.of($0.title) }.max() ?? 0)
        let atWidth = pins.map { DisplayWidth.of($0.at) }.max() ?? 0
        var next = pins.makeIterator()
        return rows.map { row in
            switch row {
            case .pin(_, _, _, let category):
                guard let pin = next.next() else { return "" }
                let title = DisplayWidth.pad(DisplayWidth.truncate(pin.title, to: titleWidth, ascii: ascii), to: titleWidth)
                return title + "  " + DisplayWidth.pad(pin.at, to: atWidth, ascii: ascii) + "  " + SafeText.sanitize(category, ascii: ascii)
            case .rejected(let issue):
                return "✗ " + (issue.map { S.irRow($0.unit, $0.line, reason($0)) } ?? S.irRejected.text)
            }
        }
    }

    /// The widest a preview row's title column grows (cells).
    static let previewTitleWidth = 32

    /// `KMZ · encoding UTF-8 · delimiter TAB · 828 B`.
    public static func preview(format: String, encoding: String, delimiter: String, size: Int64?) -> String {
        var line = S.irFormat(format, encoding.isEmpty ? "-" : encoding)
        if !delimiter.isEmpty { line += " · " + S.irDelimiter(delimiter) }
        if let size { line += " · " + SettingsView.formatBytes(size) }
        return line
    }

    /// `columns: latitude ← "lat", …`.
    static func columns(_ columns: [ColumnRole: String]) -> String {
        S.importColumns.text + columns.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\(role($0.key)) ← \"\($0.value)\"" }.joined(separator: ", ")
    }

    /// Why a row or a form field is refused, in the UI's language: one string per
    /// `ImportRule` (the switch has no default, so a new rule needs its strings), filled with
    /// the issue's field and value (`latitude 'abc' is not a number`).
    public static func reason(_ issue: RowIssue) -> String {
        let f = field(issue.field)
        switch issue.rule {
        case .notANumber: return S.irNotANumber(f, issue.value)
        case .notFinite: return S.irNotFinite(f, issue.value)
        case .hexadecimal: return S.irHexadecimal(f, issue.value)
        case .twoDecimalSeparators: return S.irTwoSeparators(f, issue.value)
        case .emptyCoordinate: return S.irEmpty(f)
        case .blankTitle: return S.irBlankTitle.text
        case .outOfRange: return outOfRange(issue.outOfRange, field: f, value: issue.value)
        case .minutesOutOfRange: return S.irMinutes(f, issue.value)
        case .secondsOutOfRange: return S.irSeconds(f, issue.value)
        case .wrongAxisHemisphere: return S.irWrongHemisphere(f, issue.value)
        case .signWithHemisphere: return S.irSignAndHemisphere(f, issue.value)
        case .extraFields: return S.irExtraFields(f, issue.value)
        case .notAPoint: return S.irNotAPoint(f, issue.value)
        case .emptyPoint: return S.irEmptyPoint(f)
        case .pointArity: return S.irPointArity(f, issue.value)
        case .malformedWKT: return S.irMalformedWKT(f, issue.value)
        case .unsupportedSRID: return S.irSRID(f, issue.value)
        case .unterminatedQuote: return S.irUnterminatedQuote.text
        case .invalidFeature: return S.irInvalidFeature.text
        case .refusedByStore: return S.irRefusedByStore(f, issue.value)
        case .nulCharacter: return S.irNulCharacter(f)
        case .noCoordinates: return S.irNoCoordinates.text
        }
    }

    /// An out-of-range coordinate from the issue's values: the range it left, or the system
    /// that could not transform it; then the advice (swapped, projected metres: the UI has no
    /// `--crs`, the command line does). An issue made with a bare rule leaves the range out.
    private static func outOfRange(_ range: OutOfRange?, field f: String, value: String) -> String {
        guard let range else { return S.irOutOfRange(f, value, "") }
        var text: String
        switch range.cause {
        case .outside(let axis): text = S.irOutOfRange(f, value, "[-\(Int(axis.limit)), \(Int(axis.limit))]")
        case .notTransformable(let system): text = S.irNotTransformable(f, value, system)
        case .degreesUnderProjectedSystem(let system): text = S.irDegreesUnderCRS(f, value, system)
        }
        if range.swapped { text += S.irSwapped.text }
        if range.projectedMetres { text += S.irProjected.text }
        return text
    }

    /// Pinmap's own parts of a record (latitude, title, geometry) in the UI's language; a
    /// column's header stays as written.
    public static func field(_ field: RowField) -> String {
        switch field {
        case .column(let header): return header
        case .extraColumn(let position): return S.fieldExtraColumn(position)
        case .record: return S.fieldRecord.text
        case .row: return S.fieldRow.text
        case .latitude: return S.irLatitude.text
        case .longitude: return S.irLongitude.text
        case .title: return S.fieldTitle.text
        case .geometry: return S.fieldGeometry.text
        case .member(let key): return key
        }
    }

    /// A pin field a column fills (`ImportReport.columns`' keys) in the UI's language.
    static func role(_ role: ColumnRole) -> String {
        switch role {
        case .latitude: return S.irLatitude.text
        case .longitude: return S.irLongitude.text
        case .title: return S.fieldTitle.text
        case .geometry: return S.fieldGeometry.text
        case .category: return S.fieldCategory.text
        case .description: return S.fieldDescription.text
        case .created: return S.fieldCreated.text
        }
    }
}
