import Foundation

/// A file people try to import that is no pin file, told by its first bytes (or a zip's
/// entries), so the message names what it is instead of showing its bytes as CSV headers or
/// calling it a broken KMZ.
public enum ForeignFile: Sendable, Equatable {
    /// An Excel workbook: `.xlsx` (a zip holding `xl/`) or `.xls` (an OLE2 compound file).
    case excelWorkbook
    /// An OpenDocument spreadsheet (`.ods`, LibreOffice): a zip whose `mimetype` says so.
    case openDocumentSpreadsheet
    /// An Apple Numbers document (`.numbers`): a zip of `Index/*.iwa` entries.
    case numbersSpreadsheet
    /// Bytes that are not text: outside UTF-16, XML and JSON, a NUL in the first line or 8
    /// in the first 4 KiB.
    case binary

    /// What the file is and what to do, for `ImportError.description`.
    var sentence: String {
        switch self {
        case .excelWorkbook:
            return "an Excel workbook, not a pin file: save it as CSV (File › Save As › \"CSV UTF-8\") and import the .csv"
        case .openDocumentSpreadsheet:
            return "an OpenDocument spreadsheet, not a pin file: save it as CSV (File › Save As › Text CSV) and import the .csv"
        case .numbersSpreadsheet:
            return "an Apple Numbers spreadsheet, not a pin file: export it as CSV (File › Export To › CSV…) and import the .csv"
        case .binary:
            return "a binary file (it holds NUL bytes), not text: Pinmap reads \(PinFileScanner.Format.readable)"
        }
    }

    /// What the first bytes `head` of a file (at least 100 when the file is that long) say
    /// it is, when not a pin file; nil for text and for a zip (see `zipEntries`).
    static func kind(head: [UInt8]) -> ForeignFile? {
        // SQLite (a GeoPackage, or a Pinmap store) is the GeoPackage reader's to name.
        if head.starts(with: Array("SQLite format 3\0".utf8)) { return nil }
        if head.starts(with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) { return .excelWorkbook }
        if FormatReaders.zipMagics.contains(where: head.starts(with:)) { return nil }
        if TextEncodingDetector.byteOrderMark(head) != nil || TextEncodingDetector.unmarkedUTF16(head) != nil { return nil }
        // XML and JSON readers name a NUL where it is (a file encoded twice, say).
        let first = head.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        guard first != 0x3C && first != 0x7B && first != 0x5B else { return nil }
        // A NUL in the header line, or many: a stray NUL in a CSV row is that row's problem.
        let firstLine = head.prefix { $0 != 0x0A }
        return firstLine.contains(0) || head.lazy.filter({ $0 == 0 }).count >= 8 ? .binary : nil
    }

    /// What a zip holding `names` (and, for `mimetype`, its text) is when it holds no KML.
    static func kind(zipEntries names: [String], mimetype: String?) -> ForeignFile? {
        if names.contains(where: { $0.hasPrefix("xl/") }) { return .excelWorkbook }
        if mimetype?.hasPrefix("application/vnd.oasis.opendocument.spreadsheet") == true { return .openDocumentSpreadsheet }
        if names.contains(where: { $0.hasPrefix("Index/") && $0.hasSuffix(".iwa") }) { return .numbersSpreadsheet }
        return nil
    }

    /// Reads the first 4 KiB of `path` and refuses it when it is a foreign file.
    /// - Throws: `ImportError.foreign`; nothing when the file cannot be read (the caller's
    ///   open says why).
    static func refuse(path: String) throws(ImportError) {
        guard let source = try? FileChunkSource(path: path, chunkSize: 4096),
              let head = try? source.nextChunk(), let kind = kind(head: head) else { return }
        throw .foreign(path: path, kind)
    }
}
