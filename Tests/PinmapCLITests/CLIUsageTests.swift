import Foundation
import XCTest
@testable import PinmapCLI
import PinmapTestSupport

/// Usage errors of `pinmap` itself (no command: the UI) and of `--version`, through the built
/// binary (`PinmapCLI.main` writes to the process's own output).
final class CLIUsageTests: XCTestCase {
    private func pinmap(_ args: String...) throws -> (code: Int32, stdout: String, stderr: String) {
        try pinmap(args)
    }

    /// Runs the binary; its standard output goes to `stdout` when given (then read back as "").
    private func pinmap(_ args: [String], stdout: FileHandle? = nil) throws -> (code: Int32, stdout: String, stderr: String) {
        let binary = RepoFiles.root.appendingPathComponent(".build/debug/pinmap").path
        guard FileManager.default.isExecutableFile(atPath: binary) else { throw XCTSkip("no binary at \(binary)") }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = args
        let out = Pipe(), err = Pipe()
        p.standardOutput = stdout ?? out
        p.standardError = err
        try p.run()
        if stdout != nil { try out.fileHandleForWriting.close() }  // nothing writes it: reads "" at once
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

    /// A command after the UI's options (`pinmap --db URI list`, after the README's
    /// `pinmap --db URI`) says the command comes first; it said only "unexpected argument".
    func testACommandAfterTheOptionsIsToldToComeFirst() throws {
        let folder = try makeTempFolder().path
        let r = try pinmap("--db", folder + "/pins.sqlite", "list")
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.stderr, "pinmap: unexpected argument 'list' (a command comes first, its options after it: pinmap list --db …)\n"
                       + "Try 'pinmap --help'.\n")
        XCTAssertEqual(try pinmap("--db", folder + "/pins.sqlite", "list", "--limit", "1").stderr,
                       "pinmap: unknown option '--limit' (a command comes first, its options after it: pinmap list --db …)\nTry 'pinmap --help'.\n")
        XCTAssertEqual(try pinmap("--db", folder + "/pins.sqlite", "extra").stderr, "pinmap: unexpected argument 'extra'\nTry 'pinmap --help'.\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [], "nothing created")
    }

    func testAMistypedCommandSuggestsTheClosest() throws {
        let r = try pinmap("lsit")
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.stderr, "pinmap: unknown command 'lsit' (did you mean 'list'?)\nTry 'pinmap --help'.\n")
        XCTAssertEqual(try pinmap("xyzzy").stderr, "pinmap: unknown command 'xyzzy'\nTry 'pinmap --help'.\n")
    }

    /// Standard output on a full disk (`>/dev/full`): one line with the system's reason and
    /// exit 1, for the help, the version, a rendered frame and a benchmark's figures alike.
    /// `--help`, `--version` and `render` crashed with a backtrace (`FileHandle.write` traps
    /// on an error, exit 132); `bench` printed with `print`, lost its figures and exited 0.
    func testAFullDiskFailsWithTheSystemsReasonAndNoCrash() throws {
        guard let full = FileHandle(forWritingAtPath: "/dev/full") else { throw XCTSkip("no /dev/full") }
        let folder = try makeTempFolder()
        let store = folder.path + "/pins.sqlite"
        XCTAssertEqual(try pinmap("add", "--title", "a", "--lat", "1", "--lon", "2", "--db", store).code, 0)
        for args in [["--version"], ["--help"], ["help"], ["list", "--help"], ["render", "--db", store], ["list", "--db", store],
                     ["bench", "map"]] {
            let r = try pinmap(args, stdout: full)
            XCTAssertEqual(r.code, 1, "\(args)")
            XCTAssertEqual(r.stderr, "pinmap: cannot write output: No space left on device\n", "\(args)")
        }
    }

    /// `pinmap help COMMAND` prints COMMAND's help, as `pinmap COMMAND --help` does; it printed
    /// the list of commands whatever followed, and `help nosuch` exited 0.
    func testHelpNamesACommandsOwnHelp() throws {
        let r = try pinmap("help", "delete")
        XCTAssertEqual(r.code, 0)
        XCTAssertEqual(r.stdout, try pinmap("delete", "--help").stdout)
        XCTAssertEqual(r.stdout.split(separator: "\n").first, "Usage: pinmap delete ID [--if-version N] [--db PATH] [--json]")
        XCTAssertEqual(try pinmap("help").stdout, try pinmap("--help").stdout)
        // `help help` said "unknown command 'help'" (exit 2), though `pinmap --help` names it.
        let helpHelp = try pinmap("help", "help")
        XCTAssertEqual(helpHelp.code, 0)
        XCTAssertEqual(helpHelp.stderr, "")
        XCTAssertEqual(helpHelp.stdout, try pinmap("--help").stdout)
        let unknown = try pinmap("help", "lsit")
        XCTAssertEqual(unknown.code, 2)
        XCTAssertEqual(unknown.stdout, "")
        XCTAssertEqual(unknown.stderr, "pinmap: unknown command 'lsit' (did you mean 'list'?)\nTry 'pinmap --help'.\n")
        let two = try pinmap("help", "list", "show")
        XCTAssertEqual(two.code, 2)
        XCTAssertEqual(two.stderr, "pinmap: help takes one command name, got 'show' after 'list'\nTry 'pinmap --help'.\n")
    }

