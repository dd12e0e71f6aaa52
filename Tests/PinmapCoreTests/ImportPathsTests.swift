import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// Paths as typed or dropped, Tab completion, the folder list.
final class ImportPathsTests: XCTestCase {
    func testQuotedEscapedAndHomePathsResolve() {
        XCTAssertEqual(ImportPaths.resolve("'/tmp/with spaces.csv'", home: "/home/me", cwd: "/w"), "/tmp/with spaces.csv")
        XCTAssertEqual(ImportPaths.resolve("\"/tmp/a b.csv\" ", home: nil, cwd: "/w"), "/tmp/a b.csv")
        XCTAssertEqual(ImportPaths.resolve("/tmp/with\\ spaces.csv", home: nil, cwd: "/w"), "/tmp/with spaces.csv")
        XCTAssertEqual(ImportPaths.resolve("~/pins.csv", home: "/home/me", cwd: "/w"), "/home/me/pins.csv")
        XCTAssertEqual(ImportPaths.resolve("data/pins.csv", home: nil, cwd: "/w"), "/w/data/pins.csv")
    }

    /// A file dropped as a `file://` URI (as some terminals paste it) is its path, decoded: it was
    /// taken for a relative path, `/w/file:///tmp/a b.csv`, "no such file".
    func testAFileURIIsItsPath() {
        XCTAssertEqual(ImportPaths.resolve("file:///tmp/with%20spaces%20%ED%95%9C.csv", home: nil, cwd: "/w"), "/tmp/with spaces 한.csv")
        XCTAssertEqual(ImportPaths.resolve("'file:///tmp/a.csv'", home: nil, cwd: "/w"), "/tmp/a.csv")
        XCTAssertEqual(ImportPaths.resolve("FILE://localhost/tmp/a.csv", home: nil, cwd: "/w"), "/tmp/a.csv")
        XCTAssertEqual(ImportPaths.resolve("file://server/share/a.csv", home: nil, cwd: "/w"), "/w/file://server/share/a.csv",
                       "another host's file is not this machine's")
        XCTAssertEqual(ImportPaths.resolve("file:///tmp/100%.csv", home: nil, cwd: "/w"), "/tmp/100%.csv", "a stray % stays")
    }

    func testCompletionTakesTheOneMatchOrTheCommonPrefix() {
        let entries = [FolderListing.Entry(name: "data", isFolder: true),
                       FolderListing.Entry(name: "pins-seoul.csv", isFolder: false),
                       FolderListing.Entry(name: "pins-busan.csv", isFolder: false)]
        XCTAssertEqual(ImportPaths.complete("d", in: entries)?.text, "data/")
        XCTAssertEqual(ImportPaths.complete("p", in: entries)?.text, "pins-")
        XCTAssertEqual(ImportPaths.complete("p", in: entries)?.matches, 2)
        XCTAssertNil(ImportPaths.complete("x", in: entries))
    }

    private func importState() -> AppState {
        let state = AppState(cols: 100, rows: 30, color: false, reducedMotion: true,
                             environment: AppEnvironment(home: "/home/me", cwd: "/w"))
        return state
    }

    func testTheTabAsksForItsFolderAndTabCompletesFromIt() {
        var state = importState()
        let effects = state.update(.input(.key(.char("3"))), now: 0)
        XCTAssertEqual(effects, [.listFolder(path: "/w")], "the folder comes in as an event: update reads no file system")
        _ = state.update(.importer(.folderListed(FolderListing(path: "/w", entries: [
            .init(name: "pins-seoul.csv", isFolder: false), .init(name: "notes.txt", isFolder: false)]))), now: 0)
        _ = state.update(.input(.key(.char("p"))), now: 0)
        XCTAssertEqual(state.update(.input(.key(.tab)), now: 0), [.listFolder(path: "/w")], "Tab reads the folder again")
        XCTAssertEqual(state.importTab.field.text, "p")
        _ = state.update(.importer(.folderListed(FolderListing(path: "/w", entries: [
            .init(name: "pins-seoul.csv", isFolder: false), .init(name: "pins.txt", isFolder: false)]))), now: 0)
        XCTAssertEqual(state.importTab.field.text, "pins", "the common prefix of the two")
        _ = state.update(.input(.key(.char("-"))), now: 0)
        _ = state.update(.input(.key(.tab)), now: 0)
        _ = state.update(.importer(.folderListed(FolderListing(path: "/w", entries: [
            .init(name: "pins-seoul.csv", isFolder: false), .init(name: "pins.txt", isFolder: false)]))), now: 0)
        XCTAssertEqual(state.importTab.field.text, "pins-seoul.csv")
        XCTAssertEqual(state.tab, .importer, "Tab completed instead of switching tabs")
        XCTAssertEqual(state.update(.input(.key(.enter)), now: 0), [.previewImport(path: "/w/pins-seoul.csv")])
    }

