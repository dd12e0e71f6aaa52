/// A remark of the importer on a whole file (`skipped 2 routes`), with its values. The UI words
/// it in its language (PinmapCore's string tables); `description` is the command line's English,
/// which `pinmap import` prints and `--json` lists under `notes`.
public enum ImportNote: Sendable, Equatable, Encodable, CustomStringConvertible {
    /// The file has a header but no row after it.
    case noDataRows
    /// Not a single pin was written (a real import, not a dry run).
    case nothingImported
    /// `--dry-run`: the store was left alone.
    case dryRun
    /// `count` things of a kind the importer does not read (not points), left out.
    case skipped(count: Int, SkippedThing)
    /// A GeoPackage table whose geometry is not points; `features` is its row count (nil when
    /// it could not be counted).
    case skippedTable(table: String, geometry: String, features: Int?)
    /// `--crs` was given but did not apply, and why.
    case crsNotUsed(crs: String, because: CRSNotUsed)
    /// External entities of an XML file, never read: up to 5 `references` (`&name;`), and how
    /// many there were in all.
    case externalEntities(references: [String], count: Int)
    /// A Shapefile without its `.dbf`: points without attributes.
    case noAttributeTable
    /// A zip holding several Shapefiles, every one read, layer after layer (their entry names):
    /// their pins' categories, where a pin has none of its own, are these names.
    case shapefilesRead(names: [String])
    /// Attribute values of a Shapefile that the `.dbf`'s `encoding` could not decode.
    case undecodableAttributes(count: Int, encoding: String)
    /// KML `<NetworkLink>`s: their places are in the files they link to, never fetched (Google
    /// My Maps exports only one when "Keep data up to date" is ticked). Up to 3 `links` (the
    /// `href`s), and how many there were in all.
    case networkLinks(links: [String], count: Int)
    /// CSV lines above the header that are no header (a report's title), skipped: the header's
    /// line and the skipped lines' text (`TitleLines`).
    case skippedBeforeHeader(headerLine: Int, lines: [String])

    /// Why `--crs` did not apply.
    public enum CRSNotUsed: Sendable, Equatable {
        /// The format (`GPX`, `KML`, …) is WGS84 longitude, latitude by definition.
        case wgs84Format(String)
        /// A GeoJSON file without a `crs` member: RFC 7946 positions are WGS84.
        case geoJSONPositions
        /// The file names its own coordinate reference system.
        case fileNamesItsOwn
    }

    /// The command line's sentence (English, its plurals right).
    public var description: String {
        switch self {
        case .noDataRows: return "the file has no data rows"
        case .nothingImported: return "nothing was imported; the store is unchanged"
        case .dryRun: return "dry run: nothing was written to the store"
        case let .skipped(count, thing): return "skipped \(count) \(thing.phrase(count: count))"
        case let .skippedTable(table, geometry, features):
            return "skipped table \(table): \(geometry) geometry (\(features.map(String.init) ?? "?") feature\(features == 1 ? "" : "s")); Pinmap reads points"
        case let .crsNotUsed(crs, because):
            switch because {
            case .wgs84Format(let format): return "--crs \(crs) not used: \(format) coordinates are WGS84 longitude, latitude by definition"
            case .geoJSONPositions:
                return "--crs \(crs) not used: GeoJSON positions are WGS84 longitude, latitude (RFC 7946); only a \"crs\" member in the file names another system"
            case .fileNamesItsOwn: return "--crs \(crs) not used: the file names its own coordinate reference system"
            }
        case let .externalEntities(references, count):
            let one = count == 1
            let names = references.joined(separator: ", ") + (count > references.count ? " and \(count - references.count) more" : "")
            return "the external entit\(one ? "y" : "ies") \(names) \(one ? "names a file" : "name files") outside this one, never read: \(one ? "its" : "their") references were left out"
        case .noAttributeTable: return "no .dbf: points imported without attributes"
        case let .shapefilesRead(names):
            return "read the zip's \(names.count) Shapefiles, one after the other: \(names.joined(separator: ", ")) (a pin without a category takes its file's name)"
        case let .undecodableAttributes(count, encoding):
            return "\(count) attribute value\(count == 1 ? " was" : "s were") not valid \(encoding) and left out"
        case let .skippedBeforeHeader(headerLine, lines):
            let one = lines.count == 1
            return "the header is line \(headerLine): the \(lines.count) line\(one ? "" : "s") above it ("
                + lines.map { "\"\($0)\"" }.joined(separator: ", ") + ") \(one ? "was" : "were") skipped as a title"
        case let .networkLinks(links, count):
            let one = count == 1
            let listed = links.joined(separator: ", ") + (count > links.count ? " and \(count - links.count) more" : "")
            return "the file holds \(count) network link\(one ? "" : "s") (\(listed)): \(one ? "its" : "their") places are in the linked "
                + "file\(one ? "" : "s"), which Pinmap does not fetch; download \(one ? "it" : "them") and import \(one ? "it" : "them") "
                + "(from Google My Maps, export to KML without \"Keep data up to date\")"
        }
    }

    /// `--json` lists a note as its sentence.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A kind of thing the importer skips (it reads points), with the geometry type where the
/// file names one (`Polygon`, `LineString`, `gx:Track`).
public enum SkippedThing: Sendable, Equatable {
    case route, track
    case featureWithNullGeometry, featureWithEmptyGeometry
    case featureWithGeometry(String)
    case placemarkWithGeometry(String), placemarkWithOnlyAddress, placemarkWithoutGeometry
    case multiGeometryPart(String), collectionPart(String)
    case nullShape, shape(String)

    /// The English noun phrase for `count` of them: `route`, `routes`,
    /// `placemarks with Polygon geometry`.
    public func phrase(count: Int) -> String {
        let one = count == 1
        switch self {
        case .route: return one ? "route" : "routes"
        case .track: return one ? "track" : "tracks"
        case .featureWithNullGeometry: return one ? "feature with null geometry" : "features with null geometry"
        case .featureWithEmptyGeometry: return one ? "feature with empty geometry" : "features with empty geometry"
        case .featureWithGeometry(let t): return one ? "feature with \(t) geometry" : "features with \(t) geometry"
        case .placemarkWithGeometry(let t): return one ? "placemark with \(t) geometry" : "placemarks with \(t) geometry"
        case .placemarkWithOnlyAddress:
            return one ? "placemark with only an address (no geometry)" : "placemarks with only an address (no geometry)"
        case .placemarkWithoutGeometry: return one ? "placemark without geometry" : "placemarks without geometry"
        case .multiGeometryPart(let t): return one ? "\(t) part of a MultiGeometry placemark" : "\(t) parts of MultiGeometry placemarks"
        case .collectionPart(let t): return one ? "\(t) geometry inside a GeometryCollection" : "\(t) geometries inside GeometryCollections"
        case .nullShape: return one ? "null shape" : "null shapes"
        case .shape(let t): return one ? "\(t) shape" : "\(t) shapes"
        }
    }
}

/// How many things of one kind were skipped: `2 line shapes skipped` for the command line
/// (`description`); the UI words it from the values.
public struct SkippedCount: Sendable, Equatable, CustomStringConvertible {
    public var count: Int
    public var thing: SkippedThing

    public init(_ count: Int, _ thing: SkippedThing) {
        self.count = count; self.thing = thing
    }

    public var description: String { "\(count) \(thing.phrase(count: count)) skipped" }
}
