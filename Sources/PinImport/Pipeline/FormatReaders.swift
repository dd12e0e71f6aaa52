import PinModel
import Foundation
import Glibc

/// Chooses and opens the reader for a non-CSV pin file, by content first (a zip's magic,
/// an XML root element, a JSON object; Takeout by its features' properties) and by extension
/// only where the content leaves it open.
enum FormatReaders {
    /// Whether the file starts with a zip local header (`PK\x03\x04`), or is an empty zip
    /// (its end record `PK\x05\x06` first): a KMZ, or a zipped Shapefile.
    static func isZip(path: String) -> Bool {
        // Through FileChunkSource: opened non-blocking and regular files only, so a FIFO
        // cannot hang here (the caller's open then says what the file is).
        guard let source = try? FileChunkSource(path: path, chunkSize: 4),
              let head = try? source.nextChunk() else { return false }
        return zipMagics.contains(head)
    }

    /// How a zip starts: a local header, or, with no entry, the end of central directory
    /// record (an empty zip was called "a binary file (it holds NUL bytes)").
    static let zipMagics: [[UInt8]] = [[0x50, 0x4B, 0x03, 0x04], [0x50, 0x4B, 0x05, 0x06]]

    /// Whether the file starts with SQLite's header (`SQLite format 3\0`): a GeoPackage, or a
    /// SQLite file `GeoPackageReader` refuses with what it is.
    static func isSQLite(path: String) -> Bool {
        head(path, 16) == Array("SQLite format 3\0".utf8)
    }

    /// Whether the file starts with a Shapefile's file code (9994, big-endian): a `.shp`.
    static func isShapefile(path: String) -> Bool {
        head(path, 4) == [0x00, 0x00, 0x27, 0x0A]
    }

    /// A Shapefile's `.dbf`, `.shx`, `.prj` or `.cpg` beside its `.shp` is refused with the
    /// file to import instead (read as CSV it would be junk rows), and so is a `.dbf` alone.
    /// - Throws: `ImportError.invalidShapefile` naming the `.shp`.
    static func refuseShapefilePart(path: String) throws(ImportError) {
        let ext = (path as NSString).pathExtension
        guard ["dbf", "shx", "prj", "cpg"].contains(ext.lowercased()) else { return }
        let stem = (path as NSString).deletingPathExtension
        guard let shp = [stem + ".shp", stem + ".SHP"].first(where: { isShapefile(path: $0) }) else {
            // A dBASE table alone (its first byte a dBASE version: 0x03, 0x83, 0x8B, 0xF5…) is
            // no pin file; read as CSV its binary header would show as the headers found.
            guard ext.lowercased() == "dbf" else { return }
            throw .invalidShapefile(path: path, .tableWithoutShapes)
        }
        throw .invalidShapefile(path: path, .part(ext, shp: shp))
    }

    /// The first `n` bytes (fewer for a shorter file; [] when it cannot be read).
    private static func head(_ path: String, _ n: Int) -> [UInt8] {
        guard let source = try? FileChunkSource(path: path, chunkSize: n),
              let head = try? source.nextChunk() else { return [] }
        return Array(head.prefix(n))
    }

    /// The name prefix of the folders zipped Shapefiles are extracted to (in the temporary folder).
    static let temporaryFolderPrefix = "pinmap-shapefile-"