    /// A path typed fast, then Tab: the folders passed while typing ("/", "/d") are read in
    /// order before the Tab's own read; their answers leave the Tab pending, and it completes
    /// from its folder's listing. (In tmux: `/tmp/tryui-files/ba` then Tab in one burst left
    /// `ba` as typed: the listing of `/` arrived first and used up the Tab.)
    func testATabTypedBeforeTheFolderListingsArriveCompletesFromItsOwnFolder() {
        var state = importState()
        _ = state.update(.input(.key(.char("3"))), now: 0)
        for c in "/d/pi" { _ = state.update(.input(.key(.char(c))), now: 0) }
        XCTAssertEqual(state.update(.input(.key(.tab)), now: 0), [.listFolder(path: "/d")])
        for stale in ["/w", "/"] {
            _ = state.update(.importer(.folderListed(FolderListing(path: stale, entries: [
                .init(name: "d", isFolder: true), .init(name: "pigeons.csv", isFolder: false)]))), now: 0)
        }
        XCTAssertEqual(state.importTab.field.text, "/d/pi", "not completed from another folder")
        _ = state.update(.importer(.folderListed(FolderListing(path: "/d", entries: [
            .init(name: "pins.csv", isFolder: false)]))), now: 0)
        let screen = state.render()
        XCTAssertEqual((0..<8).map { screen.line($0) }.joined(separator: "\n"), """

              Import pins from CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoPackage or Shapefile


              File: /d/pins.csv

              Files in /d
                pins.csv
            """)
    }

    func testArrowsAndClicksPickAFileOfTheFolder() {
        var state = importState()
        _ = state.update(.input(.key(.char("3"))), now: 0)
        _ = state.update(.importer(.folderListed(FolderListing(path: "/w", entries: [
            .init(name: "sub", isFolder: true), .init(name: "a.csv", isFolder: false), .init(name: "b.gpx", isFolder: false)]))), now: 0)
        _ = state.update(.input(.key(.down)), now: 0)
        XCTAssertEqual(state.importTab.field.text, "a.csv")
        _ = state.update(.input(.key(.down)), now: 0)
        XCTAssertEqual(state.importTab.field.text, "b.gpx")
        let screen = state.render()
        let top = ImportTabView.fileListTop(state, area: Rect(x: 0, y: 0, width: 100, height: 28))
        XCTAssertEqual(screen.line(top - 1), "  Files in /w")
        XCTAssertEqual(screen.line(top), "    a.csv")
        XCTAssertEqual(screen.line(top + 1), "  ▸ b.gpx")
        let effects = state.update(.input(.mouse(MouseEvent(.press, .left, col: 6, row: top))), now: 0)
        XCTAssertEqual(effects, [.previewImport(path: "/w/a.csv")])
    }

    func testAPastedQuotedPathGoesIntoTheField() {
        var state = importState()
        _ = state.update(.input(.key(.char("3"))), now: 0)
        _ = state.update(.input(.paste("'/tmp/my pins.csv'")), now: 0)
        XCTAssertEqual(state.update(.input(.key(.enter)), now: 0), [.previewImport(path: "/tmp/my pins.csv")])
    }
}
