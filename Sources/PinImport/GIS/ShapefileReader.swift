import CShapelib
import Foundation
import PinModel

/// Pins from an ESRI Shapefile, read by shapelib: the `.shp` geometry (with its `.shx`
/// index), the `.dbf` attribute table and the `.prj` system, all beside the `.shp` under
/// the same name.
///
/// - Point and MultiPoint shapes (with Z or M too) give one pin per point; a file of lines
///   or polygons is read to its end and skipped with a note, as are null shapes.
/// - The `.prj` WKT is resolved by PROJ (`CoordinateSystem`); without one, `--crs`, else
///   WGS84 longitude, latitude.
/// - The `.dbf` text is decoded in its code page (`DBFCodePage`: the `.cpg`, else the LDID
///   byte, else, or for LDID 87 "ANSI", detected from the text); field names too. Numbers keep their type, logicals are
///   booleans, dates are `YYYY-MM-DD`. `AttributeFeature` maps them to the pin.
///
/// Streams: one shape at a time.
final class ShapefileReader: ShapefileSource {
    /// The `.prj`'s or `--crs`'s system, when it is not WGS84 (for the report).
    let system: CoordinateSystem?
    /// Whether a `.prj` named the system (`--crs` then does not apply).
    let hasPRJ: Bool
    /// Whether the `.dbf` was found and opened (without it the points have no attributes).
    let hasDBF: Bool
    /// Where the `.dbf` encoding came from (`CP949 (.cpg)`), for the report.
    let encodingLabel: String
    /// Field → attribute, for the report.
    let columnsUsed: [ColumnRole: String]

    private let shp: SHPHandle
    private let dbf: DBFHandle?
    private let shapeType: Int32
    private let count: Int32
    private let names: [String]
    private let types: [DBFFieldType]
    private let roles: AttributeRoles
    private let decoder: DBFTextDecoder
    private let layer: String
    private let path: String
    private var index: Int32 = 0
    private var pending: [RowOutcome] = []
    private var skips = SkipCounter()
    private var undecodable = 0
    /// A folder this reader owns (a zip's extracted files): removed when it goes.
    private let temporaryFolder: String?

