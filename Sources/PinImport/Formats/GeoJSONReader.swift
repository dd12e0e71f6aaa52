import PinModel

/// Pins from a GeoJSON (RFC 7946) document, as map tools export it, and from Google Takeout's
/// "Saved Places.json" (a FeatureCollection whose features carry `google_maps_url`/`location`
/// or `Google Maps URL`/`Location`, recognised for the whole file:
/// `TakeoutFeature.isTakeoutDocument`).
///
/// A newline-delimited sequence of Features (GeoJSONSeq, RFC 8142 with or without its record
/// separators; `.geojsonl`, `.geojsons`, `.ndjson`) is read as a collection of them.
///
/// The text is checked whole first (`JSONDocument`: nesting, numbers, syntax, with the line),
/// then features are read one at a time, so memory stays about the size of the file. Features
/// are numbered from 1 in issues (their `line`). A legacy (2008) `crs` member naming a system
/// (`urn:ogc:def:crs:EPSG::32652`, `EPSG:3857`) is resolved by PROJ and the positions are
/// transformed to WGS84 (`CoordinateSystem`: x is the easting whatever the axis order);
/// without one, positions are WGS84 longitude, latitude (RFC 7946), whatever `--crs` says
/// (the scanner notes it is not used). A system PROJ cannot resolve refuses the file.
struct GeoJSONReader: PinRecordReader {
    let document: JSONDocument
    /// The positions' system; nil for WGS84 longitude, latitude.
    let crs: CoordinateSystem?
    /// Whether the document has a `crs` member (the only way a GeoJSON leaves WGS84).
    let namesItsSystem: Bool
    /// Pinmap's own export (`"generator": "pinmap"`): times are kept as written.
    let exactTimes: Bool
    /// Whether the file is Takeout (every feature read as a Takeout place; the report's format).
    let isTakeout: Bool
    private var features: JSONDocument.ElementIterator?
    /// A sequence's features (newline-delimited GeoJSON: `JSONDocument.isSequence`).
    private var sequence: JSONDocument.TopLevelIterator?
    private var single: JSONDocument.Value?
    /// Whether `single` is a geometry, not a Feature.
    private var singleIsGeometry = false
    private var index = 0
    private var current = GeoJSONFeature.Pins([])
    /// The feature being read: a rejected one goes to the rejects file whole (`lastSource`).
    private var currentValue: JSONDocument.Value?
    private var skips = SkipCounter()

    /// - Throws: `ImportError.invalidJSON` (syntax, nesting, numbers), `.invalidGeoJSON`
    ///   (not a FeatureCollection or Feature), `.coordinateSystem` (a `crs` PROJ cannot resolve).
    init(bytes: [UInt8], path: String) throws(ImportError) {
        do {
            document = try JSONDocument(bytes: bytes)
        } catch {
            throw .invalidJSON(path: path, reason: error.description)
        }
        let root = document.root
        let type = document.member(root, "type").flatMap(document.string)
        if root.kind == .array {
            // The features alone (a FeatureCollection's `features`, as `jq .features` or a
            // database's JSON export leaves them): read as that collection.
            var probe = document.elements(root)
            if let first = probe.next(), document.member(first, "type").flatMap(document.string) != "Feature" {
                throw .invalidGeoJSON(path: path, reason: "the top level is an array whose first item is not a Feature"
                                      + " (\(String(document.text(first).prefix(60)))): GeoJSON is a FeatureCollection, a Feature or a geometry")
            }
            features = document.elements(root)
        } else if root.kind != .object {
            throw .invalidGeoJSON(path: path, reason: "the top level is not an object")
        } else if document.isSequence {
            // One Feature a line; a line that is no Feature is a rejected row, as in a collection.
            sequence = document.topLevel()
        } else if type == "Feature" {
            single = root
        } else if let type, GeoJSONFeature.geometryTypes.contains(type) {
            // A GeoJSON text may be a geometry alone (RFC 7946 §3: PostGIS's ST_AsGeoJSON,
            // geojson.io's "save geometry"): one feature without properties.
            single = root
            singleIsGeometry = true
        } else if type == "FeatureCollection", let list = document.member(root, "features"), list.kind == .array {
            features = document.elements(list)
        } else {
            throw .invalidGeoJSON(path: path, reason: "\"type\" is \(type.map { "\"\($0)\"" } ?? "missing"), expected \"FeatureCollection\" with \"features\"")
        }
        let named = document.member(root, "crs").map { $0.kind != .null } ?? false
        namesItsSystem = named
        crs = try Self.crs(document, root, path: path)
        exactTimes = document.member(root, "generator").flatMap(document.string) == "pinmap"
        if let s = single, !singleIsGeometry {
            isTakeout = TakeoutFeature.isTakeoutDocument(document, [s])
        } else if let all = sequence {
            isTakeout = TakeoutFeature.isTakeoutDocument(document, IteratorSequence(all))
        } else if let all = features {
            isTakeout = TakeoutFeature.isTakeoutDocument(document, IteratorSequence(all))
        } else {
            isTakeout = false
        }
    }

    mutating func next() -> RowOutcome? {
        while true {
            if let outcome = current.next(document) { return outcome }
            let value: JSONDocument.Value
            var alone = false
            if let s = single {
                value = s
                single = nil
                alone = singleIsGeometry
            } else if let v = features?.next() {
                value = v
            } else if let v = sequence?.next() {
                // A FeatureCollection in a sequence (collections written one after another)
                // gives its features; a geometry alone is a feature without properties, as a
                // document that is one (RFC 8142's texts are any GeoJSON texts).
                let type = document.member(v, "type").flatMap(document.string)
                if type == "FeatureCollection", let list = document.member(v, "features"), list.kind == .array {
                    features = document.elements(list)
                    continue
                }
                value = v
                alone = type.map(GeoJSONFeature.geometryTypes.contains) ?? false
            } else {
                return nil
            }
            index += 1
            currentValue = value
            if isTakeout {
                current = GeoJSONFeature.Pins([TakeoutFeature.read(document, value, index: index)])
            } else {
                current = GeoJSONFeature.read(document, value, index: index, crs: crs, exactTimes: exactTimes,
                                              geometryAlone: alone, skips: &skips)
            }
        }
    }

    var notes: [ImportNote] { skips.notes }

    /// A rejected feature's JSON text, as written, in the rejects file's `geojson` column: a
    /// user can mend it there and import it again; the file kept only its number and reason.
    var sourceColumn: String? { "geojson" }
    var lastSource: String? { currentValue.map { String(decoding: document.bytes[$0.start..<$0.end], as: UTF8.self) } }

    /// The `crs` member's system (`{"type": "name", "properties": {"name": …}}`); nil for
    /// none or WGS84 longitude, latitude. ESRI's and old GDAL's codes for Web
    /// Mercator (900913, 102100, 102113, 3785), which PROJ's database lacks, read as EPSG:3857.
    private static func crs(_ doc: JSONDocument, _ root: JSONDocument.Value, path: String) throws(ImportError) -> CoordinateSystem? {
        var definition: String? = nil
        if let crs = doc.member(root, "crs"), crs.kind != .null {
            let name = doc.member(crs, "properties").flatMap { doc.member($0, "name") }.flatMap(doc.string) ?? doc.text(crs)
            let code = name.split(whereSeparator: { $0 == ":" || $0 == "/" }).last.map(String.init) ?? ""
            definition = ["900913", "102100", "102113", "3785"].contains(code) ? "EPSG:3857" : name
        }
        guard let definition else { return nil }
        return try CoordinateSystem.forImport(definition, source: .geoJSONMember, path: path)
    }
}
