import Foundation
import PinImport

/// The Import tab's and the form's lines about an import, built from the report's and the
/// issue's values with the UI's strings (PinImport's own sentences are English, for the CLI).
enum ImportResultText {
    /// The result of an import: counts and batch, format, columns, kept properties, the
    /// first rejected rows and duplicates, and the importer's notes.
    static func summary(_ r: ImportReport, maxLines: Int = ImportReport.maxListed) -> [String] {
        let name = (r.file as NSString).lastPathComponent
        var head = S.irHead(name, r.imported, r.rejected, r.duplicates)
        if let batch = r.batchID { head += " " + S.irBatch(batch) }
        var lines = [head, preview(format: r.format, encoding: r.encoding, delimiter: r.delimiter, size: nil)]
        if !r.columns.isEmpty { lines.append(columns(r.columns)) }
        if !r.properties.isEmpty { lines.append(S.importKept.text + r.properties.map { "\"\($0)\"" }.joined(separator: ", ")) }
        let issues = r.errors.prefix(maxLines)
        lines += issues.map { S.irLine($0.line, reason($0)) }
        let more = r.errors.count - issues.count + r.errorsOmitted
        if more > 0 { lines.append(S.irMoreIssues(more)) }
        let dups = r.duplicateRows.prefix(maxLines)
        lines += dups.map { d in d.ofLine.map { S.irDupLine(d.line, $0) } ?? S.irDupPin(d.line, d.ofPin ?? 0) }
        if r.duplicates > dups.count { lines.append(S.irMoreDuplicates(r.duplicates - dups.count)) }
        lines += r.notes.map { S.irNote(ImportNoteText.text($0)) }
        return lines
    }

    /// `KMZ · encoding UTF-8 · delimiter TAB · 828 B`.
    static func preview(format: String, encoding: String, delimiter: String, size: Int64?) -> String {
        var line = S.irFormat(format, encoding.isEmpty ? "-" : encoding)
        if !delimiter.isEmpty { line += " · " + S.irDelimiter(delimiter) }
        if let size { line += " · " + SettingsView.formatBytes(size) }
        return line
    }

    /// `columns: latitude ← "lat", …`.
    static func columns(_ columns: [String: String]) -> String {
        S.importColumns.text + columns.sorted { $0.key < $1.key }.map { "\(field($0.key)) ← \"\($0.value)\"" }.joined(separator: ", ")
    }

    /// Why a row or a form field is refused, in the UI's language: one string per
    /// `ImportRule` (the switch has no default, so a new rule needs its strings), filled with
    /// the issue's field and value (`latitude 'abc' is not a number`).
    static func reason(_ issue: RowIssue, field: String? = nil) -> String {
        let f = field ?? self.field(issue.field)
        switch issue.rule {
        case .notANumber: return S.irNotANumber(f, issue.value)
        case .notFinite: return S.irNotFinite(f, issue.value)
        case .hexadecimal: return S.irHexadecimal(f, issue.value)
        case .twoDecimalSeparators: return S.irTwoSeparators(f, issue.value)
        case .emptyCoordinate: return S.irEmpty(f)
        case .blankName: return S.irBlankName.text
        case .outOfRange:
            // The allowed range is the reason's bracketed part, e.g. "[-90, 90]".
            let range = issue.reason.range(of: #"\[[^\]]*\]"#, options: .regularExpression).map { String(issue.reason[$0]) } ?? ""
            let swapped = issue.reason.hasSuffix("look swapped") ? S.irSwapped.text : ""
            return S.irOutOfRange(f, issue.value, range) + swapped
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
        case .noCoordinates: return S.irNoCoordinates.text
        }
    }

    /// A file-level error in the UI's language: one short sentence per `ImportErrorCode`
    /// (the CLI's English, with its advice on flags, is `ImportError.description`).
    static func text(_ error: Error) -> String {
        guard let e = error as? ImportError else { return "\(error)" }
        let name = TextWrap.middle(((e.path) as NSString).lastPathComponent, to: 40)
        switch (e.code, e) {
        case (.notFound, _): return S.ieNotFound(name)
        case (.noPermission, _): return S.ieNoPermission(name)
        case (.directory, _): return S.ieDirectory(name)
        case (.pipe, _): return S.iePipe(name)
        case (.device, _): return S.ieDevice(name)
        case (.socket, _): return S.ieSocket(name)
        case (.notRegular, _): return S.ieNotRegular(name)
        case (.neitherGPXNorKML, _): return S.ieNeitherGPXNorKML(name)
        case let (_, .unreadable(_, reason)): return S.ieUnreadable(name, reason)
        case (_, .emptyFile), (_, .bomOnly):
            // Only CSV has a header row to miss.
            return ["gpx", "kml", "kmz"].contains((e.path as NSString).pathExtension.lowercased()) ? S.ieEmptyFile(name) : S.ieEmpty(name)
        case (_, .noHeader): return S.ieNoHeader(name)
        case (_, .malformedHeader): return S.ieHeader(name)
        case (_, .decoding): return S.ieDecoding(name)
        case let (_, .columns(_, err)):
            // A header holding NUL bytes is a binary file, not a CSV that lacks its columns.
            return looksBinary(err) ? S.ieBinary(name) : S.ieColumns(name)
        case let (_, .invalidGeoJSON(_, reason)): return S.ieNotGeoJSON(name, reason)
        case let (_, .invalidJSON(_, reason)): return S.ieNotJSON(name, reason)
        case let (_, .malformedXML(_, line, column, reason)): return S.ieXML(name, line, column, reason)
        case let (_, .archive(_, reason)): return S.ieArchive(name, reason)
        case let (_, .store(_, reason)): return S.ieStore(name, reason)
        case (_, .rejectsFile): return e.description
        }
    }

    /// Whether the headers the column error found hold a NUL byte (text never does).
    private static func looksBinary(_ error: ColumnMappingError) -> Bool {
        let headers: [String]
        switch error {
        case let .noCoordinateColumns(found), let .missingCoordinateColumn(_, _, found), let .noNameColumn(found),
             let .unknownColumn(_, _, found):
            headers = found
        }
        return headers.contains { $0.unicodeScalars.contains("\0") }
    }

    /// Pinmap's own field names (`latitude`, the columns' roles, `geometry.coordinates`) in
    /// the UI's language; a user's column name (`(column 3)`, a header) stays as it is.
    static func field(_ name: String) -> String {
        switch name {
        case "latitude": return S.irLatitude.text
        case "longitude": return S.irLongitude.text
        case "name", "properties.title": return S.fieldName.text
        case "geometry", "geometry.coordinates", "coordinates": return S.fieldGeometry.text
        case "category": return S.fieldCategory.text
        case "description": return S.fieldDescription.text
        case "created": return S.fieldCreated.text
        default: return name
        }
    }
}