    /// Opens the Shapefile whose `.shp` is `path`.
    /// - Parameters:
    ///   - fallback: `--crs`, for a Shapefile without a `.prj`.
    ///   - label: the name in messages and the layer's name (a zip's entry), default `path`.
    ///   - temporaryFolder: a folder to remove with the reader (where a zip was extracted).
    /// - Throws: `ImportError.invalidShapefile` (the `.shp`/`.shx` cannot be opened, an
    ///   unknown code page), `.coordinateSystem` (a `.prj` PROJ cannot resolve).
    init(path: String, fallback: String?, label: String? = nil, temporaryFolder: String? = nil) throws(ImportError) {
        self.path = label ?? path
        self.temporaryFolder = temporaryFolder
        let removeFolder = { if let temporaryFolder { try? FileManager.default.removeItem(atPath: temporaryFolder) } }
        let stem = (path as NSString).deletingPathExtension
        layer = Self.layerName(label ?? path)
        if let (declared, actual) = Self.cutShort(path) {
            removeFolder()
            throw .invalidShapefile(path: self.path, .cutShort(declared: declared, actual: actual))
        }
        var hooks = Self.quietHooks()
        guard let shp = SHPOpenLL(path, "rb", &hooks) else {
            removeFolder()
            let missing = [".shx", ".SHX"].allSatisfy { !FileManager.default.fileExists(atPath: stem + $0) }
            throw .invalidShapefile(path: self.path, missing ? .missingIndex((stem as NSString).lastPathComponent + ".shx") : .damaged)
        }
        var entities: Int32 = 0, type: Int32 = 0
        SHPGetInfo(shp, &entities, &type, nil, nil)
        let dbf = Self.sibling(stem, ["dbf", "DBF"]).flatMap { DBFOpenLL($0, "rb", &hooks) }
        hasDBF = dbf != nil
        let codePage = dbf.flatMap { DBFGetCodePage($0) }.map { String(cString: $0) }
        var rawNames: [[UInt8]] = []
        var types: [DBFFieldType] = []
        if let dbf {
            for i in 0..<DBFGetFieldCount(dbf) {
                var name = [CChar](repeating: 0, count: 64)
                types.append(DBFGetFieldInfo(dbf, i, &name, nil, nil))
                rawNames.append(name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
            }
        }
        // The bytes decide without a code page (`DBFCodePage.detect`).
        let known = DBFCodePage.encoding(codePage)
        let detected = known == nil ? DBFCodePage.detect(Self.textSample(dbf, rawNames, types), codePage: codePage) : nil
        let chosen = known?.iconv ?? detected?.iconv ?? "UTF-8"
        guard let decoder = DBFTextDecoder(iconvName: chosen) else {
            SHPClose(shp)
            if let dbf { DBFClose(dbf) }
            removeFolder()
            throw .invalidShapefile(path: self.path, .unknownCodePage(codePage ?? ""))
        }
        // Two fields can share a name (the format does not forbid it; names cut to 10 bytes
        // often meet): each keeps a key of its own.
        let names = PropertyKey.unique(rawNames.enumerated().map { i, raw in decoder.decodeName(raw).map(trimmedText) ?? "field \(i + 1)" })
        hasPRJ = Self.sibling(stem, ["prj", "PRJ"]) != nil
        do {
            system = try Self.system(stem: stem, fallback: fallback, path: self.path)
        } catch {
            SHPClose(shp)
            if let dbf { DBFClose(dbf) }
            removeFolder()
            throw error
        }
        self.shp = shp
        self.dbf = dbf
        self.shapeType = type
        self.count = entities
        self.names = names
        self.types = types
        self.decoder = decoder
        encodingLabel = dbf == nil ? "none (no .dbf)" : known?.label ?? detected?.label ?? chosen
        roles = AttributeRoles(names: names, pinmapExport: false, cutAt: AttributeRoles.dbfNameLength)
        columnsUsed = roles.columnsUsed(names, geometry: "shape")
    }

    deinit {
        SHPClose(shp)
        if let dbf { DBFClose(dbf) }
        if let temporaryFolder { try? FileManager.default.removeItem(atPath: temporaryFolder) }
    }

    var notes: [ImportNote] {
        (hasDBF ? [] : [.noAttributeTable]) + skips.notes + undecodableNote
    }

    /// The notes on the file itself, not on skipped shapes (those are `skippedGeometry`): no
    /// `.dbf`, values its code page could not decode.
    var fileNotes: [ImportNote] { (hasDBF ? [] : [.noAttributeTable]) + undecodableNote }

    private var undecodableNote: [ImportNote] {
        undecodable > 0 ? [.undecodableAttributes(count: undecodable, encoding: encodingLabel)] : []
    }

    var systemLabel: String? { system?.label }

    var skippedGeometry: [SkippedCount] { skips.counts }

    func next() -> RowOutcome? {
        while true {
            if let o = pending.popLast() { return o }
            guard index < count else { return nil }
            defer { index += 1 }
            pending = shape(index).reversed()
        }
    }

    /// Shape `i`'s pins (none for a skipped shape).
    private func shape(_ i: Int32) -> [RowOutcome] {
        guard let object = SHPReadObject(shp, i) else {
            return [.rejected([RowIssue(line: Int(i) + 1, field: .geometry(key: "shape"), value: "",
                                        reason: "shapelib cannot read it (a damaged .shp)", rule: .notAPoint)])]
        }
        defer { SHPDestroyObject(object) }
        let o = object.pointee
        switch o.nSHPType {
        case SHPT_NULL:
            skips.add(.nullShape)
            return []
        case SHPT_POINT, SHPT_POINTZ, SHPT_POINTM, SHPT_MULTIPOINT, SHPT_MULTIPOINTZ, SHPT_MULTIPOINTM:
            let hasZ = o.nSHPType == SHPT_POINTZ || o.nSHPType == SHPT_MULTIPOINTZ
            let feature = AttributeFeature(names: names, values: attributes(i), roles: roles, line: Int(i) + 1,
                                           label: nil, fallbackTitle: "\(layer) \(i + 1)",
                                           fallbackCategory: layer, exactTimes: false)
            return (0..<Int(o.nVertices)).map { k in
                feature.outcome(x: o.padfX[k], y: o.padfY[k], z: hasZ ? o.padfZ?[k] : nil, system: system)
            }
        default:
            let name = Self.typeName(o.nSHPType)
            skips.add(.shape(name))
            return []
        }
    }

    /// Record `i`'s attributes, typed by their fields.
    private func attributes(_ i: Int32) -> [AttributeValue] {
        guard let dbf, i < DBFGetRecordCount(dbf) else { return names.map { _ in .null } }
        return names.indices.map { k -> AttributeValue in
            let f = Int32(k)
            if DBFIsAttributeNULL(dbf, i, f) != 0 { return .null }
            guard let c = DBFReadStringAttribute(dbf, i, f) else { return .null }
            let raw = Array(UnsafeBufferPointer(start: UnsafeRawPointer(c).assumingMemoryBound(to: UInt8.self), count: strlen(c)))
            switch types[k] {
            case FTInteger:
                let t = trimmedText(String(decoding: raw, as: UTF8.self))
                return Int64(t).map { .integer($0) } ?? (t.isEmpty ? .null : .text(t))
            case FTDouble:
                // shapelib calls an integer field wider than 10 digits (GDAL's Integer64,
                // N(18,0)) a double: its whole numbers stay integers, every digit kept
                // (123456789012345678 was stored as 1.2345678901234568e+17).
                let t = trimmedText(String(decoding: raw, as: UTF8.self))
                if !t.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let n = Int64(t) { return .integer(n) }
                return Double(t).map { .real($0) } ?? (t.isEmpty ? .null : .text(t))
            case FTLogical:
                switch raw.first {
                case UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: "Y"), UInt8(ascii: "y"): return .bool(true)
                case UInt8(ascii: "F"), UInt8(ascii: "f"), UInt8(ascii: "N"), UInt8(ascii: "n"): return .bool(false)
                default: return .null
                }
            case FTDate where raw.count == 8:
                let t = String(decoding: raw, as: UTF8.self)
                return .text("\(t.prefix(4))-\(t.dropFirst(4).prefix(2))-\(t.suffix(2))")
            default:
                guard let text = decoder.decode(raw) else { undecodable += 1; return .null }
                let trimmed = trimmedText(text)
                return trimmed.isEmpty ? .null : .text(trimmed)
            }
        }
    }

