import XCTest
@testable import PinStore

/// The `properties` column (migration 5): stored JSON, search over its values (FTS5 and the
/// scan), and the export writers.
final class PropertiesStoreTests: XCTestCase {
    @discardableResult
    private func paris(_ store: Store) throws -> Int64 {
        try store.insert(NewPin(title: "Paris", category: "city", latitude: 48.8566, longitude: 2.3522,
                                createdAt: "2024-05-28T18:42:08Z", properties: #"{"name_ko":"파리","country":"France","pop":2148000}"#))
    }

    func testPropertiesAreStoredAndReadBackInOrder() throws {
        let store = try Store.inMemory()
        let id = try paris(store)
        let pin = try XCTUnwrap(try store.pin(id: id))
        XCTAssertEqual(pin.properties, #"{"name_ko":"파리","country":"France","pop":2148000}"#)
        XCTAssertEqual(PinProperties.entries(pin.properties), [
            .init(key: "name_ko", value: "파리"), .init(key: "country", value: "France"),
            .init(key: "pop", value: "2148000", isString: false)])
        XCTAssertEqual(try store.pin(id: try store.insert(NewPin(title: "Plain", latitude: 1, longitude: 2)))?.properties, "{}")
        XCTAssertEqual(PinProperties.members(#" { "a" : 1 } "#), #""a" : 1"#)
    }

    func testTheStoreRefusesPropertiesThatAreNotJSON() throws {
        let store = try Store.inMemory()
        XCTAssertThrowsError(try store.insert(NewPin(title: "Bad", latitude: 1, longitude: 2, properties: "{not json")))
        XCTAssertEqual(try store.count(), 0)
    }

    func testSearchFindsPropertyValuesButNotKeys() throws {
        let store = try Store.inMemory()
        let id = try paris(store)
        try store.insert(NewPin(title: "Lyon", latitude: 45.76, longitude: 4.83))
        XCTAssertEqual(try store.pins(matching: PinQuery(search: "파리")).map(\.id), [id])      // 2 letters: the scan
        XCTAssertEqual(try store.pins(matching: PinQuery(search: "fra")).map(\.id), [id])       // the trigram index
        XCTAssertEqual(try store.pins(matching: PinQuery(search: "FRANCE")).map(\.id), [id])
        XCTAssertEqual(try store.pins(matching: PinQuery(search: "2148000")).map(\.id), [id])
        XCTAssertEqual(try store.pins(matching: PinQuery(search: "country")).map(\.id), [])
        XCTAssertEqual(try store.pins(matching: PinQuery(search: "name_ko")).map(\.id), [])
        // Edits and deletes keep the index right.
        try store.db.execute(#"UPDATE pins SET properties = '{"name_ko":"빠리"}' WHERE id = \#(id)"#)
        XCTAssertEqual(try store.pins(matching: PinQuery(search: "France")).map(\.id), [])
        XCTAssertEqual(try store.pins(matching: PinQuery(search: "빠리")).map(\.id), [id])
        try store.delete(id: id)
        XCTAssertEqual(try store.pins(matching: PinQuery(search: "빠리")).count, 0)
        try store.db.execute("INSERT INTO pins_fts(pins_fts) VALUES ('integrity-check')")
    }

    func testBulkInsertedPropertiesAreSearchableBeforeAndAfterIndexing() throws {
        let store = try Store.inMemory()
        try store.beginBulkInsert()
        let writer = try PinBulkWriter(store: store, batchID: nil)
        _ = try writer.write([
            .init(title: "Tokyo", description: "", category: "", createdAt: "", latitude: 35.68, longitude: 139.65,
                  properties: #"{"name_ko":"도쿄도청"}"#),
            .init(title: "Osaka", description: "", category: "", createdAt: "", latitude: 34.69, longitude: 135.5),
        ])
        XCTAssertEqual(try store.pins(matching: PinQuery(search: "도쿄도")).map(\.title), ["Tokyo"])  // scan of the backlog
        try store.endBulkInsert()
        XCTAssertEqual(try store.pins(matching: PinQuery(search: "도쿄도")).map(\.title), ["Tokyo"])  // the index
        XCTAssertEqual(try store.pins().map(\.properties).sorted(), [#"{"name_ko":"도쿄도청"}"#, "{}"])
        try store.rebuildSearchIndex()
        XCTAssertEqual(try store.pins(matching: PinQuery(search: "도쿄도")).map(\.title), ["Tokyo"])
    }

    func testRestoreAfterDeleteKeepsProperties() throws {
        let store = try Store.inMemory()
        let id = try paris(store)
        let deleted = try XCTUnwrap(try store.deleteForUndo(id: id))
        try store.restore(deleted)
        XCTAssertEqual(try store.pin(id: id)?.properties, #"{"name_ko":"파리","country":"France","pop":2148000}"#)
    }

    private func exported(_ store: Store, _ format: ExportFormat) throws -> String {
        var out = ""
        try store.export(format) { out += $0 }
        return out
    }

    func testCSVExportWritesThePropertyColumnsInFirstSeenOrder() throws {
        let store = try Store.inMemory()
        try paris(store)
        try store.insert(NewPin(title: "Bern", latitude: 46.95, longitude: 7.45, createdAt: "2024-01-01",
                                properties: #"{"country":"Switzerland","canton":"BE, Bern"}"#))
        XCTAssertEqual(try exported(store, .csv), """
            title,description,category,latitude,longitude,created_at,name_ko,country,pop,canton\r
            Paris,,city,48.8566,2.3522,2024-05-28T18:42:08Z,파리,France,2148000,\r
            Bern,,,46.95,7.45,2024-01-01,,Switzerland,,"BE, Bern"\r

            """)
    }

    /// A number property keeps its text in every text export and in `entries` (what `show`
    /// and the detail page list): `json_each` alone made `0.10` `0.1` and a 20-digit integer
    /// `1.23456789012346e+19`.
    func testNumberPropertiesKeepTheirTextInTextExports() throws {
        let store = try Store.inMemory()
        let json = #"{"n":0.10,"big":12345678901234567890,"e":-1E+5,"s":"0.10","t":true,"a":[1,"x"]}"#
        try store.insert(NewPin(title: "N", latitude: 1, longitude: 2, createdAt: "2024-01-01T00:00:00Z", properties: json))
        XCTAssertEqual(PinProperties.entries(json), [
            .init(key: "n", value: "0.10", isString: false), .init(key: "big", value: "12345678901234567890", isString: false),
            .init(key: "e", value: "-1E+5", isString: false), .init(key: "s", value: "0.10"),
            .init(key: "t", value: "true", isString: false), .init(key: "a", value: #"[1,"x"]"#, isString: false)])
        XCTAssertEqual(try exported(store, .csv), """
            title,description,category,latitude,longitude,created_at,n,big,e,s,t,a\r
            N,,,1.0,2.0,2024-01-01T00:00:00Z,0.10,12345678901234567890,-1E+5,0.10,true,"[1,""x""]"\r

            """)
        let gpx = try exported(store, .gpx)
        XCTAssertEqual(gpx.split(separator: "\n").filter { $0.contains("<pinmap:") }.map { $0.trimmingCharacters(in: .whitespaces) }, [
            "<pinmap:n>0.10</pinmap:n>", "<pinmap:big>12345678901234567890</pinmap:big>", "<pinmap:e>-1E+5</pinmap:e>",
            "<pinmap:s>0.10</pinmap:s>", "<pinmap:t>true</pinmap:t>", #"<pinmap:a>[1,"x"]</pinmap:a>"#])
    }

    func testGeoJSONExportWritesPropertiesWithTheirJSONValues() throws {
        let store = try Store.inMemory()
        try paris(store)
        XCTAssertEqual(try exported(store, .geojson), """
            {"type":"FeatureCollection","generator":"pinmap","features":[
            {"type":"Feature","id":1,"geometry":{"type":"Point","coordinates":[2.3522,48.8566]},"properties":{"title":"Paris","description":"","category":"city","created_at":"2024-05-28T18:42:08Z","name_ko":"파리","country":"France","pop":2148000}}
            ]}

            """)
    }

    func testGPXExportUsesTheStandardElementsAndPinmapsExtension() throws {
        let store = try Store.inMemory()
        try paris(store)
        try store.insert(NewPin(title: "A & <B>", description: "line\r\nnext", latitude: 1e-7, longitude: 180,
                                createdAt: "2024-01-01", properties: #"{"Google Maps URL":"https://maps.google.com/?q=1,2"}"#))
        XCTAssertEqual(try exported(store, .gpx), """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Pinmap" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:pinmap="https://pinmap.example/gpx/1" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
              <wpt lat="48.8566" lon="2.3522">
                <time>2024-05-28T18:42:08Z</time>
                <name>Paris</name>
                <type>city</type>
                <extensions>
                  <pinmap:name_ko>파리</pinmap:name_ko>
                  <pinmap:country>France</pinmap:country>
                  <pinmap:pop>2148000</pinmap:pop>
                </extensions>
              </wpt>
              <wpt lat="0.0000001" lon="-180.0">
                <name>A &amp; &lt;B&gt;</name>
                <desc>line&#13;
            next</desc>
                <extensions>
                  <pinmap:created_at>2024-01-01</pinmap:created_at>
                  <pinmap:property name="Google Maps URL">https://maps.google.com/?q=1,2</pinmap:property>
                </extensions>
              </wpt>
            </gpx>

            """)
    }

    /// Properties named as GPX's own waypoint elements, as the GPX reader names them (`ele`,
    /// `cmt`, `link` with `link_text`, `sym`, `sat`, …), are written as those elements, in the
    /// schema's order: a Garmin or OsmAnd waypoint went back to the device with its elevation,
    /// symbol and comment under Pinmap's extensions, which it ignores. Only while they lead the
    /// properties in that order and fit their types: after a `city`, or from an `ele` that is no
    /// decimal, everything stays an extension (a re-import then lists them in their order); a
    /// `cmt` without a description too (the reader would take it for the description).
    func testGPXPropertiesNamedAsGPXElementsAreThoseElements() throws {
        let store = try Store.inMemory()
        try store.insert(NewPin(title: "Summit", description: "top", category: "peak", latitude: 37.5, longitude: 127,
                                createdAt: "2024-01-01T00:00:00Z", properties: #"""
            {"ele":"305.5","magvar":"3","cmt":"windy","src":"GPS","link":"https://x.example/1","link_text":"Trail","sym":"Summit","fix":"3d","sat":"7","hdop":"1.2","color":"#ff0000","sym (2)":"Flag"}
            """#))
        try store.insert(NewPin(title: "Order", latitude: 1, longitude: 2, createdAt: "2024-01-01T00:00:00Z",
                                properties: #"{"cmt":"no desc","city":"Seoul","ele":12}"#))
        try store.insert(NewPin(title: "Words", latitude: 3, longitude: 4, createdAt: "2024-01-01T00:00:00Z",
                                properties: #"{"ele":"about 30 m","sym":"Flag","link_text":"alone"}"#))
        try store.insert(NewPin(title: "Text", latitude: 5, longitude: 6, createdAt: "2024-01-01T00:00:00Z",
                                properties: #"{"ele":-3,"link_text":"no link","magvar":"400"}"#))
        XCTAssertEqual(try exported(store, .gpx), """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Pinmap" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:pinmap="https://pinmap.example/gpx/1" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
              <wpt lat="37.5" lon="127.0">
                <ele>305.5</ele>
                <time>2024-01-01T00:00:00Z</time>
                <magvar>3</magvar>
                <name>Summit</name>
                <cmt>windy</cmt>
                <desc>top</desc>
                <src>GPS</src>
                <link href="https://x.example/1">
                  <text>Trail</text>
                </link>
                <sym>Summit</sym>
                <type>peak</type>
                <fix>3d</fix>
                <sat>7</sat>
                <hdop>1.2</hdop>
                <extensions>
                  <pinmap:color>#ff0000</pinmap:color>
                  <pinmap:property name="sym (2)">Flag</pinmap:property>
                </extensions>
              </wpt>
              <wpt lat="1.0" lon="2.0">
                <time>2024-01-01T00:00:00Z</time>
                <name>Order</name>
                <extensions>
                  <pinmap:cmt>no desc</pinmap:cmt>
                  <pinmap:city>Seoul</pinmap:city>
                  <pinmap:ele>12</pinmap:ele>
                </extensions>
              </wpt>
              <wpt lat="3.0" lon="4.0">
                <time>2024-01-01T00:00:00Z</time>
                <name>Words</name>
                <extensions>
                  <pinmap:ele>about 30 m</pinmap:ele>
                  <pinmap:sym>Flag</pinmap:sym>
                  <pinmap:link_text>alone</pinmap:link_text>
                </extensions>
              </wpt>
              <wpt lat="5.0" lon="6.0">
                <ele>-3</ele>
                <time>2024-01-01T00:00:00Z</time>
                <name>Text</name>
                <extensions>
                  <pinmap:link_text>no link</pinmap:link_text>
                  <pinmap:magvar>400</pinmap:magvar>
                </extensions>
              </wpt>
            </gpx>

            """)
    }

    /// Properties the KML reader makes of KML's own parts go back to them: leading `address`,
    /// `phoneNumber`, `Snippet` as elements, a last `color` (before a last `ele`) as the icon
    /// colour, a last `ele` as the altitude; all were `ExtendedData`, so Google Earth drew the
    /// default icon. Elsewhere in the list, or with values that would not read back as
    /// written (`#FF0000`, an altitude of 0), they stay `Data`.
    func testKMLPropertiesNamedAsKMLPartsAreThoseParts() throws {
        let store = try Store.inMemory()
        try store.insert(NewPin(title: "Cafe", latitude: 37.5, longitude: 127, createdAt: "2024-01-01T00:00:00Z",
                                properties: ##"{"address":"1 Main St","Snippet":"open late","k":"v","color":"#ff8000","ele":"35.5"}"##))
        try store.insert(NewPin(title: "Kept", latitude: 1, longitude: 2, createdAt: "2024-01-01T00:00:00Z",
                                properties: ##"{"k":"v","Snippet":"s","color":"#FF0000","ele":"0"}"##))
        XCTAssertEqual(try exported(store, .kml), """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2" xmlns:pinmap="https://pinmap.example/gpx/1">
              <Document>
                <name>Pinmap</name>
                <Placemark>
                  <name>Cafe</name>
                  <address>1 Main St</address>
                  <Snippet>open late</Snippet>
                  <TimeStamp>
                    <when>2024-01-01T00:00:00Z</when>
                  </TimeStamp>
                  <Style>
                    <IconStyle>
                      <color>ff0080ff</color>
                    </IconStyle>
                  </Style>
                  <ExtendedData>
                    <Data name="k">
                      <value>v</value>
                    </Data>
                  </ExtendedData>
                  <Point>
                    <coordinates>127.0,37.5,35.5</coordinates>
                  </Point>
                </Placemark>
                <Placemark>
                  <name>Kept</name>
                  <TimeStamp>
                    <when>2024-01-01T00:00:00Z</when>
                  </TimeStamp>
                  <ExtendedData>
                    <Data name="k">
                      <value>v</value>
                    </Data>
                    <Data name="Snippet">
                      <value>s</value>
                    </Data>
                    <Data name="color">
                      <value>#FF0000</value>
                    </Data>
                    <Data name="ele">
                      <value>0</value>
                    </Data>
                  </ExtendedData>
                  <Point>
                    <coordinates>2.0,1.0</coordinates>
                  </Point>
                </Placemark>
              </Document>
            </kml>

            """)
    }

    func testKMLExportHasOneFolderPerCategory() throws {
        let store = try Store.inMemory()
        try paris(store)
        try store.insert(NewPin(title: "Loose", latitude: 1, longitude: 2, createdAt: "2020-02-02T02:02:02Z"))
        XCTAssertEqual(try exported(store, .kml), """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2" xmlns:pinmap="https://pinmap.example/gpx/1">
              <Document>
                <name>Pinmap</name>
                <Placemark>
                  <name>Loose</name>
                  <TimeStamp>
                    <when>2020-02-02T02:02:02Z</when>
                  </TimeStamp>
                  <Point>
                    <coordinates>2.0,1.0</coordinates>
                  </Point>
                </Placemark>
                <Folder>
                  <name>city</name>
                  <Placemark>
                    <name>Paris</name>
                    <TimeStamp>
                      <when>2024-05-28T18:42:08Z</when>
                    </TimeStamp>
                    <ExtendedData>
                      <Data name="name_ko">
                        <value>파리</value>
                      </Data>
                      <Data name="country">
                        <value>France</value>
                      </Data>
                      <Data name="pop">
                        <value>2148000</value>
                      </Data>
                    </ExtendedData>
                    <Point>
                      <coordinates>2.3522,48.8566</coordinates>
                    </Point>
                  </Placemark>
                </Folder>
              </Document>
            </kml>

            """)
    }

    func testXMLDecimalsHaveNoExponent() {
        XCTAssertEqual(XMLWriter.decimal(1e-7), "0.0000001")
        XCTAssertEqual(XMLWriter.decimal(-1.5e-8), "-0.000000015")
        XCTAssertEqual(XMLWriter.decimal(.leastNonzeroMagnitude), "0")
        XCTAssertEqual(XMLWriter.decimal(-1.2345678901234567e-12), "-0.00000000000123457")
        XCTAssertEqual(XMLWriter.decimal(37.53650000000001), "37.53650000000001")
        XCTAssertEqual(XMLWriter.decimal(37.5365), "37.5365")
        XCTAssertEqual(XMLWriter.decimal(1e16), "10000000000000000")
    }
}
