import Foundation
import XCTest
import PinImport
import PinStore
@testable import PinmapCLI

/// `pinmap export --format gpx` validated against the official GPX 1.1 schema with xmllint
/// (Debian's libxml2-utils; skipped, with the reason printed, when it is missing).
final class GPXSchemaTests: XCTestCase {
    func testGPXExportValidatesAgainstTheGPX11Schema() throws {
        guard let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first(where: FileManager.default.isExecutableFile) else {
            print("GPXSchemaTests: skipped: xmllint is missing (apt-get install libxml2-utils)")
            throw XCTSkip("xmllint is missing (apt-get install libxml2-utils)")
        }
        let s = CLITestStore(self)
        let store = try s.open()
        try store.insert(NewPin(title: "Leeum <Museum> & \"Art\"", description: "two\r\nlines\u{1}", category: "museum",
                                latitude: 37.5383, longitude: 126.999, createdAt: "2024-03-09T14:00:00+09:00",
                                properties: #"{"name_ko":"리움","Google Maps URL":"https://maps.google.com/?q=37.5,127","ele":305,"tags":["a","b"]}"#))
        try store.insert(NewPin(title: "edge", latitude: -90, longitude: 180, createdAt: "sometime"))
        try store.insert(NewPin(title: "device", latitude: 1, longitude: 2, createdAt: "2024-01-01T00:00:00Z", properties: #"""
            {"ele":"-12.","magvar":"359.9","geoidheight":".5","cmt":"c","src":"s","link":"https://x.example/a?b=1&c=2","link_text":"t","link_type":"text/html","sym":"Flag","fix":"dgps","sat":"+7","hdop":"1","vdop":"2","pdop":"3","ageofdgpsdata":"4.5","dgpsid":"1023","x":"y"}
            """#))
        try store.insert(NewPin(title: "tiny", latitude: 1e-7, longitude: -5e-324))
        let path = s.file("pins.gpx")
        XCTAssertEqual(s.run("export", "-o", path).code, 0)
        let xsd = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/schema/gpx.xsd").path
        let out = try Processes.run(xmllint, ["--noout", "--schema", xsd, path])
        XCTAssertEqual(out.status, 0, out.output)
        XCTAssertEqual(out.output, "\(path) validates\n")
    }

    /// A created_at shaped as a time but naming none (a day February lacks, month 13, second 60, an
    /// offset beyond 14 h, year 0000, as a GeoJSON or CSV import keeps them) is no `<time>`: the file
    /// validates and the text comes back whole from `pinmap:created_at`. `<time>2024-02-30T00:00:00Z`
    /// was written, which xmllint refuses ("not a valid value of the atomic type 'xs:dateTime'").
    func testATimeNamingNoInstantIsNoGPXTime() throws {
        guard let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("xmllint is missing (apt-get install libxml2-utils)")
        }
        let times = ["2024-02-30T00:00:00Z", "2023-02-29T12:00:00Z", "2024-13-01T00:00:00Z", "2024-01-01T23:59:60Z",
                     "2024-01-01T25:00:00+09:00", "2024-01-01T00:00:00+15:00", "0000-01-01T00:00:00Z", "2024-02-29T00:00:00+14:00"]
        let s = CLITestStore(self)
        let store = try s.open()
        for (i, t) in times.enumerated() { try store.insert(NewPin(title: "t\(i)", latitude: 1, longitude: Double(i), createdAt: t)) }
        let path = s.file("pins.gpx")
        XCTAssertEqual(s.run("export", "-o", path).code, 0)
        let xsd = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/schema/gpx.xsd").path
        let out = try Processes.run(xmllint, ["--noout", "--schema", xsd, path])
        XCTAssertEqual(out.output, "\(path) validates\n")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains("""
              <wpt lat="1.0" lon="0.0">
                <name>t0</name>
                <extensions>
                  <pinmap:created_at>2024-02-30T00:00:00Z</pinmap:created_at>
                </extensions>
              </wpt>
            """), text)
        XCTAssertTrue(text.contains("""
              <wpt lat="1.0" lon="7.0">
                <time>2024-02-29T00:00:00+14:00</time>
                <name>t7</name>
            """), text)
        let back = CLITestStore(self)
        XCTAssertEqual(back.run("import", path).code, 0)
        let cursor = try back.open().pinCursor()
        var read: [String] = []
        while let p = try cursor.next() { read.append(p.createdAt) }
        XCTAssertEqual(read, times)
    }
}
