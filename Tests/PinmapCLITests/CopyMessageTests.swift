import Foundation
import XCTest
import PinmapCLI
import PinmapTestSupport

/// `copy` names its stores by --from and --to: every error about a store says first which
/// side it came from, and its advice names that option, never --db.
final class CopyMessageTests: XCTestCase {
    func testAStoreThatCannotBeOpenedIsNamedByItsOption() throws {
        let folder = try makeTempFolder().path
        let notes = folder + "/notes.txt", store = folder + "/pins.sqlite"
        try "not a store\n".write(toFile: notes, atomically: true, encoding: .utf8)
        XCTAssertEqual(PinmapCLI.execute(["add", "--title", "Jongmyo", "--lat", "37.5744", "--lon", "126.994", "--db", store]).code, 0)
        let from = PinmapCLI.execute(["copy", "--from", notes, "--to", folder + "/copy.sqlite"])
        XCTAssertEqual(from.code, 1)
        XCTAssertEqual(from.stderr, "pinmap copy: --from: cannot open store \(notes): it is not an SQLite database (nothing was changed); choose another --from path\n")
        let to = PinmapCLI.execute(["copy", "--from", store, "--to", notes])
        XCTAssertEqual(to.code, 1)
        XCTAssertEqual(to.stderr, "pinmap copy: --to: cannot open store \(notes): it is not an SQLite database (nothing was changed); choose another --to path\n")
        let missing = PinmapCLI.execute(["copy", "--from", store, "--to", folder + "/none/copy.sqlite"])
        XCTAssertEqual(missing.code, 1)
        XCTAssertEqual(missing.stderr, "pinmap copy: --to: cannot open store \(folder)/none/copy.sqlite: the folder \(folder)/none does not exist; "
                       + "create it first or choose another --to path\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["notes.txt", "pins.sqlite"])
    }

    /// An empty file not named like a store, given as --to, is refused with advice naming
    /// --to (it said "give --db a new file name" to a command that has no --db); from
    /// PINMAP_DB, naming the variable.
    func testAnEmptyNonStoreFileAsDestinationNamesTheOption() throws {
        let s = CLITestStore(self)
        XCTAssertEqual(s.run("add", "--title", "a", "--lat", "1", "--lon", "2").code, 0)
        let empty = s.file("empty.csv")
        XCTAssertTrue(FileManager.default.createFile(atPath: empty, contents: Data()))
        let r = PinmapCLI.execute(["copy", "--from", s.path, "--to", empty])
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(r.stderr, "pinmap copy: --to: cannot open store \(empty): \(empty) is an empty .csv file, not a Pinmap store, and was not changed; "
                       + "give --to a new file name or an existing store (e.g. pins.sqlite)\n")
        let saved = ProcessInfo.processInfo.environment["PINMAP_DB"]
        setenv("PINMAP_DB", empty, 1)
        defer { if let saved { setenv("PINMAP_DB", saved, 1) } else { unsetenv("PINMAP_DB") } }
        let add = PinmapCLI.execute(["add", "--title", "b", "--lat", "1", "--lon", "2"])
        XCTAssertEqual(add.stderr, "pinmap: cannot open store \(empty) (from PINMAP_DB): \(empty) is an empty .csv file, not a Pinmap store, and was not changed; "
                       + "set PINMAP_DB to a new file name or an existing store (e.g. pins.sqlite)\n")
        XCTAssertEqual(FileManager.default.contents(atPath: empty), Data())
    }

    /// A blank --to or --from is refused, naming the option: SQLite takes an empty path for a
    /// throwaway temporary database, so `copy --to ''` said "Copied 45 pins … to " and lost
    /// them (exit 0); `--from ''` said "no Pinmap store at  (…)". A blank PINMAP_DB is named too.
    func testABlankStoreNameIsRefusedByItsOption() throws {
        let s = CLITestStore(self)
        XCTAssertEqual(s.run("add", "--title", "a", "--lat", "1", "--lon", "2").code, 0)
        for (args, option, given) in [(["--from", s.path, "--to", ""], "--to", ""), (["--from", " ", "--to", s.file("b.sqlite")], "--from", " ")] {
            let r = PinmapCLI.execute(["copy"] + args)
            XCTAssertEqual(r.code, 2, "\(args)")
            XCTAssertEqual(r.stdout, "")
            XCTAssertEqual(r.stderr, "pinmap copy: \(option) needs a store file's path or a postgresql:// URI, got '\(given)' (an empty path would be a throwaway temporary database)\nTry 'pinmap copy --help'.\n")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.file("b.sqlite")))
        let saved = ProcessInfo.processInfo.environment["PINMAP_DB"]
        setenv("PINMAP_DB", " ", 1)
        defer { if let saved { setenv("PINMAP_DB", saved, 1) } else { unsetenv("PINMAP_DB") } }
        let list = PinmapCLI.execute(["list"])
        XCTAssertEqual(list.code, 2)
        XCTAssertEqual(list.stderr, "pinmap: PINMAP_DB needs a store file's path or a postgresql:// URI, got ' ' (an empty path would be a throwaway temporary database)\nTry 'pinmap --help'.\n")
    }

