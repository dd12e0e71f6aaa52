import Foundation
import XCTest
@testable import PinImport
import PinModel
import PinStore

/// The GPX, KML, KMZ, Takeout and GeoJSON readers, rule by rule (Tests/PinmapCLITests/Fixtures/formats/MAPPING.md), on the public
/// cases (copied into PinmapCLITests/Fixtures/formats) and on one small file per rule of our own.
final class FormatReaderTests: XCTestCase {
    struct Read {
        var format: PinFileScanner.Format
        var pins: [ParsedPin]
        var rejected: [[RowIssue]]
        var notes: [String]
        func pin(_ title: String) -> ParsedPin? { pins.first { $0.title == title } }
    }

    /// Scans `path` to the end, notes included.
    func read(_ path: String) throws -> Read {
        var scanner = try PinFileScanner.open(path: path)
        var r = Read(format: scanner.format, pins: [], rejected: [], notes: [])
        while let event = try scanner.next() {
            switch event {
            case .pin(let p): r.pins.append(p)
            case .rejected(let issues, _): r.rejected.append(issues)
            }
        }
        r.notes = scanner.notes.map(\.description)
        return r
    }

    func own(_ name: String) -> String { Fixture.path("formats-own/\(name)") }

    /// A public case: `Tests/PinmapCLITests/Fixtures/formats/NAME`.
    func publicCase(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PinmapCLITests/Fixtures/formats/\(name)").path
    }

    // MARK: GPX

