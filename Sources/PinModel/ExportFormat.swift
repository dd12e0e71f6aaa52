/// The formats `pinmap export` and the Settings tab write (`PinExport` in PinStore).
public enum ExportFormat: String, Sendable, CaseIterable {
    case csv, geojson, gpx, kml
    /// A GeoPackage (OGC): a SQLite file, written by `PinRepository.exportGeoPackage(to:)`.
    case gpkg

    /// The usual file extension.
    public var fileExtension: String { rawValue }

    /// Whether the format is a database file written in place rather than text streamed
    /// through `PinRepository.export(_:write:)`.
    public var isDatabaseFile: Bool { self == .gpkg }
}
