import Foundation
import XCTest
import PinmapCLI
import PinStore

/// No output is written over the store's journals through a link to one that does
/// not exist yet, over a read-only file, or with the mode of the file it replaces lost; and
/// messages that say what happened, once.
final class WritePathTests: XCTestCase {
    private func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    private func seededStore() -> CLITestStore {
        let s = CLITestStore(self)
        XCTAssertEqual(s.run("import", RepoFiles.seoulPins).code, 0)
        return s
    }

    private func mode(_ path: String) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    /// The store's `-wal`, `-shm` and `-journal` do not exist between commands: a link to one
    /// (directly, or through a second link) is refused as that file.
    func testOutputsThroughDanglingLinksToTheJournalsAreRefused() throws {
        let s = seededStore()
        let input = s.file("in.csv")
        try "name,lat,lon\nok,1,2\nbad,,\n".write(toFile: input, atomically: true, encoding: .utf8)
        for suffix in ["-wal", "-shm", "-journal"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: s.path + suffix), "the test needs \(suffix) absent")
        }
        let hop = s.file("hop")
        try FileManager.default.createSymbolicLink(atPath: hop, withDestinationPath: "pins.sqlite-wal")
        let cases: [(link: String, target: String, what: String)] = [
            ("rr.csv", "pins.sqlite-wal", "the store's wal file"), ("sh.csv", s.path + "-shm", "the store's shm file"),
            ("jr.csv", "pins.sqlite-journal", "the store's journal file"), ("two.csv", "hop", "the store's wal file"),
        ]
        for c in cases {
            let link = s.file(c.link)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: c.target)
            let rejects = s.run("import", input, "--rejects", link)
            XCTAssertEqual(rejects.code, 1, c.link)
            XCTAssertEqual(rejects.stderr, "pinmap: --rejects \(link) is \(c.what); refusing to overwrite it (nothing was written). Choose another file\n")
            let export = s.run("export", "-o", link)
            XCTAssertEqual(export.code, 1, c.link)
            XCTAssertEqual(export.stderr, "pinmap: -o \(link) is \(c.what); refusing to overwrite it (nothing was written). Choose another file\n")
        }
        XCTAssertEqual(try s.open().count(), 45)
    }

    /// With `--db LINK`, SQLite writes its WAL beside the link's target (TARGET-wal, checked
    /// with Debian's SQLite 3.40), never as LINK-wal: `-o LINK-wal` harms nothing and is
    /// written; it was refused as "the store's wal file".
    func testTheLinksOwnJournalNamesAreNotTheStores() throws {
        let s = seededStore()
        let linkedStore = s.file("dbl")
        try FileManager.default.createSymbolicLink(atPath: linkedStore, withDestinationPath: s.path)
        let out = linkedStore + "-wal"
        let r = PinmapCLI.execute(["export", "-o", out, "--db", linkedStore])
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), s.run("export").stdout)
        let real = PinmapCLI.execute(["export", "-o", s.path + "-wal", "--db", linkedStore])
        XCTAssertEqual(real.code, 1)
        XCTAssertEqual(real.stderr, "pinmap: -o \(s.path)-wal is the store's wal file; refusing to overwrite it (nothing was written). Choose another file\n")
        XCTAssertEqual(try s.open().count(), 45)
    }

    /// A store reached through a link: SQLite names its journals after the file itself.
    func testTheJournalsOfALinkedStoreAreItsTargets() throws {
        let s = seededStore()
        let linkedStore = s.file("linked.sqlite")
        try FileManager.default.createSymbolicLink(atPath: linkedStore, withDestinationPath: s.path)
        let out = s.file("out.csv")
        try FileManager.default.createSymbolicLink(atPath: out, withDestinationPath: s.path + "-wal")
        let r = PinmapCLI.execute(["export", "-o", out, "--db", linkedStore])
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(r.stderr, "pinmap: -o \(out) is the store's wal file; refusing to overwrite it (nothing was written). Choose another file\n")
    }

    /// A file with no write permission is left alone, even by root (as here in CI), and says so.
    func testAReadOnlyFileIsNotReplaced() throws {
        let s = seededStore()
        let out = s.file("locked.csv")
        try "old".write(toFile: out, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(out, 0o444), 0)
        let r = s.run("export", "-o", out)
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(r.stderr, "pinmap: cannot write \(out): it is read-only; make it writable (chmod u+w) or choose another file (nothing was written)\n")
        XCTAssertEqual(bytes(out), Data("old".utf8))
        XCTAssertEqual(try mode(out), 0o444)
        let input = s.file("in.csv")
        try "name,lat,lon\nok,1,2\nbad,,\n".write(toFile: input, atomically: true, encoding: .utf8)
        let imp = s.run("import", input, "--rejects", out)
        XCTAssertEqual(imp.code, 1)
        XCTAssertEqual(imp.stderr, "pinmap import: cannot write the rejects file \(out): it is read-only; make it writable (chmod u+w) or choose another file\n")
        XCTAssertEqual(bytes(out), Data("old".utf8))
        XCTAssertEqual(try s.open().count(), 45, "the import was refused whole")
    }

    /// Replacing a file keeps its mode (a private file stays private).
    func testAReplacedFileKeepsItsMode() throws {
        let s = seededStore()
        let out = s.file("private.csv")
        try "old".write(toFile: out, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(out, 0o640), 0)
        XCTAssertEqual(s.run("export", "-o", out).code, 0)
        XCTAssertEqual(try mode(out), 0o640)
        XCTAssertTrue(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("title,description,category"))
    }

    /// A full disk: "(nothing was written)" once.
    func testAFullDiskSaysNothingWasWrittenOnce() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { throw XCTSkip("no /dev/full") }
        let s = seededStore()
        let r = s.run("export", "-o", "/dev/full")
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(r.stderr, "pinmap: cannot write /dev/full: the disk is full (nothing was written)\n")
    }

    /// A pipe, a device or a folder given as the store says what it is, not "check the disk".
    func testAStoreThatIsNotARegularFileSaysSo() throws {
        let s = CLITestStore(self)
        let fifo = s.file("pipe")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let folder = (s.path as NSString).deletingLastPathComponent
        for (path, kind) in [(fifo, "a pipe (FIFO)"), ("/dev/null", "a device"), (folder, "a folder")] {
            for args in [["list"], ["import", RepoFiles.seoulPins], ["add", "--title", "x", "--lat", "1", "--lon", "2"]] {
                let r = PinmapCLI.execute(args + ["--db", path])
                XCTAssertEqual(r.code, 1, "\(args) \(path)")
                XCTAssertEqual(r.stderr, "pinmap: cannot open store \(path): it is not a regular file but \(kind); a store is a file: choose another --db path\n")
            }
        }
    }

    /// A `-wal` planted as a link to another file (a shared folder) is refused before SQLite
    /// opens the store, which would write and truncate that file through the link.
    func testAJournalThatIsALinkIsRefused() throws {
        let s = seededStore()
        let victim = s.file("victim.txt")
        try "precious".write(toFile: victim, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: s.path + "-wal", withDestinationPath: victim)
        for args in [["list"], ["add", "--title", "x", "--lat", "1", "--lon", "2"]] {
            let r = s.run(args)
            XCTAssertEqual(r.code, 1, "\(args)")
            XCTAssertEqual(r.stderr, "pinmap: cannot open store \(s.path): its wal file \(s.path)-wal is a symbolic link, which SQLite would write through; remove it (nothing was changed)\n")
        }
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious")
    }

    /// A dry run exits as the import would: 1 when every row is rejected.
    func testADryRunExitsAsTheImportWould() throws {
        let s = seededStore()
        let input = s.file("nan.geojson")
        try #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":["NaN","NaN"]},"properties":{}}]}"#
            .write(toFile: input, atomically: true, encoding: .utf8)
        let real = s.run("import", input)
        let dry = s.run("import", input, "--dry-run")
        XCTAssertEqual(real.code, 1)
        XCTAssertEqual(dry.code, 1)
        XCTAssertEqual(dry.stderr, "pinmap import: \(input): every data row was rejected (1); nothing would be imported\n")
        let good = s.file("good.csv")
        try "name,lat,lon\nnew,1,2\nbad,,\n".write(toFile: good, atomically: true, encoding: .utf8)
        XCTAssertEqual(s.run("import", good, "--dry-run").code, 0)
        XCTAssertEqual(try s.open().count(), 45)
    }
}
