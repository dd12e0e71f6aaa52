import XCTest
import Frame
import GeoMap
import PinModel
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
import Foundation

final class ImportFileListTests: XCTestCase {
    func testOnlyRegularPinFilesAreListed() throws {
        let dir = try makeTempFolder().path
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        func write(_ name: String, _ text: String) throws { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        try write("pins.csv", "title,lat,lon\n")
        try write("places.json", "{\"type\": \"FeatureCollection\", \"features\": []}")
        try write("package.json", "{\"name\": \"x\"}")
        try write("track.gpx", "<gpx/>")
        try write("notes.md", "x")
        XCTAssertEqual(mkfifo(dir + "/fifo.csv", 0o600), 0)
        let listing = FolderReader.list(dir)
        XCTAssertEqual(listing.entries.map(\.name), ["sub", "pins.csv", "places.json", "track.gpx"])
    }
}
