import Foundation
import XCTest
import PinmapCLI
import PinmapTestSupport

/// `pinmap bench`'s usage, through the built binary (a benchmark prints to the process's own
/// output): which benchmarks exist and which options each takes. The figures themselves are
/// printed, never asserted, so no test runs a benchmark.
final class BenchCommandTests: XCTestCase {
    private func pinmap(_ args: String...) throws -> (code: Int32, stdout: String, stderr: String) { try pinmap(args) }

    private func pinmap(_ args: [String]) throws -> (code: Int32, stdout: String, stderr: String) {
        let binary = RepoFiles.root.appendingPathComponent(".build/debug/pinmap").path
        guard FileManager.default.isExecutableFile(atPath: binary) else { throw XCTSkip("no binary at \(binary)") }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = args
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    func testAnUnknownBenchmarkListsTheFour() throws {
        let r = try pinmap("bench", "maps")
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.stderr, "pinmap bench: unknown benchmark 'maps'; there are: render, search, cells, map\nTry 'pinmap bench --help'.\n")
    }

    func testTheMapBenchmarkTakesNoStore() throws {
        let r = try pinmap("bench", "map", "--db", "/nonexistent/pins.sqlite")
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.stderr, "pinmap bench: --db is for `pinmap bench render`, `search` or `cells`, not map\nTry 'pinmap bench --help'.\n")
        XCTAssertEqual(r.stdout, "")
    }

    /// A bad `bench render --size` names the value given, as `render --size` does.
    func testABadSizeNamesTheValueGiven() throws {
        let r = try pinmap("bench", "render", "--db", "/nonexistent/pins.sqlite", "--size", "0x0")
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.stderr, "pinmap bench: --size must be COLSxROWS between 1x1 and 1000x1000, e.g. 200x60; got '0x0'\nTry 'pinmap bench --help'.\n")
        XCTAssertEqual(r.stdout, "")
    }

    /// An option another benchmark takes names that one (search said `--category` was render's).
    func testAnOptionOfAnotherBenchmarkNamesIt() throws {
        for (args, message) in [(["search", "--category", "cafe"], "--category is for `pinmap bench cells`, not search"),
                                (["render", "--category", "cafe"], "--category is for `pinmap bench cells`, not render"),
                                (["cells", "--size", "80x24"], "--size is for `pinmap bench render`, not cells")] {
            let r = try pinmap(["bench"] + args)
            XCTAssertEqual(r.code, 2, "\(args)")
            XCTAssertEqual(r.stderr, "pinmap bench: \(message)\nTry 'pinmap bench --help'.\n", "\(args)")
        }
    }

    /// A --baseline that cannot be opened fails before any figure: it was opened after the
    /// whole single-store table had been measured and printed (exit 1 after the figures).
    func testABaselineThatCannotBeOpenedFailsBeforeAnyFigure() throws {
        let folder = try makeTempFolder().path
        let store = folder + "/pins.sqlite", baseline = folder + "/notes.sqlite"
        XCTAssertEqual(PinmapCLI.execute(["add", "--title", "a", "--lat", "1", "--lon", "2", "--db", store]).code, 0)
        try "not a store".write(toFile: baseline, atomically: true, encoding: .utf8)
        let r = try pinmap("bench", "render", "--db", store, "--baseline", baseline, "--frames", "50", "--only", "world", "--size", "40x12")
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, "pinmap: cannot open the baseline store \(baseline): cannot open store \(baseline): it is not an SQLite database "
                       + "(nothing was changed); choose another --baseline path\n")
        let missing = try pinmap("bench", "render", "--db", store, "--baseline", folder + "/none.sqlite", "--frames", "50", "--only", "world")
        XCTAssertEqual(missing.code, 1)
        XCTAssertEqual(missing.stdout, "")
        XCTAssertEqual(missing.stderr, "pinmap: cannot open the baseline store \(folder)/none.sqlite: no Pinmap store at \(folder)/none.sqlite "
                       + "(nothing was created; `pinmap import` or `pinmap add` creates one)\n")
    }
}