    /// A zip holding Shapefiles: each `.shp` entry with its `.shx`, `.dbf`, `.prj` and `.cpg`
    /// extracted to a folder of its own (in one temporary folder) and read from there, one
    /// after another (`ShapefileLayers`; a single one by its `ShapefileReader`); nil for any
    /// other zip (a KMZ).
    /// - Throws: `ImportError.archive` when the zip or an entry cannot be read, and what
    ///   `ShapefileReader` throws for any of them (nothing is read then).
    static func zippedShapefile(path: String, fallback: String?) throws(ImportError) -> (any ShapefileSource)? {
        let zip: ZipArchive
        do { zip = try ZipArchive(bytes: try readRaw(path: path)) } catch let e as ZipArchive.Failure {
            throw .archive(path: path, reason: e.reason)
        } catch let e as ImportError { throw e } catch { throw .archive(path: path, reason: "\(error)") }
        let shapefiles = zip.entries.filter { $0.name.lowercased().hasSuffix(".shp") && !$0.name.hasPrefix("__MACOSX") }
        guard !shapefiles.isEmpty else { return nil }
        var template = Array((NSTemporaryDirectory() + "/" + temporaryFolderPrefix + "XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw .archive(path: path, reason: "no temporary folder to extract the Shapefile into: \(String(cString: strerror(errno)))")
        }
        let folder = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        do {
            let one = shapefiles.count == 1
            var layers: [ShapefileReader] = []
            for (k, shp) in shapefiles.enumerated() {
                let layerFolder = one ? folder : folder + "/\(k + 1)"
                try extractShapefile(shp.name, from: zip, to: layerFolder)
                layers.append(try ShapefileReader(path: layerFolder + "/layer.shp", fallback: fallback, label: "\(path) (\(shp.name))",
                                                  temporaryFolder: one ? folder : nil))
            }
            return one ? layers[0] : ShapefileLayers(layers, names: shapefiles.map(\.name), folder: folder)
        } catch let e as ImportError {
            try? FileManager.default.removeItem(atPath: folder)
            throw e
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw .archive(path: path, reason: (error as? ZipArchive.Failure)?.reason ?? "\(error)")
        }
    }

    /// Extracts the Shapefile whose `.shp` entry is `shp` (its sibling entries of the same
    /// stem) from `zip` into `folder` (made if missing), as `layer.shp`, `layer.dbf`, ….
    /// - Throws: `ZipArchive.Failure` when an entry cannot be read or written.
    private static func extractShapefile(_ shp: String, from zip: ZipArchive, to folder: String) throws {
        let stem = String(shp.dropLast(4))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for entry in zip.entries {
            let name = entry.name
            guard name.count == stem.count + 4, name.hasPrefix(stem),
                  ["shp", "shx", "dbf", "prj", "cpg"].contains(name.suffix(3).lowercased()) else { continue }
            let bytes = try zip.extract(entry)
            let target = folder + "/layer." + name.suffix(3).lowercased()
            guard FileManager.default.createFile(atPath: target, contents: Data(bytes)) else {
                throw ZipArchive.Failure(reason: "cannot extract \(name) to \(folder)")
            }
        }
    }

    /// The encoding an XML document is read in, for the report: the one its declaration names
    /// (`<?xml version="1.0" encoding="EUC-KR"?>`: libxml2 decodes by it), unless the file is
    /// UTF-8 or UTF-16 as detected (a byte order mark, or bytes that are UTF-8, which are read
    /// so whatever the declaration says: `XMLInputGuard.utf8UnderLegacyDeclaration`). The
    /// detector guesses for CSV, and named `EUC-KR` text `Windows-1252`.
    static func xmlEncodingLabel(_ first: [UInt8], detected: DetectedEncoding) -> String {
        let unicode: Set<TextEncoding> = [.utf8, .utf16LE, .utf16BE]
        guard !unicode.contains(detected.encoding) else { return detected.label }
        return first.withUnsafeBytes { XMLInputGuard.declaredEncoding($0) } ?? detected.label
    }

    /// GPX or KML from an XML document's root element (found in its first chunk), else
    /// from the extension.
    /// - Throws: `ImportError.unreadable` for XML that is neither.
    static func xmlFormat(_ first: [UInt8], path: String) throws(ImportError) -> PinFileScanner.Format {
        let head = String(decoding: first.prefix(65_536), as: UTF8.self)
        if let root = rootElement(head) {
            switch XMLRunner.localName(root).lowercased() {
            case "gpx": return .gpx
            case "kml": return .kml
            default: break
            }
        }
        switch (path as NSString).pathExtension.lowercased() {
        case "gpx": return .gpx
        case "kml": return .kml
        default:
            throw .neitherGPXNorKML(path: path)
        }
    }

    /// A `.gpx` or `.kml` file must be XML: one whose content does not start with `<` is
    /// refused where its first character is, never read as CSV (whose header errors would
    /// mislead).
    /// - Throws: `ImportError.malformedXML` ("not XML (GPX expected)") with the 1-based line
    ///   and column (bytes) of the first character that is not white space.
    static func refuseIfXMLExpected(_ first: [UInt8], path: String) throws(ImportError) {
        let expected: String
        switch (path as NSString).pathExtension.lowercased() {
        case "gpx": expected = "GPX"
        case "kml": expected = "KML"
        default: return
        }
        var line = 1, column = 1
        for byte in first {
            if byte == 0x0A { line += 1; column = 1 } else if byte == 0x20 || byte == 0x09 || byte == 0x0D { column += 1 } else { break }
        }
        throw .malformedXML(path: path, line: line, column: column,
                            reason: .notXML(expected: expected))
    }

    /// The name of the first element that is not a declaration, comment or doctype.
    private static func rootElement(_ text: String) -> String? {
        var rest = Substring(text)
        while let lt = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: lt)...]
            guard let c = rest.first else { return nil }
            if c == "?" || c == "!" { continue }
            return String(rest.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" })
        }
        return nil
    }

    /// The file's size in bytes (0 when it cannot be read: the reader has already failed then).
    static func size(path: String) -> Int64 {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int64).flatMap { $0 } ?? 0
    }

    /// The whole raw file (XML parsers read the bytes and their encoding declaration themselves).
    static func readRaw(path: String) throws(ImportError) -> [UInt8] {
        do {
            let source = try FileChunkSource(path: path)
            var all: [UInt8] = []
            all.reserveCapacity(Int(source.size))
            while let chunk = try source.nextChunk() { all.append(contentsOf: chunk) }
            return all
        } catch {
            throw .reading(error, path: path)
        }
    }

    /// - Parameter encoding: `--encoding`: the document's bytes are in it, whatever its XML
    ///   declaration says (`xmlText`).
    static func gpx(path: String, encoding: TextEncoding? = nil) throws(ImportError) -> StreamedRecords<GPXWaypoint> {
        GPXReader.stream(try xmlText(path: path, encoding: encoding), path: path)
    }

    static func kml(path: String, encoding: TextEncoding? = nil) throws(ImportError) -> ListedRecords {
        try KMLReader.read(try xmlText(path: path, encoding: encoding), path: path)
    }

    /// The raw XML document, or, when `--encoding` names the encoding of its bytes, the document
    /// in UTF-8 with its XML declaration blanked (it names none, or another): a GPX written by
    /// an old program in Windows-1252 without saying so was refused ("bytes that are not
    /// UTF-8: declare the file's encoding"), and `--encoding` was not used for it.
    /// - Throws: `ImportError.decoding` at the first byte that is not valid in `encoding`.
    static func xmlText(path: String, encoding: TextEncoding?) throws(ImportError) -> Data {
        let raw = try readRaw(path: path)
        guard let encoding, let name = encoding.iconvName, let converter = IconvConverter(from: name) else { return Data(raw) }
        let bom = TextEncodingDetector.byteOrderMark(raw)?.encoding == encoding ? TextEncodingDetector.byteOrderMark(raw)!.bomLength : 0
        var text: [UInt8]
        do {
            text = try converter.convert(Array(raw.dropFirst(bom)))
            try converter.finish()
        } catch .invalidInput(let at) {
            throw .decoding(path: path, .invalidBytes(encoding: encoding, byteOffset: at + Int64(bom)))
        } catch {
            throw .decoding(path: path, .truncatedText(encoding: encoding))
        }
        XMLInputGuard.blankDeclaration(&text)
        return Data(text)
    }

    /// The KML of a KMZ: the entry `doc.kml`, else the first `.kml` entry.
    static func kmz(path: String) throws(ImportError) -> ListedRecords {
        do {
            let zip = try ZipArchive(bytes: try readRaw(path: path))
            guard let entry = zip.entries.first(where: { $0.name.lowercased() == "doc.kml" })
                    ?? zip.entries.first(where: { $0.name.lowercased().hasSuffix(".kml") }) else {
                let mimetype = zip.entries.first { $0.name == "mimetype" }.flatMap { try? zip.extract($0) }
                if let kind = ForeignFile.kind(zipEntries: zip.entries.map(\.name),
                                               mimetype: mimetype.map { String(decoding: $0.prefix(100), as: UTF8.self) }) {
                    throw ImportError.foreign(path: path, kind)
                }
                let entries = zip.entries.isEmpty ? "it is empty" : "entries: " + zip.entries.prefix(10).map(\.name).joined(separator: ", ")
                // A zip of files Pinmap reads (a download of a CSV or GeoJSON): say to unzip it.
                let inside = zip.entries.map(\.name).filter { name in
                    !name.hasSuffix("/") && ["csv", "tsv", "txt", "geojson", "json", "geojsonl", "geojsons", "ndjson", "gpx", "gpkg"]
                        .contains((name as NSString).pathExtension.lowercased())
                }
                if let first = inside.first {
                    let what = inside.count == 1 ? first : "the files inside"
                    throw ZipArchive.Failure(reason: "a zip archive of other files, not a KMZ (\(entries)): unzip it and import \(what)")
                }
                throw ZipArchive.Failure(reason: "the KMZ archive holds no .kml file (\(entries))")
            }
            return try KMLReader.read(Data(try zip.extract(entry)), path: "\(path) (\(entry.name))")
        } catch let e as ZipArchive.Failure {
            throw .archive(path: path, reason: e.reason)
        } catch let e as ImportError {
            throw e
        } catch {
            throw .archive(path: path, reason: "\(error)")
        }
    }

    /// Pin field → where each format reads it (the report's `columns`).
    static func columnsUsed(_ format: PinFileScanner.Format) -> [ColumnRole: String] {
        switch format {
        case .csv: return [:]
        case .geoJSON:
            return [.title: "properties.title|name", .latitude: "geometry", .longitude: "geometry",
                    .description: "properties.description", .category: "properties.category",
                    .created: "properties.created_at"]
        case .takeout:
            return [.title: "properties.location.name|Title", .latitude: "geometry", .longitude: "geometry",
                    .description: "properties.location.address|Location.Address", .created: "properties.date|Published"]
        case .gpx:
            return [.title: "wpt/name", .latitude: "wpt@lat", .longitude: "wpt@lon", .description: "wpt/desc|cmt",
                    .category: "wpt/type", .created: "wpt/time"]
        case .kml, .kmz:
            return [.title: "Placemark/name", .latitude: "Point/coordinates", .longitude: "Point/coordinates",
                    .description: "Placemark/description", .category: "Folder/name", .created: "TimeStamp/when"]
        case .geoPackage, .shapefile:
            return [:]  // the reader's, from the table's columns
        }
    }
}
