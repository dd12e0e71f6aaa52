import Foundation
import XCTest
@testable import PinmapCLI

/// Usage errors of `pinmap` itself (no command: the UI) and of `--version`, through the built
/// binary (`PinmapCLI.main` writes to the process's own output).
final class CLIUsageTests: XCTestCase {
    private func pinmap(_ args: String...) throws -> (code: Int32, stdout: String, stderr: String) {
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

    func testVersionTakesNoArguments() throws {
        let r = try pinmap("--version", "extra")
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.stderr, "pinmap: --version takes nothing after it, got 'extra'\nTry 'pinmap --help'.\n")
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(try pinmap("--version").stdout, "pinmap \(PinmapCLI.version)\n")
    }

    func testTheUIsUsageErrorsNamePinmapNotUI() throws {
        let r = try pinmap("--db")
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.stderr, "pinmap: --db needs a value\nTry 'pinmap --help'.\n")
    }

    func testAMistypedCommandSuggestsTheClosest() throws {
        let r = try pinmap("lsit")
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.stderr, "pinmap: unknown command 'lsit' (did you mean 'list'?)\nTry 'pinmap --help'.\n")
        XCTAssertEqual(try pinmap("xyzzy").stderr, "pinmap: unknown command 'xyzzy'\nTry 'pinmap --help'.\n")
    }
}
