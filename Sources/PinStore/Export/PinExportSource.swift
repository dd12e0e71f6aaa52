/// Pins read one at a time, in the order a reader was opened with, so an export of a million
/// pins never holds them all (`PinCursor` on a file, a server-side cursor on PostgreSQL).
public protocol PinReader: AnyObject {
    /// The next pin, or nil after the last. - Throws: `StoreError` from the store.
    func next() throws(StoreError) -> Pin?
}

/// What the exporters read from a store: every pin (by id, or by category then id for KML's
/// folders) and the property keys. A file store and a server are exported by the same
/// writers (`exportText`, `GeoPackageExport`), so both give the same output for the same pins.
public protocol PinExportSource {
    /// Every property key of the stored pins, in first-seen order (pins by id, keys in each
    /// pin's order): the extra columns of a CSV export.
    /// - Throws: `StoreError` from the store.
    func propertyKeys() throws(StoreError) -> [String]

    /// A reader of every pin in id order, or grouped by category (compared byte by byte,
    /// then id) when `byCategory`.
    /// - Throws: `StoreError` from the store.
    func exportReader(byCategory: Bool) throws(StoreError) -> any PinReader
}

extension PinCursor: PinReader {}

extension Store: PinExportSource {
    public func exportReader(byCategory: Bool) throws(StoreError) -> any PinReader {
        try pinCursor(byCategory: byCategory)
    }
}

extension PinExportSource {
    /// Writes every pin in `format` (see `PinExport`, `GPXExport`, `KMLExport`), streamed:
    /// `write` gets the text piece by piece (a header, one record per pin, a footer), so a
    /// million pins are never all in memory. CSV and GeoJSON list the pins in id order, GPX
    /// too; KML groups them by category.
    /// - Returns: how many pins were written.
    /// - Throws: `StoreError` from the store, or what `write` throws; the output is then partial.
    @discardableResult
    public func exportText(_ format: ExportFormat, write: (String) throws -> Void) throws -> Int {
        let reader = try PropertyReader()
        let cursor = try exportReader(byCategory: format == .kml)
        var count = 0
        switch format {
        case .csv:
            let keys = try propertyKeys()
            try write(PinExport.csvHeader(propertyKeys: keys))
            while let pin = try cursor.next() {
                let entries = keys.isEmpty ? [] : try reader.entries(pin.properties)
                try write(PinExport.csvRecord(pin, propertyKeys: keys, properties: entries))
                count += 1
            }
        case .geojson:
            try write(PinExport.geoJSONHeader)
            while let pin = try cursor.next() {
                try write((count == 0 ? "" : PinExport.geoJSONSeparator) + PinExport.geoJSONFeature(pin))
                count += 1
            }
            try write(PinExport.geoJSONFooter)
        case .gpx:
            try write(GPXExport.header())
            while let pin = try cursor.next() {
                try write(GPXExport.waypoint(pin, properties: try reader.entries(pin.properties)))
                count += 1
            }
            try write(GPXExport.footer)
        case .kml:
            var kml = KMLExport()
            try write(KMLExport.header())
            while let pin = try cursor.next() {
                try write(kml.placemark(pin, properties: try reader.entries(pin.properties)))
                count += 1
            }
            try write(kml.footer())
        case .gpkg:
            throw StoreError("a GeoPackage is a database file, not text: use exportGeoPackage(to:)")
        }
        return count
    }
}