    /// `pinmap --help list` (and `-h list`) is `pinmap help list`: it printed the list of
    /// commands, 'list' ignored, though `--version extra` is refused.
    func testHelpOptionBeforeACommandNamesItsHelp() throws {
        let listHelp = try pinmap("list", "--help").stdout
        for flag in ["--help", "-h"] {
            let r = try pinmap(flag, "list")
            XCTAssertEqual(r.code, 0)
            XCTAssertEqual(r.stderr, "")
            XCTAssertEqual(r.stdout, listHelp)
        }
        let unknown = try pinmap("--help", "lsit")
        XCTAssertEqual(unknown.code, 2)
        XCTAssertEqual(unknown.stdout, "")
        XCTAssertEqual(unknown.stderr, "pinmap: unknown command 'lsit' (did you mean 'list'?)\nTry 'pinmap --help'.\n")
        XCTAssertEqual(try pinmap("--help").stdout, try pinmap("help").stdout)
        // Before an option it is the list of commands, as it was.
        let beforeOption = try pinmap("--help", "--db", "x.sqlite")
        XCTAssertEqual(beforeOption.code, 0)
        XCTAssertEqual(beforeOption.stdout, try pinmap("help").stdout)
    }

    /// A bad `render --detent` is a usage error before the store opens, as a bad `--tab` is:
    /// on a missing store it said "no Pinmap store at …" (exit 1).
    func testABadDetentIsAUsageErrorBeforeTheStoreOpens() throws {
        let folder = try makeTempFolder()
        let store = folder.path + "/none.sqlite"
        let r = try pinmap("render", "--db", store, "--detent", "huge")
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, "pinmap render: --detent must be small, medium or large, got 'huge'\nTry 'pinmap render --help'.\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: store))
        // A detent in any case is a detent (as --tab and --format are read): the store is looked for.
        let upper = try pinmap("render", "--db", store, "--detent", "LARGE")
        XCTAssertEqual([upper.code.description, upper.stderr],
                       ["1", "pinmap: no Pinmap store at \(store) (nothing was created; `pinmap import` or `pinmap add` creates one)\n"])
    }

    /// `copy --db` says what copy takes instead: "unknown option '--db'" alone, though the
    /// README said every command takes --db.
    func testCopyWithDbSaysToGiveFromAndTo() throws {
        let r = try pinmap("copy", "--db", "a.sqlite", "--to", "b.sqlite")
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, "pinmap copy: unknown option '--db' (copy has two stores: give --from SRC and --to DST)\nTry 'pinmap copy --help'.\n")
    }

    /// A command that changed the store and then could not print says the change was made:
    /// 'cannot write output' alone (exit 1) read as a failed import or add, and running it
    /// again imported the file twice. A dry run, which changes nothing, says nothing more.
    func testAChangeWhoseOutputIsLostSaysItWasDone() throws {
        guard let full = FileHandle(forWritingAtPath: "/dev/full") else { throw XCTSkip("no /dev/full") }
        let folder = try makeTempFolder()
        let store = folder.path + "/pins.sqlite", csv = folder.path + "/in.csv"
        try "name,lat,lon\nA,1,2\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let add = try pinmap(["add", "--title", "a", "--lat", "1", "--lon", "2", "--db", store], stdout: full)
        XCTAssertEqual(add.code, 1)
        XCTAssertEqual(add.stderr, "pinmap: cannot write output: No space left on device (the add itself was done; only what it printed was lost)\n")
        let dry = try pinmap(["import", csv, "--dry-run", "--db", store], stdout: full)
        XCTAssertEqual(dry.code, 1)
        XCTAssertEqual(dry.stderr, "pinmap: cannot write output: No space left on device\n")
        let imported = try pinmap(["import", csv, "--db", store], stdout: full)
        XCTAssertEqual(imported.code, 1)
        XCTAssertEqual(imported.stderr, "pinmap: cannot write output: No space left on device (the import itself was done; only what it printed was lost)\n")
        XCTAssertEqual(try pinmap("list", "--db", store).stdout.split(separator: "\n").count, 2, "the pin added and the pin imported")
    }
}
