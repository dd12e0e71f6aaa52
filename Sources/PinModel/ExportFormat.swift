/// The formats `pinmap export` and the Settings tab write (`PinExport` in PinStore).
public enum ExportFormat: String, Sendable, CaseIterable {
    case csv, geojson, gpx, kml

    /// The usual file extension.
    public var fileExtension: String { rawValue }
}
