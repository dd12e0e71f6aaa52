import PinModel

// The command line's English for the importer's typed problems (the UI words the same
// values in its own tables: PinmapCore's ImportFailure).

extension CoordinateSystemProblem {
    /// `unknown coordinate reference system "EPSG:99999": …`.
    public var sentence: String {
        switch self {
        case .projUnavailable: return "PROJ could not start (out of memory)"
        case .projMissing(let reason): return "coordinate systems need PROJ (Debian: libproj25): \(reason)"
        case let .unknown(definition, cause, missingDatabase):
            let hint = missingDatabase ? " (PROJ's database proj.db was not found: install proj-data, or set PROJ_DATA to its folder)" : ""
            return "unknown coordinate reference system \(definition): \(cause.sentence)" + hint
        case .undefinedCartesian(let table):
            return "table \(table) is in an undefined Cartesian system (srs_id -1): name it with --crs (\(ProjectedHint.examples))"
        }
    }
}

extension CoordinateSystemProblem.Cause {
    var sentence: String {
        switch self {
        case .empty: return "the definition is empty"
        case .notADefinition: return "not an AUTHORITY:CODE (EPSG:5186), a URN, a WKT or a PROJ string"
        case .unreadable(let proj): return proj
        case .operation: return "PROJ reads it as an operation, not a coordinate reference system"
        case .noWGS84: return "PROJ cannot load WGS84 (EPSG:4326)"
        case .noOperation(let proj): return "PROJ finds no operation to WGS84 (\(proj))"
        case .axisOrder(let proj): return "PROJ cannot order its axes as easting, northing (\(proj))"
        }
    }
}

extension CoordinateSystemSource {
    /// `--crs`, `.prj`, `"crs"`, `table roads, srs_id 5186`.
    public var sentence: String {
        switch self {
        case .option: return "--crs"
        case .prj: return ".prj"
        case .geoJSONMember: return "\"crs\""
        case let .geoPackageTable(table, srs): return "table \(table), srs_id \(srs)"
        }
    }

    /// What to do when the system named here cannot be used, for the end of the file's error;
    /// nil for `--crs` (refused before any file is read, with its own advice).
    public var remedy: String? {
        switch self {
        case .option: return nil
        case .prj: return "fix the .prj, or move it aside and name the system with --crs"
        case .geoJSONMember: return "fix the \"crs\" member, or remove it when the positions are WGS84 longitude, latitude"
        case .geoPackageTable: return "fix the table's row in gpkg_spatial_ref_sys, or assign the layer a known system (ogr2ogr -a_srs EPSG:…)"
        }
    }
}

extension GeoPackageProblem {
    public var sentence: String {
        switch self {
        case .pinmapStore: return "a Pinmap store, not a GeoPackage (merge stores by copying one into the other: pinmap copy --from OTHER --to STORE)"
        case .noContentsTable(let id): return "a SQLite database without the gpkg_contents table (application_id \(id))"
        case let .missingGeometryColumn(table, column): return "table \(table) has no column \(column)"
        case let .missingSpatialReference(table, srs): return "table \(table) names srs_id \(srs), which gpkg_spatial_ref_sys lacks"
        case let .sqlite(table, detail): return table.map { "table \($0): \(detail)" } ?? detail
        }
    }
}

extension ShapefileProblem {
    public var sentence: String {
        switch self {
        case .tableWithoutShapes:
            return "a dBASE table (.dbf) without its .shp: import the .shp next to it (the .dbf holds only a Shapefile's attributes)"
        case let .part(ext, shp): return "this is the .\(ext) part of a Shapefile; import its .shp instead: \(shp)"
        case .missingIndex(let shx): return "its index \(shx) is missing (a Shapefile is the .shp with its .shx and .dbf beside it)"
        case .damaged: return "shapelib cannot read its .shp or .shx (damaged or not a Shapefile)"
        case let .cutShort(declared, actual):
            return "its .shp is cut short: its header says \(declared) bytes, the file holds \(actual) (cut off in a copy or a download? copy it again)"
        case .unknownCodePage(let page): return "its .dbf code page \"\(page)\" is not one iconv knows"
        }
    }
}

extension StoreProblem {
    public var sentence: String {
        switch self {
        case .stopped: return "stopped before its commit: nothing was written"
        case let .stagingCopy(folder, detail): return "cannot make a staging copy in \(folder): \(detail)"
        case .failed(let error): return error.message
        }
    }
}

extension FileChange {
    public var sentence: String {
        "it changed while it was read (\(sizeAtStart) bytes at the start, \(sizeNow) now, \(bytesRead) read); "
            + "nothing was imported, import it again once it is complete"
    }
}
