import XCTest
import Frame
import PinModel
import PinmapCore

/// Enter on a folder's path in the Import tab opens that folder: its files are listed and
/// ↑/↓ picks one (before, the tab said "pick a file in it" and listed the folder's parent).
final class ImportFolderEnterTests: XCTestCase {
    private func importTab(typing text: String) -> AppState {
        var state = AppState(cols: 80, rows: 24, color: false, reducedMotion: true,
                             environment: AppEnvironment(home: "/home/me", cwd: "/w"))
        _ = state.update(.input(.key(.char("3"))), now: 0)
        _ = state.update(.importer(.folderListed(FolderListing(path: "/w", entries: [
            .init(name: "my trips", isFolder: true), .init(name: "a.csv", isFolder: false)]))), now: 0)
        _ = state.update(.input(.paste(text)), now: 0)
        return state
    }

    func testEnterOnAFolderListsItsFilesAndArrowsPickThem() {
        var state = importTab(typing: "my trips")
        XCTAssertEqual(state.update(.input(.key(.enter)), now: 0), [.previewImport(path: "/w/my trips")])
        let effects = state.update(.importer(.previewed(.failure(ImportFailure(file: "my trips", .directory)))), now: 0)
        XCTAssertEqual(effects, [.listFolder(path: "/w/my trips")], "the folder itself is listed, not /w")
        XCTAssertEqual(state.importTab.field.text, "my trips/")
        _ = state.update(.importer(.folderListed(FolderListing(path: "/w/my trips", entries: [
            .init(name: "hike.gpx", isFolder: false), .init(name: "seoul.csv", isFolder: false)]))), now: 0)
        _ = state.update(.input(.key(.down)), now: 0)
        XCTAssertEqual(state.importTab.field.text, "my trips/hike.gpx", "↓ picks the folder's first file")
        _ = state.update(.input(.key(.down)), now: 0)
        let screen = state.render()
        let expected = [
            "",
            "  Import pins from CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoPackage or Shapefile",
            "",
            "",
            "  File: my trips/seoul.csv",
            "",
            "  Files in /w/my trips",
            "    hike.gpx",
            "  ▸ seoul.csv",
        ] + Array(repeating: "", count: 12) + [
            " Type or paste a path · Tab completes · ↑↓ pick a file · Enter previews",
            " medium · 0 of 0 pins in view                                            ? help",
            "       1 Map             2 Timeline           3 Import           4 Settings",
        ]
        XCTAssertEqual((0..<screen.height).map { screen.line($0) }, expected)
        XCTAssertEqual(state.update(.input(.key(.enter)), now: 0), [.previewImport(path: "/w/my trips/seoul.csv")])
    }

    func testAQuotedFolderPathStaysTheSamePath() {
        var state = importTab(typing: "'/w/my trips'")
        _ = state.update(.input(.key(.enter)), now: 0)
        let effects = state.update(.importer(.previewed(.failure(ImportFailure(file: "my trips", .directory)))), now: 0)
        XCTAssertEqual(effects, [.listFolder(path: "/w/my trips")])
        XCTAssertEqual(state.importTab.field.text, "/w/my trips/")
    }

    func testTypingBeforeTheAnswerKeepsWhatWasTyped() {
        var state = importTab(typing: "my trips")
        _ = state.update(.input(.key(.enter)), now: 0)
        _ = state.update(.input(.key(.char("b"))), now: 0)
        _ = state.update(.importer(.previewed(.failure(ImportFailure(file: "my trips", .directory)))), now: 0)
        XCTAssertEqual(state.importTab.field.text, "b", "the new path is not turned into the old folder")
    }
}
