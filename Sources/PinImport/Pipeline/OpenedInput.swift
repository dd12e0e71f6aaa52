import PinModel
/// A file opened for import: its encoding detected, its byte order mark stripped, its format
/// (CSV or GeoJSON) recognised from the content, and for CSV its delimiter chosen.
public struct OpenedInput {
    public enum Format: Sendable, Equatable {
        /// CSV with this delimiter byte.
        case csv(delimiter: UInt8)
        /// A GeoJSON document (the first non-space character is `{`, or RFC 8142's record
        /// separator 0x1E starting a GeoJSON text sequence, or `[` then `{`, `[` or `]`: an
        /// array of features).
        case geoJSON
        /// An XML document (the first non-space character is `<`): GPX or KML.
        case xml
    }

    public let path: String
    /// File size in bytes.
    public let size: Int64
    public let encoding: DetectedEncoding
    public let format: Format
    /// The first decoded UTF-8 chunk (without an Excel `sep=` line); the rest follows from `source`.
    public let firstChunk: [UInt8]
    /// Physical line of `firstChunk`'s first byte: 2 after an Excel `sep=` line, else 1.
    public let firstLine: Int
    /// The remaining decoded chunks.
    public var source: DecodingChunkSource<FileChunkSource>
    /// Raw bytes read so far (for progress; the file is read once more after detection).
    public var bytesRead: Int64 { raw.bytesRead }
    private let raw: FileChunkSource

    /// Opens `path`, detects its encoding (unless `encoding` is given: then only a byte order
    /// mark of that encoding is looked for), and sniffs the delimiter unless `delimiter` is given.
    /// - Throws: `ImportError.unreadable`, `.emptyFile`, `.bomOnly`, `.decoding`.
    public static func open(path: String, delimiter: UInt8? = nil, encoding given: TextEncoding? = nil) throws(ImportError) -> OpenedInput {
        do {
            let probe = try FileChunkSource(path: path)
            if probe.size == 0 { throw ImportError.emptyFile(path: path) }
            let encoding = try given.map { (e) throws(TextDecodingError) in
                let bom = TextEncodingDetector.byteOrderMark(try probe.nextChunk() ?? [])
                return DetectedEncoding(encoding: e, bomLength: bom?.encoding == e ? bom!.bomLength : 0)
            } ?? TextEncodingDetector.detect(path: path, refusingMixes: !(try Self.startsLikeXML(path: path)))
            if probe.size == Int64(encoding.bomLength) {
                throw ImportError.bomOnly(path: path, encoding: encoding.label)
            }
            let raw = try FileChunkSource(path: path)
            var source = try DecodingChunkSource(raw: raw, encoding: encoding)
            var first = try source.nextChunk() ?? []
            let wholeInput = raw.bytesRead >= raw.size
            // Excel's `sep=;` line names the delimiter; the header follows on line 2.
            let excelSeparator = ExcelSeparatorLine.parse(first)
            if let sep = excelSeparator { first.removeFirst(sep.length) }
            let format: Format
            let firstByte = first.first(where: { !isJSONSpace($0) })
            if firstByte == 0x7B || firstByte == 0x1E || startsJSONArray(first) {
                format = .geoJSON
            } else if firstByte == 0x3C {
                format = .xml
            } else {
                format = .csv(delimiter: delimiter ?? excelSeparator?.delimiter
                                ?? DelimiterSniffer.sniff(first, isWholeInput: wholeInput))
            }
            return OpenedInput(path: path, size: raw.size, encoding: encoding, format: format,
                               firstChunk: first, firstLine: excelSeparator == nil ? 1 : 2, source: source, raw: raw)
        } catch let error as ImportError {
            throw error
        } catch let error as TextDecodingError {
            throw .reading(error, path: path)
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
    }

    /// Whether the file's first byte other than white space is `<`: XML, which its parser
    /// decodes by its declaration, not by what the detector makes of the bytes (they only name
    /// the encoding in the report).
    private static func startsLikeXML(path: String) throws(TextDecodingError) -> Bool {
        let head = try FileChunkSource(path: path, chunkSize: 4096).nextChunk() ?? []
        return head.first(where: { !isJSONSpace($0) }) == 0x3C
    }

    /// A CSV reader over the whole decoded text (for `.csv` inputs). Call once: the reader
    /// shares the open file with this value.
    public func csvReader() -> CSVReader<DecodingChunkSource<FileChunkSource>> {
        let d: UInt8
        if case let .csv(delimiter) = format { d = delimiter } else { d = 0x2C }
        return CSVReader(source: source, delimiter: d, prefix: firstChunk, firstLine: firstLine)
    }

    /// The whole decoded text (for GeoJSON, which is parsed in memory).
    /// - Throws: `ImportError.decoding` when the rest of the file does not decode.
    public func readAll() throws(ImportError) -> [UInt8] {
        var all = firstChunk
        var rest = source
        do {
            while let chunk = try rest.nextChunk() { all.append(contentsOf: chunk) }
        } catch {
            throw .decoding(path: path, error)
        }
        return all
    }
}

/// Whether `bytes` start (after white space) with `[` and then `{`, `[` or `]`: a JSON array of
/// objects (features without their collection), never a CSV header.
private func startsJSONArray(_ bytes: [UInt8]) -> Bool {
    var rest = bytes.drop(while: isJSONSpace)
    guard rest.first == 0x5B else { return false }
    rest = rest.dropFirst().drop(while: isJSONSpace)
    return rest.first.map { [0x7B, 0x5B, 0x5D].contains($0) } ?? false
}

private func isJSONSpace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
}
