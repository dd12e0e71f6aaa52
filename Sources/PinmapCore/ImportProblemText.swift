import PinModel

/// The importer's typed problems (coordinate reference system, GeoPackage, Shapefile) in the
/// UI's language; a library's own message (PROJ's, SQLite's) stays verbatim, quoted.
enum ImportProblemText {
    /// `unknown coordinate reference system "EPSG:99999": …`, after where it was named.
    static func text(_ problem: CoordinateSystemProblem, source: CoordinateSystemSource?) -> String {
        let where_ = source.map { self.text($0) + ": " } ?? ""
        switch problem {
        case .projUnavailable: return where_ + S.crsProjUnavailable.text
        case let .unknown(definition, cause, missingDatabase):
            return where_ + S.crsUnknown(definition, text(cause)) + (missingDatabase ? S.crsNoDatabase.text : "")
        case .undefinedCartesian(let table): return where_ + S.crsUndefinedCartesian(table)
        }
    }

    static func text(_ cause: CoordinateSystemProblem.Cause) -> String {
        switch cause {
        case .empty: return S.crsEmpty.text
        case .notADefinition: return S.crsNotADefinition.text
        case .unreadable(let proj): return S.crsUnreadable(proj)
        case .operation: return S.crsOperation.text
        case .noWGS84: return S.crsNoWGS84.text
        case .noOperation(let proj): return S.crsNoOperation(proj)
        case .axisOrder(let proj): return S.crsAxisOrder(proj)
        }
    }

    /// `--crs`, `.prj` and `"crs"` are what the file or command says; a GeoPackage table is worded.
    static func text(_ source: CoordinateSystemSource) -> String {
        switch source {
        case .option: return "--crs"
        case .prj: return ".prj"
        case .geoJSONMember: return "\"crs\""
        case let .geoPackageTable(table, srs): return S.crsSourceTable(table, srs)
        }
    }

    static func text(_ problem: GeoPackageProblem) -> String {
        switch problem {
        case .pinmapStore: return S.gpkgPinmapStore.text
        case .noContentsTable(let id): return S.gpkgNoContents(id)
        case let .missingGeometryColumn(table, column): return S.gpkgNoGeometryColumn(table, column)
        case let .missingSpatialReference(table, srs): return S.gpkgNoSpatialReference(table, srs)
        case let .sqlite(table, detail): return table.map { S.gpkgSQLiteTable($0, detail) } ?? S.gpkgSQLite(detail)
        }
    }

    static func text(_ problem: ShapefileProblem) -> String {
        switch problem {
        case .tableWithoutShapes: return S.shpTableAlone.text
        case let .part(ext, shp): return S.shpPart(ext, shp)
        case .missingIndex(let shx): return S.shpMissingIndex(shx)
        case .damaged: return S.shpDamaged.text
        case .unknownCodePage(let page): return S.shpCodePage(page)
        }
    }
}