    func testGPX11WaypointsBecomePinsTracksAndRoutesAreCounted() throws {
        let r = try read(publicCase("gpx11_waypoints_track.gpx"))
        XCTAssertEqual(r.format, .gpx)
        XCTAssertEqual(r.pins.map(\.title), ["Bastei Bridge", "Felsenburg Neurathen", "Rathen ferry"])
        let b = try XCTUnwrap(r.pin("Bastei Bridge"))
        XCTAssertEqual([b.description, b.category, b.createdAt],
                       ["Sandstone bridge high above the Elbe", "Viewpoint", "2023-06-10T08:15:00Z"])
        XCTAssertEqual(b.latitude, 50.962139)
        XCTAssertEqual(b.longitude, 14.073889)
        XCTAssertEqual(b.properties, #"{"ele":"305","link":"https://en.wikipedia.org/wiki/Bastei","link_text":"Wikipedia","sym":"Scenic Area"}"#)
        XCTAssertEqual(r.notes, ["skipped 1 route", "skipped 1 track"])
    }

    func testGPXCmtIsTheDescriptionOnlyWithoutDesc() throws {
        let r = try read(publicCase("gpx_cmt_no_desc.gpx"))
        XCTAssertEqual(r.pin("Tegelberghaus")?.description, "Berggasthof an der Bergstation der Tegelbergbahn")
        let s = try XCTUnwrap(r.pin("Schloss Neuschwanstein"))
        XCTAssertEqual(s.description, "Ticket-Center in Hohenschwangau")
        XCTAssertEqual(s.properties, #"{"cmt":"Tickets vorher online reservieren"}"#)
    }

    func testGPX10UrlTypeVerbatimAndTimeInUTC() throws {
        let r = try read(own("gpx10-no-desc.gpx"))
        let p = try XCTUnwrap(r.pins.first)
        XCTAssertEqual(r.pins.count, 1)
        XCTAssertEqual([p.title, p.description, p.category, p.createdAt],
                       ["Tour Eiffel", "Iron tower", "Food/Drink", "2021-07-14T10:30:00Z"])
        XCTAssertEqual(p.properties, #"{"ele":"35","url":"https://www.toureiffel.paris","urlname":"Official site","sym":"Flag"}"#)
    }

    func testGPXWithoutNamespaceWithBOMAndCRLFSkipsNamedRouteAndTrackPoints() throws {
        let r = try read(own("gpx-no-namespace-bom-crlf.gpx"))
        XCTAssertEqual(r.pins.map(\.title), ["Opera House"])
        XCTAssertEqual(r.pins.first?.description, "Sails")
        XCTAssertEqual(r.notes, ["skipped 2 routes", "skipped 1 track"])
    }

    func testGPXUndeclaredPrefixDoesNotStopTheImport() throws {
        let r = try read(own("gpx-undeclared-prefix.gpx"))
        XCTAssertEqual(r.pins.map(\.title), ["Brandenburger Tor", "Reichstag"])
        XCTAssertEqual(r.pins[0].properties, ##"{"color":"#ff0000","icon":"special_star"}"##)
        XCTAssertEqual(r.pins[1].properties, ##"{"color":"#00ff00","DisplayMode":"SymbolAndName","Category":"Sights"}"##)
    }

    func testPinmapsOwnExportExtensionsComeBackExactly() throws {
        let g = try XCTUnwrap(try read(own("gpx-pinmap-export.gpx")).pins.first)
        XCTAssertEqual(g.createdAt, "2023-03-18T14:10:00+09:00", "pinmap:created_at wins over <time>, as written")
        XCTAssertEqual(g.properties, #"{"name_ko":"서울시청","Google Maps URL":"http://maps.google.com/?cid=1"}"#)
        let k = try XCTUnwrap(try read(own("kml-pinmap-export.kml")).pins.first)
        XCTAssertEqual(k.createdAt, "2023-03-18")
        XCTAssertEqual(k.properties, #"{"name_ko":"서울시청"}"#)
    }

    /// An XML file in a legacy encoding is reported in the encoding its declaration names,
    /// which libxml2 decodes it by (an EUC-KR GPX was reported as "Windows-1252", the CSV
    /// detector's guess, though its names were read right); UTF-8 and UTF-16 as detected.
    func testXMLEncodingIsTheDeclaredOne() throws {
        func scanned(_ bytes: [UInt8]) throws -> String {
            var scanner = try PinFileScanner.open(path: try temporaryFile(bytes, suffix: ".gpx"))
            var titles: [String] = []
            while let e = try scanner.next() { if case let .pin(p) = e { titles.append(p.title) } }
            return "\(scanner.encodingLabel): \(titles.joined(separator: ", "))"
        }
        func gpx(_ declaration: String, _ name: [UInt8]) -> [UInt8] {
            Array((declaration + #"<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="37.1" lon="127.1"><name>"#).utf8)
                + name + Array("</name></wpt></gpx>\n".utf8)
        }
        let euckr: [UInt8] = [0xB0, 0xE6, 0xBA, 0xB9, 0xB1, 0xC3]  // 경복궁
        XCTAssertEqual(try scanned(gpx(#"<?xml version="1.0" encoding="EUC-KR"?>"# + "\n", euckr)), "EUC-KR: 경복궁")
        XCTAssertEqual(try scanned(gpx("<?xml version='1.0' encoding='ISO-8859-1' ?>\n", [0x43, 0x61, 0x66, 0xE9])), "ISO-8859-1: Café")
        XCTAssertEqual(try scanned(gpx(#"<?xml version="1.0" encoding="UTF-8"?>"#, Array("경복궁".utf8))), "UTF-8: 경복궁")
        XCTAssertEqual(try scanned([0xEF, 0xBB, 0xBF] + gpx(#"<?xml version="1.0" encoding="ISO-8859-1"?>"#, Array("A".utf8))), "UTF-8 with BOM: A")
    }

    /// UTF-8 bytes under a declaration naming a legacy encoding (tools that write a fixed
    /// `encoding="ISO-8859-1"`) are read as UTF-8: libxml2 read each character as two or
    /// three (`Café 경복궁` was stored as `CafÃ© ê²½ë³µê¶\u{81}`). ASCII-only text keeps its
    /// declaration (nothing to tell), and positions in errors stay where they were.
    func testUTF8UnderALegacyDeclarationIsReadAsUTF8() throws {
        let declared = #"<?xml version="1.0" encoding="ISO-8859-1"?>"# + "\n"
        let body = #"<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="48.1" lon="11.5"><name>Café 경복궁</name></wpt></gpx>"#
        var scanner = try PinFileScanner.open(path: try temporaryFile(Array((declared + body + "\n").utf8), suffix: ".gpx"))
        var titles: [String] = []
        while let e = try scanner.next() { if case let .pin(p) = e { titles.append(p.title) } }
        XCTAssertEqual("\(scanner.encodingLabel): \(titles)", #"UTF-8: ["Café 경복궁"]"#)
        let cut = try temporaryFile(Array((declared + "<gpx>\n<wpt lat=\"1\" lon=\"2\"><name>é</nam></wpt></gpx>\n").utf8), suffix: ".gpx")
        XCTAssertThrowsError(try read(cut)) { error in
            guard case let .malformedXML(_, line, column, _)? = error as? ImportError else { return XCTFail("\(error)") }
            XCTAssertEqual([line, column], [3, 35])
        }
    }

    func testMalformedGPXIsRefusedWithTheLine() {
        XCTAssertThrowsError(try read(own("gpx-malformed.gpx"))) { error in
            guard case let .malformedXML(_, line, _, reason)? = error as? ImportError else { return XCTFail("\(error)") }
            XCTAssertEqual(line, 5)
            XCTAssertEqual(reason.sentence, "an end tag does not match its start tag (a tag left open?)")
            XCTAssertTrue("\(error)".contains("malformed XML at line 5, column"), "\(error)")
        }
    }

    /// Fuzz case-10259: `encoding="UTF-8-"` and a truncated file. Stopping libxml2 from its
    /// error callback crashed the parser thread (SIGSEGV); the file is refused instead.
    /// FoundationXML traps on a processing instruction without data or with a damaged target:
    /// they are blanked before it parses (XMLInputGuard), text in CDATA is kept.
    func testProcessingInstructionsNeverCrash() throws {
        let r = try read(own("gpx-processing-instructions.gpx"))
        XCTAssertEqual(r.pins.map(\.title), ["a <?x?> b"])
        XCTAssertEqual([r.pins[0].latitude, r.pins[0].longitude], [1, 2])
        XCTAssertThrowsError(try read(own("gpx-damaged-declaration.gpx"))) { error in
            guard case .malformedXML? = error as? ImportError else { return XCTFail("\(error)") }
        }
    }

    /// Bytes that are not UTF-8 in a document meant as UTF-8 are refused with their place,
    /// before FoundationXML (which traps on them) sees them.
    func testBytesThatAreNotUTF8AreRefusedWithTheirPlace() {
        XCTAssertThrowsError(try read(own("gpx-not-utf8.gpx"))) { error in
            guard case let .malformedXML(_, line, column, reason)? = error as? ImportError else { return XCTFail("\(error)") }
            XCTAssertEqual([line, column], [3, 31])
            XCTAssertEqual(reason.sentence, "bytes that are not UTF-8: declare the file's encoding in <?xml … encoding=\"…\"?>, save it as UTF-8, or name its encoding with pinmap import --encoding")
        }
    }

    /// GeoJSON times go to UTC (MAPPING.md §0), except in Pinmap's own export
    /// (`"generator": "pinmap"`), which keeps the text so a pin stays on its local day.
    func testGeoJSONTimesInUTCExceptInPinmapsOwnExport() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pm-gj-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let feature = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[127,37.5]},"properties":{"title":"a","created_at":"2025-04-12T08:30:00+09:00"}}"#
        let other = dir.appendingPathComponent("other.geojson"), own = dir.appendingPathComponent("own.geojson")
        try #"{"type":"FeatureCollection","features":[\#(feature)]}"#.write(to: other, atomically: true, encoding: .utf8)
        try #"{"type":"FeatureCollection","generator":"pinmap","features":[\#(feature)]}"#.write(to: own, atomically: true, encoding: .utf8)
        XCTAssertEqual(try read(other.path).pins.map(\.createdAt), ["2025-04-11T23:30:00Z"])
        XCTAssertEqual(try read(own.path).pins.map(\.createdAt), ["2025-04-12T08:30:00+09:00"])
    }

    /// UTF-16 XML is read (transcoded to UTF-8 first, so the guard sees its `<?foo?>`).
    func testUTF16GPXIsReadAndItsProcessingInstructionsNeverCrash() throws {
        let r = try read(own("gpx-utf16le.gpx"))
        XCTAssertEqual(r.pins.map(\.title), ["서울 UTF-16"])
        XCTAssertEqual([r.pins[0].latitude, r.pins[0].longitude], [37.5, 127])
    }

    /// Damaged XML declarations (fuzz cases) are blanked: the file is read or refused, never a crash.
    func testDamagedDeclarationsNeverCrash() {
        for name in ["gpx-declaration-line-break.gpx", "gpx-declaration-unclosed.gpx", "gpx-declaration-odd-attribute.gpx"] {
            XCTAssertThrowsError(try read(own(name)), name) { error in
                guard case .malformedXML? = error as? ImportError else { return XCTFail("\(name): \(error)") }
            }
        }
    }

    func testUnknownEncodingIsRefusedWithoutACrash() {
        XCTAssertThrowsError(try read(own("gpx-unknown-encoding-truncated.gpx"))) { error in
            guard case let .malformedXML(_, line, column, reason)? = error as? ImportError else { return XCTFail("\(error)") }
            XCTAssertEqual([line, column], [2, 50], "a damaged UTF name (UTF-8-): its bytes are checked as UTF-8")
            XCTAssertEqual(reason.sentence, "bytes that are not UTF-8: declare the file's encoding in <?xml … encoding=\"…\"?>, save it as UTF-8, or name its encoding with pinmap import --encoding")
        }
    }

    /// A GPX whose XML breaks after several batches of waypoints (they stream to the importer
    /// while the file is parsed): the import fails and its transaction leaves nothing.
    func testMalformedGPXAfterManyWaypointsStoresNothing() throws {
        var text = #"<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">"# + "\n"
        for i in 0..<3000 { text += #"<wpt lat="\#(Double(i) / 100)" lon="1"><name>W\#(i)</name></wpt>"# + "\n" }
        text += "<wpt lat=\"1\" lon=\"2\"><name>broken</wpt>\n</gpx>\n"
        let path = try temporaryFile(Array(text.utf8), suffix: ".gpx")
        let store = try Store.inMemory()
        XCTAssertThrowsError(try Importer.run(path: path, store: store)) { error in
            guard case let .malformedXML(_, line, _, _)? = error as? ImportError else { return XCTFail("\(error)") }
            XCTAssertEqual(line, 3002)
        }
        XCTAssertEqual(try store.pins().count, 0)
        // A reader dropped after a few rows (the Import tab's preview) stops its parser.
        var scanner = try PinFileScanner.open(path: path)
        for _ in 0..<3 { _ = try scanner.next() }
        XCTAssertEqual(scanner.dataRows, 3)
    }

    // MARK: KML and KMZ

    func testKMLFoldersCDATAExtendedDataAndTime() throws {
        let r = try read(publicCase("kml_cdata_whitespace.kml"))
        XCTAssertEqual(r.format, .kml)
        let s = try XCTUnwrap(r.pin("Café Sperl"))
        XCTAssertEqual([s.description, s.category, s.createdAt], ["Classic coffee house since 1880", "Cafés", "2023-03-04T10:00:00Z"])
        XCTAssertEqual(s.properties, #"{"district":"6","wifi":"yes"}"#)
        XCTAssertEqual(r.pins.count, 3)
    }

    func testKMLStylesHTMLAndSkippedGeometry() throws {
        let r = try read(own("kml-styles-geometry.kml"))
        XCTAssertEqual(r.pins.map(\.title), ["Inline", "Red", "Blue via StyleMap"])
        // Inline style wins over styleUrl; aabbggrr → #rrggbb.
        XCTAssertEqual(r.pins[0].properties, ##"{"color":"#00ff00"}"##)
        XCTAssertEqual(r.pins[0].description, "<b>Bold</b> claim")
        XCTAssertEqual(r.pins[1].properties, ##"{"rating":"4","color":"#ff0000","ele":"35"}"##)
        XCTAssertEqual(r.pins[1].description, "Raw <b>bold</b> text<br/>next line")
        // A StyleMap's normal pair, pointing at a Style defined after the placemark.
        XCTAssertEqual(r.pins[2].properties, ##"{"color":"#0000ff"}"##)
        XCTAssertEqual(r.pins[2].description, "<i>escaped</i> html")
        XCTAssertEqual(r.pins.map(\.category), ["Museums", "Museums", "Inner"])
        XCTAssertEqual(r.pins[2].createdAt, "2022-05-01T08:00:00Z")
        XCTAssertEqual(r.notes, ["skipped 2 placemarks with Polygon geometry", "skipped 1 placemark with LineString geometry",
                                 "skipped 1 placemark with gx:Track geometry", "skipped 1 placemark with only an address (no geometry)"])
    }

    /// White space beside a comma inside `<coordinates>` (`127.0, 37.5`) is inside the tuple
    /// (the placemark was rejected); a refused tuple is quoted in the reason. A Point's tuples
    /// after its first are kept: the whole text goes to `properties.coordinates` (they were
    /// dropped without a word).
    func testKMLCoordinatesWithSpacesBesideCommas() throws {
        let path = try temporaryFile(Array("""
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document>
            <Placemark><name>Spaced</name>
            <Point><coordinates>
              127.0, 37.5 ,12  128,38
            </coordinates></Point></Placemark>
            <Placemark><Point><coordinates>126.5 ,37.25</coordinates></Point></Placemark>
            <Placemark><name>Plain</name><Point><coordinates>127.1,37.6,0 1,2</coordinates></Point></Placemark>
            <Placemark><name>Bad</name><Point><coordinates>127.2,  x</coordinates></Point></Placemark>
            </Document></kml>
            """.utf8), suffix: ".kml")
        let r = try read(path)
        XCTAssertEqual(r.pins.map { "\($0.title) \($0.latitude) \($0.longitude) \($0.properties)" }, [
            #"Spaced 37.5 127.0 {"ele":"12","coordinates":"127.0, 37.5 ,12  128,38"}"#, "37.25, 126.5 37.25 126.5 {}",
            #"Plain 37.6 127.1 {"coordinates":"127.1,37.6,0 1,2"}"#])
        XCTAssertEqual(r.rejected.flatMap { $0 }.map { "\($0.line) \($0.value) \($0.reason)" },
                       ["8 127.2,  x <coordinates> '127.2,  x' is not longitude,latitude[,altitude] numbers"])
    }

    /// A placemark's `TimeSpan` `begin` and `end` are kept as properties, as written (they were
    /// dropped: a date the user brought); created_at stays `TimeStamp/when`'s. A TimeSpan
    /// outside a placemark gives nothing.
    func testKMLTimeSpanIsKeptAsProperties() throws {
        let path = try temporaryFile(Array("""
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document><TimeSpan><begin>1999</begin></TimeSpan>
            <Placemark><name>Span</name><TimeSpan><begin>2024-01-01</begin><end>2024-01-05T10:00:00+09:00</end></TimeSpan>
            <TimeStamp><when>2023-02-03T04:05:06Z</when></TimeStamp><Point><coordinates>127,37.5</coordinates></Point></Placemark>
            <Placemark><name>Open</name><TimeSpan><end>2020-12</end></TimeSpan><Point><coordinates>127,37.6</coordinates></Point></Placemark>
            </Document></kml>
            """.utf8), suffix: ".kml")
        let r = try read(path)
        XCTAssertEqual(r.pins.map { "\($0.title) \($0.createdAt) \($0.properties)" }, [
            #"Span 2023-02-03T04:05:06Z {"begin":"2024-01-01","end":"2024-01-05T10:00:00+09:00"}"#,
            #"Open  {"end":"2020-12"}"#])
    }

    func testKMZReadsDocKMLDeflatedOrTheFirstKMLStored() throws {
        let basic = try read(publicCase("kmz_basic.kmz"))
        XCTAssertEqual(basic.format, .kmz)
        XCTAssertEqual(basic.pins.map(\.category), ["Miradouros", "Miradouros", "Miradouros"])
        XCTAssertEqual(basic.pin("Miradouro da Senhora do Monte")?.properties, #"{"rating":"5"}"#)
        let stored = try read(own("kmz-stored-not-first.kmz"))
        XCTAssertEqual(stored.pins.map(\.title), ["Inline", "Red", "Blue via StyleMap"])
    }

    func testKMZBombIsRefused() {
        XCTAssertThrowsError(try read(own("kmz-bomb.kmz"))) { error in
            guard case let .archive(_, reason)? = error as? ImportError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.hasPrefix("refused doc.kml: it would inflate to more than 256 MiB or more than 200 times"), reason)
        }
    }

    func testDamagedOrOversizedKMZIsRefusedWithAReason() throws {
        let stored = Array(try Data(contentsOf: URL(fileURLWithPath: own("kmz-stored-not-first.kmz"))))
        // Cut short: the end record is gone.
        let cut = try temporaryFile(Array(stored.prefix(200)), suffix: ".kmz")
        // An entry that claims 512 MiB (central directory: uncompressed size at +24).
        var big = stored
        let entries = (0..<(big.count - 4)).filter { big[$0..<($0 + 4)].elementsEqual([0x50, 0x4B, 0x01, 0x02]) }
        let places = try XCTUnwrap(entries.last)
        big.replaceSubrange((places + 24)..<(places + 28), with: [0, 0, 0, 0x20])
        let oversized = try temporaryFile(big, suffix: ".kmz")
        let cases: [(String, String, UInt)] = [
            (cut, "not a zip archive (no end of central directory record)", #line),
            (oversized, "refused places.kml: it would inflate to more than 256 MiB or more than 200 times its compressed size of 2184 bytes (a zip bomb?)", #line),
        ]
        for (path, reason, line) in cases {
            XCTAssertThrowsError(try read(path), line: line) { error in
                guard case let .archive(_, r)? = error as? ImportError else { return XCTFail("\(error)", line: line) }
                XCTAssertEqual(r, reason, line: line)
            }
        }
    }

    // MARK: Takeout

    func testTakeoutNewSchema() throws {
        let r = try read(publicCase("takeout_new_schema.json"))
        XCTAssertEqual(r.format, .takeout)
        let m = try XCTUnwrap(r.pin("St. Lawrence Market"))
        XCTAssertEqual([m.description, m.createdAt], ["93 Front St E, Toronto, ON M5E 1C3, Canada", "2024-03-02T15:04:11Z"])
        XCTAssertEqual(m.properties, #"{"google_maps_url":"http://maps.google.com/?cid=11205632883011297413","location":{"country_code":"CA"}}"#)
    }

    func testTakeoutOldSchemaWithStringCoordinates() throws {
        let r = try read(own("takeout-old-schema.json"))
        let e = try XCTUnwrap(r.pin("Eiger Nordwand"))
        XCTAssertEqual([e.description, e.createdAt], ["Grindelwald, Switzerland", "2016-08-01T10:00:00Z"])
        XCTAssertEqual(e.properties, #"{"Google Maps URL":"http://maps.google.com/?cid=1","Updated":"2016-08-02T10:00:00Z","Location":{"Business Name":"Eiger","Country Code":"CH"}}"#)
        let g = try XCTUnwrap(r.pin("Only geo coords"))
        XCTAssertEqual([g.latitude, g.longitude], [47.3769, 8.5417])
        XCTAssertEqual(g.createdAt, "2016-12-31T23:00:00Z")
    }

    func testTakeoutNullIslandIsRecoveredFromTheURLOrRejected() throws {
        let r = try read(own("takeout-null-island.json"))
        XCTAssertEqual(r.pins.map(\.title), ["Tokyo Tower", "Dropped pin"])
        XCTAssertEqual([r.pins[0].latitude, r.pins[0].longitude], [35.6586, 139.7454])
        XCTAssertEqual([r.pins[1].latitude, r.pins[1].longitude], [51.5007, -0.1246])
        XCTAssertEqual(r.rejected.map { $0[0].line }, [3, 4])
        XCTAssertEqual(r.rejected.map { $0[0].rule }, [.noCoordinates, .noCoordinates])
        XCTAssertTrue(r.rejected[0][0].reason.hasPrefix("no coordinates: the geometry is [0, 0]"), r.rejected[0][0].reason)
    }

    // MARK: GeoJSON

    /// A maps URL's coordinates: the query's, then the place's own `!3d…!4d…` (the `@…` view
    /// centre was taken before it, tens of metres off), then a dropped pin's `/search/LAT,LON`
    /// (it was not read), then `@LAT,LON`.
    func testTakeoutURLCoordinatesPreferThePlacesOwn() {
        let urls = [
            "http://maps.google.com/?q=37.5,127.01",
            "https://www.google.com/maps/place/Foo/@37.5,127.0,17z/data=!3m1!4b1!4m5!3m4!1s0x0:0x0!8m2!3d37.5012345!4d127.0034567",
            "https://www.google.com/maps/search/37.566535,+126.977969",
            "https://www.google.com/maps/search/37.566535,126.977969?entry=ttu",
            "https://www.google.com/maps/@37.4,126.9,15z",
            "http://maps.google.com/?cid=12345",
            "https://www.google.com/maps/search/Seoul+Station",
        ]
        XCTAssertEqual(urls.map { TakeoutFeature.fromURL($0).map { "\($0.latitude), \($0.longitude)" } ?? "none" }, [
            "37.5, 127.01", "37.5012345, 127.0034567", "37.566535, 126.977969", "37.566535, 126.977969",
            "37.4, 126.9", "none", "none"])
    }

    func testGeoJSONNullGeometryIsSkippedAndPropertiesKeepTheirJSONType() throws {
        let r = try read(publicCase("geojson_null_geometry.geojson"))
        XCTAssertEqual(r.format, .geoJSON)
        XCTAssertEqual(r.pins.count, 4)
        XCTAssertEqual(r.notes, ["skipped 1 feature with null geometry"])
        XCTAssertEqual(r.pin("Illegal logging site")?.properties, #"{"mapeo_id":"b2c3d4e5f6071829","observer":"Team B","photos":[],"count":12}"#)
    }

    func testGeoJSONMultiPointGeometryCollectionAltitudeAndExactNumbers() throws {
        let r = try read(own("geojson-multi.geojson"))
        XCTAssertEqual(r.pins.map(\.title), ["Pair", "Pair", "Collected"])
        XCTAssertEqual(r.pins[0].properties,
                       #"{"count":1,"ratio":0.10,"big":12345678901234567890,"ok":true,"tags":["a","b"],"nested":{"k":null},"ele":120.5,"id":7}"#)
        XCTAssertEqual([r.pins[1].latitude, r.pins[1].longitude], [51, 11])
        XCTAssertEqual(r.pins[2].properties, #"{"name":"alt name"}"#)
        XCTAssertEqual(r.pins[2].createdAt, "2024-05-28T18:42:08Z", "converted to UTC (MAPPING.md §0)")
        XCTAssertEqual(r.notes, ["skipped 1 LineString geometry inside a GeometryCollection", "skipped 2 features with null geometry"])
    }

    func testGeoJSONInWebMercatorIsReprojected() throws {
        let r = try read(own("geojson-3857-3d.geojson"))
        let p = try XCTUnwrap(r.pins.first)
        XCTAssertEqual(p.latitude, 40.7142, accuracy: 1e-9)
        XCTAssertEqual(p.longitude, -74.0064, accuracy: 1e-9)
        XCTAssertEqual(p.properties, #"{"ele":10}"#)
        XCTAssertEqual(r.notes, [])
        XCTAssertEqual(try PinFileScanner.open(path: own("geojson-3857-3d.geojson")).coordinateSystem,
                       "EPSG:3857, WGS 84 / Pseudo-Mercator", "PROJ reprojects it; the report names the system")
    }

    /// GeoJSON names are optional (a point drawn on geojson.io has no properties): a feature
    /// without a usable name is a pin titled by its position as written, as a GPX waypoint
    /// or KML placemark is; reprojected, in WGS84 degrees to 6 places. A blank `title` gives way
    /// to `name`.
    func testGeoJSONFeaturesWithoutANameAreTitledByTheirPosition() throws {
        func feature(_ coordinates: String, _ properties: String) -> String {
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":"# + coordinates + #"},"properties":"# + properties + "}"
        }
        let features = [feature("[127.0,37.50]", #"{"name":"Named"}"#), feature("[127.1,37.6]", "{}"),
                        feature("[127.2,37.7]", "null"), feature("[127.3,37.8]", #"{"name":"  ","kind":"bench"}"#),
                        feature("[1.5e2,-3.25E1]", #"{"title":"\u200b","name":7}"#)]
        let path = try temporaryFile(Array(#"{"type":"FeatureCollection","features":["#.utf8) + Array(features.joined(separator: ",").utf8) + Array("]}".utf8),
                                     suffix: ".geojson")
        let r = try read(path)
        XCTAssertEqual(r.rejected.count, 0)
        XCTAssertEqual(r.pins.map(\.title), ["Named", "37.6, 127.1", "37.7, 127.2", "37.8, 127.3", "7"])
        XCTAssertEqual(r.pins[3].properties, #"{"kind":"bench"}"#)
        XCTAssertEqual(r.pins[4].properties, #"{"title":"\u200b"}"#, "an unusable title beside a name stays a property")
        let mercator = try temporaryFile(Array(#"""
            {"type":"FeatureCollection","crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::3857"}},
             "features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[-8238310.24,4970071.58]},"properties":{}}]}
            """#.utf8), suffix: ".geojson")
        XCTAssertEqual(try read(mercator).pins.map(\.title), ["40.7128, -74.006"])
    }

    /// Newline-delimited GeoJSON (QGIS's and ogr2ogr's GeoJSONSeq, RFC 8142 with its record
    /// separators or without) is a collection of its lines' Features; it was refused
    /// ("unexpected text after the top-level value"), and one starting with a record separator
    /// was read as CSV. A line that is no Feature is a rejected row; two objects on one line
    /// are still an error.
    func testNewlineDelimitedGeoJSONIsASequenceOfFeatures() throws {
        func feature(_ name: String, _ coordinates: String) -> String {
            #"{"type":"Feature","properties":{"name":"\#(name)","n":1.50},"geometry":{"type":"Point","coordinates":\#(coordinates)}}"#
        }
        let plain = try temporaryFile(Array((feature("A", "[127.1,37.1]") + "\n" + feature("B", "[127.2,37.2]") + "\r\n"
                                             + #"{"type":"Nope"}"# + "\n\n" + feature("C", "[127.3,37.3]") + "\n").utf8), suffix: ".geojsonl")
        let r = try read(plain)
        XCTAssertEqual(r.format, .geoJSON)
        XCTAssertEqual(r.pins.map { "\($0.line) \($0.title) \($0.latitude) \($0.longitude) \($0.properties)" }, [
            #"1 A 37.1 127.1 {"n":1.50}"#, #"2 B 37.2 127.2 {"n":1.50}"#, #"4 C 37.3 127.3 {"n":1.50}"#])
        XCTAssertEqual(r.rejected.flatMap { $0 }.map { "\($0.line) \($0.reason)" }, ["3 not a Feature object"])
        let separated = try temporaryFile(Array(("\u{1E}" + feature("R1", "[1,2]") + "\n\u{1E}" + feature("R2", "[3,4]") + "\n").utf8),
                                          suffix: ".geojsons")
        XCTAssertEqual(try read(separated).pins.map(\.title), ["R1", "R2"])
        let collections = try temporaryFile(Array((#"{"type":"FeatureCollection","features":["# + feature("K1", "[1,2]") + "]}\n"
                                                    + feature("K2", "[3,4]") + "\n"
                                                    + #"{"type":"FeatureCollection","features":["# + feature("K3", "[5,6]") + "]}\n").utf8),
                                            suffix: ".geojson")
        XCTAssertEqual(try read(collections).pins.map { "\($0.line) \($0.title)" }, ["1 K1", "2 K2", "3 K3"],
                       "collections one after another give their features")
        let oneLine = try temporaryFile(Array((feature("A", "[1,2]") + feature("B", "[3,4]")).utf8), suffix: ".geojson")
        XCTAssertThrowsError(try read(oneLine)) { error in
            XCTAssertEqual(error as? ImportError, .invalidJSON(path: oneLine, reason: "unexpected text after the top-level value at line 1 (byte 101)"))
        }
    }

    /// A GeoJSON text may be a geometry alone (RFC 7946 §3: PostGIS's `ST_AsGeoJSON`), and
    /// `jq .features` leaves a collection's features as a bare array: both were refused or
    /// worse, the array read as a CSV whose headers were `[{"type":"Feature"`. A geometry
    /// alone is one feature without properties (a LineString a rejected row); an array
    /// whose first item is no Feature is refused as GeoJSON, naming that item.
    func testAGeometryAloneAndAnArrayOfFeaturesAreGeoJSON() throws {
        func titles(_ json: String) throws -> [String] {
            let r = try read(try temporaryFile(Array(json.utf8), suffix: ".json"))
            XCTAssertEqual(r.format, .geoJSON)
            return r.pins.map { "\($0.title) \($0.latitude) \($0.longitude) \($0.properties)" }
                + r.rejected.flatMap { $0 }.map { "rejected \($0.line): \($0.reason)" }
        }
        XCTAssertEqual(try titles(#"{"type":"Point","coordinates":[127.0,37.5,12]}"#), [#"37.5, 127.0 37.5 127.0 {"ele":12}"#])
        XCTAssertEqual(try titles(#"{"type":"MultiPoint","coordinates":[[1,2],[3,4]]}"#), ["2, 1 2.0 1.0 {}", "4, 3 4.0 3.0 {}"])
        XCTAssertEqual(try titles(#"{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[5,6]}]}"#), ["6, 5 6.0 5.0 {}"])
        XCTAssertEqual(try titles(#"{"type":"LineString","coordinates":[[1,2],[3,4]]}"#), ["rejected 1: LineString is not a Point"])
        XCTAssertEqual(try titles(#"""
             [ {"type":"Feature","properties":{"name":"A","n":1},"geometry":{"type":"Point","coordinates":[1,2]}},
               {"type":"Feature","properties":{"name":"B"},"geometry":{"type":"Point","coordinates":[3,4]}}, 7]
            """#), [#"A 2.0 1.0 {"n":1}"#, "B 4.0 3.0 {}", "rejected 3: not a Feature object"])
        XCTAssertEqual(try titles("[]"), [])
        XCTAssertEqual(try titles(#"{"type":"Point","coordinates":[1,2]}"# + "\n" + #"{"type":"Feature","properties":{"name":"F"},"geometry":{"type":"Point","coordinates":[3,4]}}"#),
                       ["2, 1 2.0 1.0 {}", "F 4.0 3.0 {}"], "a geometry in a sequence, as PostGIS's rows of ST_AsGeoJSON")
        let rows = try temporaryFile(Array(#"[{"name":"x","lat":1,"lon":2}]"#.utf8), suffix: ".json")
        XCTAssertThrowsError(try read(rows)) { error in
            XCTAssertEqual(error as? ImportError, .invalidGeoJSON(path: rows, reason: #"the top level is an array whose first item is not a Feature ({"name":"x","lat":1,"lon":2}): GeoJSON is a FeatureCollection, a Feature or a geometry"#))
        }
        let csv = try temporaryFile(Array("[id],name,lat,lon\n7,A,1,2\n".utf8))
        XCTAssertEqual(try read(csv).pins.map(\.title), ["A"], "a bracketed CSV header stays CSV")
    }

    /// A feature's `id` member is the user's data (OpenStreetMap's `node/123` in overpass
    /// turbo's export, a database key): it is `properties.id` with its JSON type, once when a
    /// property `id` holds the same, `id (2)` beside one that differs; it was dropped. Pinmap's
    /// own export writes store row ids there, which are not kept.
    func testAFeatureIdIsKeptAsAPropertyExceptInPinmapsOwnExport() throws {
        func properties(_ collection: String) throws -> [String] {
            try read(try temporaryFile(Array(collection.utf8), suffix: ".geojson")).pins.map { "\($0.title) \($0.properties)" }
        }
        func feature(_ id: String, _ props: String) -> String {
            #"{"type":"Feature","id":\#(id),"geometry":{"type":"Point","coordinates":[127,37.5]},"properties":\#(props)}"#
        }
        XCTAssertEqual(try properties(#"{"type":"FeatureCollection","features":["# + [
            feature(#""node/123""#, #"{"name":"A","amenity":"cafe"}"#), feature("7", #"{"name":"B","id":7}"#),
            feature("8", #"{"name":"C","id":"x"}"#), feature("null", #"{"name":"D"}"#)].joined(separator: ",") + "]}"), [
            #"A {"amenity":"cafe","id":"node/123"}"#, #"B {"id":7}"#, #"C {"id":"x","id (2)":8}"#, #"D {"id":null}"#])
        XCTAssertEqual(try properties(#"{"type":"FeatureCollection","generator":"pinmap","features":["#
                                      + feature("42", #"{"title":"E","description":"","category":"","created_at":"2024-01-01T00:00:00Z"}"#) + "]}"),
                       ["E {}"])
    }

    /// A KML of network links (what Google My Maps exports with "Keep data up to date"
    /// ticked) holds no places: it said only "the file has no data rows". The note names the
    /// links (up to 3, then how many more) and what to do; its placemarks, if any, are read.
    func testNetworkLinksAreNamedInANote() throws {
        func link(_ n: Int) -> String {
            "<NetworkLink><name>L\(n)</name><Link><href>https://x.example/\(n).kml</href></Link></NetworkLink>"
        }
        let one = try temporaryFile(Array(("<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Document>" + link(1)
            + "<Placemark><name>P</name><Point><coordinates>127,37.5</coordinates></Point></Placemark></Document></kml>").utf8), suffix: ".kml")
        let r = try read(one)
        XCTAssertEqual(r.pins.map(\.title), ["P"])
        XCTAssertEqual(r.notes, ["the file holds 1 network link (https://x.example/1.kml): its places are in the linked file, which Pinmap "
            + "does not fetch; download it and import it (from Google My Maps, export to KML without \"Keep data up to date\")"])
        let five = try temporaryFile(Array(("<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Document><Folder>" + (1...5).map(link).joined()
            + "</Folder></Document></kml>").utf8), suffix: ".kml")
        XCTAssertEqual(try read(five).notes, ["the file holds 5 network links (https://x.example/1.kml, https://x.example/2.kml, "
            + "https://x.example/3.kml and 2 more): their places are in the linked files, which Pinmap does not fetch; download them "
            + "and import them (from Google My Maps, export to KML without \"Keep data up to date\")"])
    }

    /// `--encoding` names the encoding of a GPX or KML too, whatever its declaration says: a GPX
    /// in Windows-1252 without a declaration (old programs wrote them) was refused ("bytes that
    /// are not UTF-8"), the option unused. A byte the named encoding lacks is refused naming it.
    func testEncodingOptionReadsGPXAndKML() throws {
        let gpx = try temporaryFile(Array("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n<wpt lat=\"47.37\" lon=\"8.54\"><name>Z".utf8)
            + [0xFC] + Array("rich Caf".utf8) + [0xE9] + Array("</name></wpt>\n</gpx>\n".utf8), suffix: ".gpx")
        XCTAssertThrowsError(try read(gpx)) { error in
            guard case .malformedXML(_, 3, 36, .notUTF8)? = error as? ImportError else { return XCTFail("\(error)") }
        }
        var scanner = try PinFileScanner.open(path: gpx, encoding: .windows1252)
        guard case .pin(let p)? = try scanner.next() else { return XCTFail("no pin") }
        XCTAssertEqual([p.title, scanner.encodingLabel], ["Zürich Café", "Windows-1252 (--encoding)"])
        let kml = try temporaryFile(Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Placemark><name>".utf8)
            + [0xCC, 0xEE, 0xF1, 0xEA, 0xE2, 0xE0] + Array("</name><Point><coordinates>37.62,55.75</coordinates></Point></Placemark></kml>\n".utf8), suffix: ".kml")
        var k = try PinFileScanner.open(path: kml, encoding: .windows1251)
        guard case .pin(let q)? = try k.next() else { return XCTFail("no pin") }
        XCTAssertEqual(q.title, "Москва")
        XCTAssertThrowsError(try PinFileScanner.open(path: gpx, encoding: .shiftJIS)) { error in
            // ü (0xFC, at byte 118) leads a Shift_JIS pair that `r` does not end.
            guard case .decoding(gpx, .invalidBytes(.shiftJIS, 118...119))? = error as? ImportError else { return XCTFail("\(error)") }
        }
    }

    /// A position that is not two numbers is quoted in the reason, so the text report shows
    /// the value (it said only "a position needs [longitude, latitude] numbers").
    func testABadPositionIsQuotedInTheReason() throws {
        let path = try temporaryFile(Array(#"""
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{"name":"str"},"geometry":{"type":"Point","coordinates":["127", "37"]}},
            {"type":"Feature","properties":{"name":"one"},"geometry":{"type":"MultiPoint","coordinates":[[127]]}}]}
            """#.utf8), suffix: ".geojson")
        XCTAssertEqual(try read(path).rejected.flatMap { $0 }.map { "\($0.line) \($0.value) \($0.reason)" }, [
            #"1 ["127","37"] a position needs [longitude, latitude] numbers, not ["127","37"]"#,
            "2 [127] a position needs [longitude, latitude] numbers, not [127]"])
    }

    func testHostileJSONIsRefusedWithWhereAndWhy() throws {
        let cases: [(String, String, UInt)] = [
            (#"{"type":"FeatureCollection","features":[{"a":"# + String(repeating: "[", count: 509) + String(repeating: "]", count: 509) + "}]}",
             "nested too deep (limit 128) at line 1 (byte 170)", #line),
            ("{\"type\":\"FeatureCollection\",\n\"features\":[{\"v\":1e400}]}", "number out of range at line 2 (byte 46)", #line),
            ("{\"type\":\"FeatureCollection\",\"features\":[1,]}", "unexpected ']' where a value was expected at line 1 (byte 42)", #line),
        ]
        for (text, reason, line) in cases {
            let path = try temporaryFile(Array(text.utf8), suffix: ".geojson")
            XCTAssertThrowsError(try read(path), line: line) { error in
                guard case let .invalidJSON(_, r)? = error as? ImportError else { return XCTFail("\(error)", line: line) }
                XCTAssertEqual(r, reason, line: line)
            }
        }
    }

    func testFeaturesThatAreNotObjectsAreRejectedOneByOne() throws {
        let path = try temporaryFile(Array(#"{"type":"FeatureCollection","features":[1,"x",null]}"#.utf8), suffix: ".geojson")
        let r = try read(path)
        XCTAssertEqual(r.rejected.map { $0[0].reason }, ["not a Feature object", "not a Feature object", "not a Feature object"])
        XCTAssertEqual(r.rejected.map { $0[0].line }, [1, 2, 3])
    }

    func testUTCTimestamps() {
        XCTAssertEqual(UTCTimestamp.normalize("2024-05-28T20:42:08+02:00"), "2024-05-28T18:42:08Z")
        XCTAssertEqual(UTCTimestamp.normalize(" 2024-01-01T00:30:00.25-0130 "), "2024-01-01T02:00:00.25Z")
        XCTAssertEqual(UTCTimestamp.normalize("2024-03-01 00:10"), "2024-03-01T00:10:00Z")
        XCTAssertEqual(UTCTimestamp.normalize("2023-03"), "2023-03")
        XCTAssertEqual(UTCTimestamp.normalize("yesterday"), "yesterday")
    }

    func testPropertiesJSONEscapesAndKeepsARepeatedKeyUnderItsOwnName() {
        var p = PropertiesJSON()
        XCTAssertEqual(p.text, "{}")
        p.add("a\"b", string: "line\nbreak\t\u{01}\\")
        p.add("a\"b", string: "second")
        p.add("n", json: "1")
        XCTAssertEqual(p.text, #"{"a\"b":"line\nbreak\t\u0001\\","n":1,"a\"b (2)":"second"}"#)
    }
}
