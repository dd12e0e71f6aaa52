import XCTest
@testable import PinImport
import PinmapTestSupport

/// A `.gpx` or `.kml` file that is not XML is refused as such, with where.
final class NotXMLRefusalTests: XCTestCase {
    private func scan(_ name: String, _ bytes: [UInt8]) throws -> ImportError? {
        let path = try makeTempFolder().path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        do { _ = try PinFileScanner.open(path: path); return nil } catch { return error }
    }

    func testAGPXThatIsCSVIsRefusedAsNotXMLWithLineAndColumn() throws {
        let error = try scan("a.gpx", Array("\n  title,lat,lon\nx,1,2\n".utf8))
        guard case let .malformedXML(_, line, column, reason)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(line, 2)
        XCTAssertEqual(column, 3)
        XCTAssertEqual(reason, "not XML (GPX expected): the file does not start with \"<\"")
    }

    func testAKMLThatIsJSONIsRefusedAsNotXML() throws {
        let error = try scan("b.kml", Array("{\"type\": \"FeatureCollection\", \"features\": []}".utf8))
        guard case let .malformedXML(_, line, column, reason)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual([line, column], [1, 1])
        XCTAssertEqual(reason, "not XML (KML expected): the file does not start with \"<\"")
    }

    func testACSVIsStillReadAsCSV() throws {
        XCTAssertNil(try scan("c.csv", Array("title,lat,lon\nx,1,2\n".utf8)))
    }
}
