import PinModel

extension CoordinateSystem {
    /// The system a file's coordinates are in, for a reader: nil when it is WGS84 longitude,
    /// latitude (nothing to transform). One value per reader: PROJ contexts are not shared
    /// between threads.
    /// - Parameters:
    ///   - definition: what the file or `--crs` says (`EPSG:5186`, a WKT).
    ///   - source: where it was said, prefixing the error (`--crs`, `.prj`, `"crs"`; nil for none).
    /// - Throws: `ImportError.coordinateSystem` naming `path`, `source` and the definition when
    ///   PROJ cannot resolve it.
    static func forImport(_ definition: String, source: CoordinateSystemSource?, path: String) throws(ImportError) -> CoordinateSystem? {
        do {
            let system = try CoordinateSystem(definition)
            return system.isWGS84 ? nil : system
        } catch {
            throw .coordinateSystem(path: path, source: source, error.problem)
        }
    }
}
