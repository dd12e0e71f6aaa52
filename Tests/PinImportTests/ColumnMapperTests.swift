import XCTest
@testable import PinImport
import PinModel

final class ColumnMapperTests: XCTestCase {
    /// (headers, expected role → header)
    private let cases: [([String], [String: String], UInt)] = [
        (["latitude", "longitude", "name", "category"],
         ["latitude": "latitude", "longitude": "longitude", "name": "name", "category": "category"], #line),
        (["name", "lat", "lng"], ["name": "name", "latitude": "lat", "longitude": "lng"], #line),
        (["이름", "위도", "경도", "설명"], ["name": "이름", "latitude": "위도", "longitude": "경도", "description": "설명"], #line),
        (["名前", "緯度", "経度"], ["name": "名前", "latitude": "緯度", "longitude": "経度"], #line),
        (["label", "x", "y"], ["name": "label", "latitude": "y", "longitude": "x"], #line),
        (["  Title ", " LAT ", "Long", " NOTES ", "Type", "Created_At"],
         ["name": "Title", "latitude": "LAT", "longitude": "Long", "description": "NOTES",
          "category": "Type", "created": "Created_At"], #line),
        (["platform", "long_name", "title", "Lat", "LON"],
         ["name": "title", "latitude": "Lat", "longitude": "LON"], #line),
        (["WKT", "name", "description"], ["geometry": "WKT", "name": "name", "description": "description"], #line),
        (["geom", "title"], ["geometry": "geom", "name": "title"], #line),
        (["geometry", "name", "lat", "lon"], ["name": "name", "latitude": "lat", "longitude": "lon"], #line),
        (["\u{FEFF}latitude", "longitude", "name"], ["latitude": "latitude", "longitude": "longitude", "name": "name"], #line),
        (["Name", "Latitude", "Longitude", "Notes", "created at"],
         ["name": "Name", "latitude": "Latitude", "longitude": "Longitude", "description": "Notes", "created": "created at"], #line),
    ]

    func testAliasTable() throws {
        for (headers, expected, line) in cases {
            let mapping = try ColumnMapper.map(headers: headers)
            XCTAssertEqual(mapping.columnsUsed.byName, expected, "\(headers)", line: line)
        }
    }

    /// A header with a qualifier after its name (`Latitude (WGS84)`, `위도(WGS84)`, `lat [deg]`,
    /// `Lat.`, `Date (UTC)`) is recognised by the name (every such file was refused: "no
    /// coordinate columns"); an exact name elsewhere wins, and Korean public data's
    /// `좌표정보(X)` stays the exact alias it is.
    func testAQualifierAfterANameIsSetAside() throws {
        let cases: [([String], [String: String], UInt)] = [
            (["Name", "Latitude (WGS84)", "Longitude (WGS84)", "Date (UTC)"],
             ["name": "Name", "latitude": "Latitude (WGS84)", "longitude": "Longitude (WGS84)", "created": "Date (UTC)"], #line),
            (["이름", "위도(WGS84)", "경도(WGS84)"], ["name": "이름", "latitude": "위도(WGS84)", "longitude": "경도(WGS84)"], #line),
            (["Name (English)", "lat [deg]", "Long."], ["name": "Name (English)", "latitude": "lat [deg]", "longitude": "Long."], #line),
            (["lat (old)", "name", "lat", "lon"], ["name": "name", "latitude": "lat", "longitude": "lon"], #line),
            (["명칭", "좌표정보(X)", "좌표정보(Y)"], ["name": "명칭", "latitude": "좌표정보(Y)", "longitude": "좌표정보(X)"], #line),
        ]
        for (headers, expected, line) in cases {
            XCTAssertEqual(try ColumnMapper.map(headers: headers).columnsUsed.byName, expected, "\(headers)", line: line)
        }
        XCTAssertThrowsError(try ColumnMapper.map(headers: ["name", "(lat)", "()"])) { error in
            XCTAssertEqual(error as? ColumnMappingError, .noCoordinateColumns(headersFound: ["name", "(lat)", "()"]))
        }
        XCTAssertEqual([ColumnRole.isDegreeName("Latitude (WGS84)"), ColumnRole.isDegreeName("좌표정보(X)")], [true, false])
    }

    /// overpass turbo's CSV marks an element's own fields with `@` (`@id`, `@lat`, `@lon`) and
    /// QGIS's "Add geometry attributes" names its columns `xcoord`/`ycoord`: every such file was
    /// refused ("no coordinate columns"). `@lat` is `lat` once the mark is set aside (a degree
    /// name), `@(lat)` too; `xcoord`/`ycoord` are projected names, as `x`/`y`; a lone `@` is no name.
    func testOverpassMarksAndQGISCoordinateNames() throws {
        XCTAssertEqual(try ColumnMapper.map(headers: ["@id", "@lat", "@lon", "name", "amenity"]).columnsUsed.byName,
                       ["name": "name", "latitude": "@lat", "longitude": "@lon"])
        XCTAssertEqual(try ColumnMapper.map(headers: ["name", "xcoord", "ycoord"]).columnsUsed.byName,
                       ["name": "name", "latitude": "ycoord", "longitude": "xcoord"])
        XCTAssertEqual([ColumnRole.unqualified("@lat"), ColumnRole.unqualified("@latitude (wgs84)"), ColumnRole.unqualified("@"),
                        ColumnRole.unqualified("lat")], ["lat", "latitude", nil, nil])
        XCTAssertEqual([ColumnRole.isDegreeName("@lat"), ColumnRole.isDegreeName("xcoord")], [true, false])
    }

    /// One column holding both coordinates, latitude first, as Google Maps copies them
    /// (`Coordinates`, `좌표`, `lat/lng`, or `--lat C --lon C`): such files were refused ("no
    /// coordinate columns"). A latitude/longitude pair wins.
    func testOneColumnHoldingBothCoordinates() throws {
        XCTAssertEqual(try ColumnMapper.map(headers: ["name", "Coordinates"]).coordinates, .combined(1))
        XCTAssertEqual(try ColumnMapper.map(headers: ["이름", "좌표 (WGS84)"]).columnsUsed.byName,
                       ["name": "이름", "latitude": "좌표 (WGS84)", "longitude": "좌표 (WGS84)"])
        XCTAssertEqual(try ColumnMapper.map(headers: ["name", "coordinates", "lat", "lon"]).coordinates, .pair(latitude: 2, longitude: 3))
        XCTAssertEqual(try ColumnMapper.map(headers: ["name", "where"], overrides: ColumnOverrides(latitude: "where", longitude: "where")).coordinates,
                       .combined(1))
        XCTAssertEqual(try ColumnMapper.map(headers: ["name", "Coordinates", "x1"]).propertyColumns, [2])
        let split = ["37.5665, 126.9780", " 37,5 ; 126,9 ", "37.5 126.9", "37°33′59″N, 126°58′40″E", "37.5", "1, 2, 3", "a b", ""]
        XCTAssertEqual(split.map { RowValidator.split($0).map { "\($0.0)|\($0.1)" } ?? "none" },
                       ["37.5665|126.9780", "37,5|126,9", "37.5|126.9", "37°33′59″N|126°58′40″E", "none", "none", "none", "none"])
    }

    func testColumnOrderNeverMatters() throws {
        let a = try ColumnMapper.map(headers: ["name", "lat", "lon"])
        let b = try ColumnMapper.map(headers: ["lon", "name", "lat"])
        XCTAssertEqual(a.columnsUsed, b.columnsUsed)
        XCTAssertEqual(b.coordinates, .pair(latitude: 2, longitude: 0))
        XCTAssertEqual(b.title, 1)
    }

    func testOverridesWinAndAcceptColumnNumbers() throws {
        let headers = ["label", "lat", "lon", "lat_fixed", "lon_fixed"]
        let m = try ColumnMapper.map(headers: headers, overrides: ColumnOverrides(latitude: "LAT_FIXED", longitude: " lon_fixed ", title: "label"))
        XCTAssertEqual(m.coordinates, .pair(latitude: 3, longitude: 4))
        XCTAssertEqual(m.title, 0)
        let byNumber = try ColumnMapper.map(headers: ["a", "b", "c"], overrides: ColumnOverrides(latitude: "2", longitude: "3", title: "1"))
        XCTAssertEqual(byNumber.coordinates, .pair(latitude: 1, longitude: 2))
        XCTAssertEqual(byNumber.title, 0)
    }

    func testNoCoordinateColumnsListsHeadersAndAcceptedNames() {
        XCTAssertThrowsError(try ColumnMapper.map(headers: ["name", "address", "city"])) { error in
            guard let e = error as? ColumnMappingError else { return XCTFail("\(error)") }
            XCTAssertEqual(e, .noCoordinateColumns(headersFound: ["name", "address", "city"]))
            let text = e.description
            for word in ["\"name\"", "\"address\"", "\"city\"", "\"latitude\"", "\"lat\"", "\"lng\"", "\"위도\"", "\"WKT\"".lowercased()] {
                XCTAssertTrue(text.contains(word), "message lacks \(word): \(text)")
            }
        }
    }

    func testPlatformIsNotLatitude() {
        XCTAssertThrowsError(try ColumnMapper.map(headers: ["title", "platform", "long_name", "address"])) { error in
            XCTAssertEqual(error as? ColumnMappingError, .noCoordinateColumns(headersFound: ["title", "platform", "long_name", "address"]))
        }
    }

    func testHalfAPairNamesTheMissingColumn() {
        XCTAssertThrowsError(try ColumnMapper.map(headers: ["name", "lat", "elevation"])) { error in
            XCTAssertEqual(error as? ColumnMappingError,
                           .missingCoordinateColumn(found: "lat", missingRole: .longitude, headersFound: ["name", "lat", "elevation"]))
        }
    }

    func testMissingNameAndUnknownOverride() {
        XCTAssertThrowsError(try ColumnMapper.map(headers: ["lat", "lon", "elevation"])) { error in
            XCTAssertEqual(error as? ColumnMappingError, .noTitleColumn(headersFound: ["lat", "lon", "elevation"]))
        }
        XCTAssertThrowsError(try ColumnMapper.map(headers: ["name", "lat", "lon"], overrides: ColumnOverrides(latitude: "northing"))) { error in
            XCTAssertEqual(error as? ColumnMappingError, .unknownColumn(option: .latitude, name: "northing", headersFound: ["name", "lat", "lon"]))
        }
    }
    /// The lists of a column error are cut between whole names, with one "…" and a count, so
    /// the message fits the CLI's bound and is never cut inside a name (`"緯度…ngengrad"`).
    static let latitudes = #""latitude", "lat", "y", "lat_dd", "latitude_dd", "decimallatitude", "decimal latitude", "latitud", "latitudine", "breitengrad", "breite", "위도", "緯度", "纬度", "northing", "north", "point_y", "ycoord", "y좌표", "y 좌표", "좌표정보(y)", "좌표(y)""#
    static let longitudes = #""longitude", "lon", "lng", "long", "x", "lon_dd", "longitude_dd", "decimallongitude", "decimal longitude", "longitud", "longitudine", "längengrad", "laengengrad", "länge", "경도", "経度", "經度", "经度", "easting", "east", "point_x", "xcoord", "x좌표", "x 좌표", "좌표정보(x)", "좌표(x)""#

    /// A Google Takeout saved list (`Title,Note,URL,Tags,Comment`, no coordinates) is named as
    /// such, with what to import instead; it got the generic list of accepted headers.
    func testATakeoutSavedListIsNamed() {
        XCTAssertEqual(ColumnMappingError.noCoordinateColumns(headersFound: ["Title", "Note", "URL", "Tags", "Comment"]).description, """
            no coordinate columns: this is a Google Takeout saved list (headers "Title", "Note", "URL", "Tags", "Comment"), \
            whose rows hold a place's name and link but no coordinates. Import Takeout's "Saved Places.json" (starred places, \
            with coordinates), or open the list in Google My Maps and export it as KML.
            """)
        XCTAssertEqual(ColumnMappingError.noCoordinateColumns(headersFound: ["Title", "Note", "URL", "City"]).description.prefix(48),
                       "no coordinate columns. Headers found: \"Title\", \"")
    }

    func testColumnErrorListsEndCleanly() {
        XCTAssertEqual(ColumnMappingError.noCoordinateColumns(headersFound: ["foo", "bar", "baz"]).description, """
            no coordinate columns. Headers found: "foo", "bar", "baz". Accepted latitude headers: \(Self.latitudes); \
            longitude: \(Self.longitudes); or one geometry column holding POINT (lon lat): "wkt", "geometry", "geom", \
            "the_geom", "wkt_geom"; or one "LAT, LON" column: "coordinates", "좌표" … (18 more). Name the columns with \
            --lat COL --lon COL, or a WKT column with --wkt COL.
            """)
        let many = (1...40).map { "column number \($0)" }
        XCTAssertEqual(ColumnMappingError.unknownColumn(option: .title, name: "x", headersFound: many).description,
                       #"no column "x" for name. Headers found: "column number 1", "column number 2", "column number 3", "column number 4", "column number 5", "column number 6" … (34 more)."#)
    }
}
