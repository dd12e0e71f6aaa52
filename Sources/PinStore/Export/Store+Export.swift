extension Store {
    /// Writes every pin in `format`, streamed (`PinExportSource.exportText`).
    /// - Returns: how many pins were written.
    /// - Throws: `StoreError` from SQLite, or what `write` throws; the output is then partial.
    @discardableResult
    public func export(_ format: ExportFormat, write: (String) throws -> Void) throws -> Int {
        try exportText(format, write: write)
    }

    /// Writes every pin as a GeoPackage at `path` (`GeoPackageExport`); returns the pins written.
    /// - Throws: `StoreError`; `path` is then as it was.
    public func exportGeoPackage(to path: String) throws -> Int {
        try GeoPackageExport.write(self, to: path).pins
    }
}
