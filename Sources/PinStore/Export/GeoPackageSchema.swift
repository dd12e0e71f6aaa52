/// The SQL of the GeoPackage `GeoPackageExport` writes: the core tables as OGC 12-128r18
/// (1.3) Annex C gives them, with the three required `gpkg_spatial_ref_sys` rows, and the
/// `pins` table with its R-tree (the spec's §F.3 triggers, which the GIS tools that edit
/// the file provide the `ST_*` functions for).
enum GeoPackageSchema {
    /// EPSG:4326 as GDAL and the spec's example write it.
    static let wgs84WKT = #"GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AXIS["Latitude",NORTH],AXIS["Longitude",EAST],AUTHORITY["EPSG","4326"]]"#

    static let core = """
        CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER NOT NULL PRIMARY KEY,
          organization TEXT NOT NULL, organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
        INSERT INTO gpkg_spatial_ref_sys VALUES
          ('Undefined Cartesian SRS', -1, 'NONE', -1, 'undefined', 'undefined Cartesian coordinate reference system'),
          ('Undefined geographic SRS', 0, 'NONE', 0, 'undefined', 'undefined geographic coordinate reference system'),
          ('WGS 84 geodetic', 4326, 'EPSG', 4326, '\(wgs84WKT)', 'longitude/latitude coordinates in decimal degrees on the WGS 84 spheroid');
        CREATE TABLE gpkg_contents (table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT UNIQUE,
          description TEXT DEFAULT '', last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER,
          CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id));
        CREATE TABLE gpkg_geometry_columns (table_name TEXT NOT NULL, column_name TEXT NOT NULL,
          geometry_type_name TEXT NOT NULL, srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
          CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name), CONSTRAINT uk_gc_table_name UNIQUE (table_name),
          CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
          CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys (srs_id));
        CREATE TABLE gpkg_extensions (table_name TEXT, column_name TEXT, extension_name TEXT NOT NULL,
          definition TEXT NOT NULL, scope TEXT NOT NULL, CONSTRAINT ge_tce UNIQUE (table_name, column_name, extension_name));
        """

    /// The `pins` table with `columns` (`"name" TYPE`) after the pin's own, registered as a
    /// POINT layer in EPSG:4326 described as `description` (bounds set when the pins are in),
    /// and its R-tree (its triggers come after the rows: `rtreeTriggers`).
    static func pinsTable(_ columns: [String], description: String) -> String {
        """
        CREATE TABLE pins (fid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, geom POINT, title TEXT NOT NULL,
          description TEXT, category TEXT, created_at TEXT\(columns.map { ", " + $0 }.joined()));
        INSERT INTO gpkg_contents (table_name, data_type, identifier, description, srs_id)
          VALUES ('pins', 'features', 'pins', '\(description.replacingOccurrences(of: "'", with: "''"))', 4326);
        INSERT INTO gpkg_geometry_columns VALUES ('pins', 'geom', 'POINT', 4326, 0, 0);
        CREATE VIRTUAL TABLE rtree_pins_geom USING rtree(id, minx, maxx, miny, maxy);
        INSERT INTO gpkg_extensions VALUES ('pins', 'geom', 'gpkg_rtree_index', 'http://www.geopackage.org/spec120/#extension_rtree', 'write-only');
        """
    }

    /// The schema extension's tables (§F.9), where a JSON property column is marked
    /// `application/json`.
    static let dataColumns = """
        CREATE TABLE gpkg_data_columns (table_name TEXT NOT NULL, column_name TEXT NOT NULL, name TEXT, title TEXT,
          description TEXT, mime_type TEXT, constraint_name TEXT,
          CONSTRAINT pk_gdc PRIMARY KEY (table_name, column_name), CONSTRAINT gdc_tn UNIQUE (table_name, name));
        CREATE TABLE gpkg_data_column_constraints (constraint_name TEXT NOT NULL, constraint_type TEXT NOT NULL,
          value TEXT, min NUMERIC, min_is_inclusive BOOLEAN, max NUMERIC, max_is_inclusive BOOLEAN, description TEXT,
          CONSTRAINT gdcc_ntv UNIQUE (constraint_name, constraint_type, value));
        INSERT INTO gpkg_extensions VALUES
          ('gpkg_data_columns', NULL, 'gpkg_schema', 'http://www.geopackage.org/spec/#extension_schema', 'read-write'),
          ('gpkg_data_column_constraints', NULL, 'gpkg_schema', 'http://www.geopackage.org/spec/#extension_schema', 'read-write');
        """

    /// The triggers that keep `rtree_pins_geom` current when a GIS tool edits `pins`. Created
    /// after the export's rows (it fills the R-tree itself): SQLite alone lacks their `ST_*`
    /// functions, which GDAL and QGIS provide.
    static let rtreeTriggers = """
        CREATE TRIGGER rtree_pins_geom_insert AFTER INSERT ON pins WHEN (new.geom NOT NULL AND NOT ST_IsEmpty(NEW.geom))
        BEGIN INSERT OR REPLACE INTO rtree_pins_geom VALUES (NEW.fid, ST_MinX(NEW.geom), ST_MaxX(NEW.geom), ST_MinY(NEW.geom), ST_MaxY(NEW.geom)); END;
        CREATE TRIGGER rtree_pins_geom_update1 AFTER UPDATE OF geom ON pins WHEN OLD.fid = NEW.fid AND (NEW.geom NOTNULL AND NOT ST_IsEmpty(NEW.geom))
        BEGIN INSERT OR REPLACE INTO rtree_pins_geom VALUES (NEW.fid, ST_MinX(NEW.geom), ST_MaxX(NEW.geom), ST_MinY(NEW.geom), ST_MaxY(NEW.geom)); END;
        CREATE TRIGGER rtree_pins_geom_update2 AFTER UPDATE OF geom ON pins WHEN OLD.fid = NEW.fid AND (NEW.geom ISNULL OR ST_IsEmpty(NEW.geom))
        BEGIN DELETE FROM rtree_pins_geom WHERE id = OLD.fid; END;
        CREATE TRIGGER rtree_pins_geom_update3 AFTER UPDATE ON pins WHEN OLD.fid != NEW.fid AND (NEW.geom NOTNULL AND NOT ST_IsEmpty(NEW.geom))
        BEGIN DELETE FROM rtree_pins_geom WHERE id = OLD.fid;
          INSERT OR REPLACE INTO rtree_pins_geom VALUES (NEW.fid, ST_MinX(NEW.geom), ST_MaxX(NEW.geom), ST_MinY(NEW.geom), ST_MaxY(NEW.geom)); END;
        CREATE TRIGGER rtree_pins_geom_update4 AFTER UPDATE ON pins WHEN OLD.fid != NEW.fid AND (NEW.geom ISNULL OR ST_IsEmpty(NEW.geom))
        BEGIN DELETE FROM rtree_pins_geom WHERE id IN (OLD.fid, NEW.fid); END;
        CREATE TRIGGER rtree_pins_geom_delete AFTER DELETE ON pins WHEN old.geom NOT NULL
        BEGIN DELETE FROM rtree_pins_geom WHERE id = OLD.fid; END;
        """
}