    /// The `.prj`'s system (nil: WGS84), else `--crs`'s, else nil.
    private static func system(stem: String, fallback: String?, path: String) throws(ImportError) -> CoordinateSystem? {
        var definition = fallback
        var source = CoordinateSystemSource.option
        if let prj = sibling(stem, ["prj", "PRJ"]), let text = (try? String(contentsOfFile: prj, encoding: .utf8)) ?? (try? String(contentsOfFile: prj, encoding: .isoLatin1)) {
            definition = text
            source = .prj
        }
        guard let definition else { return nil }
        return try CoordinateSystem.forImport(definition, source: source, path: path)
    }

    /// The `.shp`'s length as its header says (bytes 24–27, big-endian 16-bit words) and as
    /// it is, when it is shorter: shapelib reads such a file's first shapes and fails on each
    /// of the rest, which were rejected one by one ("a damaged .shp") beside a partial import.
    /// Nil for a whole file (or one whose header cannot be read: shapelib then says so).
    private static func cutShort(_ path: String) -> (declared: Int64, actual: Int64)? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 28), header.count == 28,
              let size = try? handle.seekToEnd() else { return nil }
        let bytes = [UInt8](header)
        func u32(_ i: Int) -> Int64 { Int64(bytes[i]) << 24 | Int64(bytes[i + 1]) << 16 | Int64(bytes[i + 2]) << 8 | Int64(bytes[i + 3]) }
        guard u32(0) == 9994 else { return nil }
        let declared = u32(24) * 2
        return Int64(size) < declared ? (declared, Int64(size)) : nil
    }

    /// The layer's name, as GDAL names it: the `.shp`'s file name without its extension
    /// (`seoul.2024.places`, which was cut at its first dot, `seoul`). A zip's `label` is
    /// `archive.zip (folder/entry.shp)`: the entry names the layer.
    static func layerName(_ label: String) -> String {
        var name = label
        if name.hasSuffix(")"), let open = name.range(of: " (", options: .backwards) {
            name = String(name[open.upperBound..<name.index(before: name.endIndex)])
        }
        let file = (name as NSString).lastPathComponent
        return file.lowercased().hasSuffix(".shp") ? String(file.dropLast(4)) : file
    }

    /// `stem.ext` for the first extension that exists.
    private static func sibling(_ stem: String, _ extensions: [String]) -> String? {
        extensions.map { stem + "." + $0 }.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The raw bytes of the field names and of the first 100 records' text fields: what
    /// decides the encoding when the `.dbf` names none.
    private static func textSample(_ dbf: DBFHandle?, _ names: [[UInt8]], _ types: [DBFFieldType]) -> [[UInt8]] {
        var sample = names
        guard let dbf else { return sample }
        let textFields = types.indices.filter { types[$0] == FTString }.map(Int32.init)
        for r in 0..<min(100, DBFGetRecordCount(dbf)) {
            for f in textFields {
                guard let c = DBFReadStringAttribute(dbf, r, f) else { continue }
                sample.append(Array(UnsafeBufferPointer(start: UnsafeRawPointer(c).assumingMemoryBound(to: UInt8.self), count: strlen(c))))
            }
        }
        return sample
    }

    /// shapelib's default file hooks with its error messages dropped: it would print "Unable
    /// to open … SHAPE_RESTORE_SHX" to stderr before Pinmap's own sentence. The hooks are
    /// copied into each handle opened with them.
    private static func quietHooks() -> SAHooks {
        var hooks = SAHooks()
        SASetupDefaultHooks(&hooks)
        hooks.Error = { _ in }
        return hooks
    }

    /// A shape type in words, for the notes.
    private static func typeName(_ type: Int32) -> String {
        switch type {
        case SHPT_ARC, SHPT_ARCZ, SHPT_ARCM: return "line"
        case SHPT_POLYGON, SHPT_POLYGONZ, SHPT_POLYGONM: return "polygon"
        case SHPT_MULTIPATCH: return "multipatch"
        default: return "type \(type)"
        }
    }
}