    /// --from and --to naming one file, spelt two ways (a path through `..`, a symbolic link, a
    /// hard link): refused as the same store, as the same spelling is. It copied nothing,
    /// saying every pin was already there.
    func testTheSameStoreSpeltTwoWaysIsRefused() throws {
        let folder = try makeTempFolder().path
        let store = folder + "/pins.sqlite"
        XCTAssertEqual(PinmapCLI.execute(["add", "--title", "Jongmyo", "--lat", "37.5744", "--lon", "126.994", "--db", store]).code, 0)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.sqlite", withDestinationPath: "pins.sqlite")
        try FileManager.default.linkItem(atPath: store, toPath: folder + "/hard.sqlite")
        for to in [store, folder + "/../" + (folder as NSString).lastPathComponent + "/pins.sqlite", folder + "/link.sqlite", folder + "/hard.sqlite"] {
            let copy = PinmapCLI.execute(["copy", "--from", store, "--to", to])
            XCTAssertEqual(copy.code, 2, to)
            XCTAssertEqual(copy.stderr, "pinmap copy: --from and --to name the same store\nTry 'pinmap copy --help'.\n", to)
        }
        XCTAssertEqual(PinmapCLI.execute(["copy", "--from", store, "--to", folder + "/other.sqlite"]).code, 0, "another file is copied into")
    }

    /// A missing file, a server that is down, a URI libpq cannot read, a file that cannot be
    /// made: each names its side. No server is needed (port 1 refuses at once).
    func testEveryStoreErrorNamesItsSide() throws {
        let folder = try makeTempFolder().path
        let store = folder + "/pins.sqlite"
        XCTAssertEqual(PinmapCLI.execute(["add", "--title", "Jongmyo", "--lat", "37.5744", "--lon", "126.994", "--db", store]).code, 0)
        let cases: [([String], String)] = [
            (["--from", folder + "/nofile.sqlite", "--to", folder + "/x.sqlite"],
             "pinmap copy: --from: no Pinmap store at \(folder)/nofile.sqlite (nothing was created; `pinmap import` or `pinmap add` creates one)\n"),
            (["--from", "postgresql://ann:Hunter2Secret@127.0.0.1:1/pins", "--to", folder + "/x.sqlite"],
             "pinmap copy: --from: cannot connect to the PostgreSQL server 127.0.0.1:1 (database pins): connection to server at \"127.0.0.1\", "
             + "port 1 failed: Connection refused; Is the server running on that host and accepting TCP/IP connections?\n"),
            (["--from", store, "--to", " Postgres://ann:Hunter2Secret@127.0.0.1:1/pins?foo=1"],
             "pinmap copy: --to: cannot read the PostgreSQL URI postgres://ann:****@127.0.0.1:1/pins?foo=1: invalid URI query parameter: \"foo\" "
             + "(nothing was connected; correct the URI)\n"),
            (["--from", store, "--to", "/proc/pinmap-copy-test.sqlite"],
             "pinmap copy: --to: cannot open store /proc/pinmap-copy-test.sqlite: cannot open /proc/pinmap-copy-test.sqlite: No such file or directory\n"),
        ]
        for (args, message) in cases {
            let copy = PinmapCLI.execute(["copy"] + args)
            XCTAssertEqual(copy.code, 1, "\(args)")
            XCTAssertEqual(copy.stderr, message)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["pins.sqlite"])
    }
}
