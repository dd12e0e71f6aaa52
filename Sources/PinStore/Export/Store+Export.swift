extension Store {
    /// Writes every pin in `format` (see `PinExport`, `GPXExport`, `KMLExport`), streamed:
    /// `write` gets the text piece by piece (a header, one record per pin, a footer), so a
    /// million pins are never all in memory. CSV and GeoJSON list the pins in id order, GPX
    /// too; KML groups them by category.
    /// - Returns: how many pins were written.
    /// - Throws: `StoreError` from SQLite, or what `write` throws; the output is then partial.
    @discardableResult
    public func export(_ format: ExportFormat, write: (String) throws -> Void) throws -> Int {
        let reader = try PropertyReader()
        let cursor = try pinCursor(byCategory: format == .kml)
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

    /// Writes every pin as a GeoPackage at `path` (`GeoPackageExport`); returns the pins written.
    /// - Throws: `StoreError`; `path` is then as it was.
    public func exportGeoPackage(to path: String) throws -> Int {
        try GeoPackageExport.write(self, to: path).pins
    }
}
