import Foundation
import XCTest
import PinmapCLI
import PinStore
import PinmapTestSupport

/// No command destroys a file it was not asked to write, creates a store it was
/// not asked to create, or says more than one bounded line in the user's words.
final class HostileInputTests: XCTestCase {
    private func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    private func seededStore() -> CLITestStore {
        let s = CLITestStore(self)
        XCTAssertEqual(s.run("import", RepoFiles.seoulPins).code, 0)
        return s
    }

    func testExportNeverOverwritesTheStoreOrItsJournals() throws {
        let s = seededStore()
        let before = try XCTUnwrap(bytes(s.path))
        let link = s.file("link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: s.path)
        let hard = s.file("hard.sqlite")
        try FileManager.default.linkItem(atPath: s.path, toPath: hard)
        let dotted = (s.path as NSString).deletingLastPathComponent + "/./../" + ((s.path as NSString).deletingLastPathComponent as NSString).lastPathComponent + "/pins.sqlite"
        for (target, what) in [(s.path, "the store"), (link, "the store"), (hard, "the store"), (dotted, "the store"),
                               (s.path + "-wal", "the store's wal file"), (s.path + "-journal", "the store's journal file")] {
            let r = s.run("export", "-o", target)
            XCTAssertEqual(r.code, 1, target)
            XCTAssertEqual(r.stderr, "pinmap: -o \(target) is \(what); refusing to overwrite it (nothing was written). Choose another file\n")
        }
        XCTAssertEqual(bytes(s.path), before)
        XCTAssertEqual(try s.open().count(), 45)
    }

    func testRejectsNeverOverwriteTheStoreOrTheInput() throws {
        let s = seededStore()
        let input = s.file("c.csv")
        try (String(contentsOfFile: RepoFiles.seoulPins, encoding: .utf8) + "bad,row\n").write(toFile: input, atomically: true, encoding: .utf8)
        let inputBytes = try XCTUnwrap(bytes(input))
        let storeBytes = try XCTUnwrap(bytes(s.path))
        for (target, what) in [(s.path, "the store"), (input, "the input file"), (s.file("./c.csv"), "the input file")] {
            let r = s.run("import", input, "--rejects", target)
            XCTAssertEqual(r.code, 1, target)
            XCTAssertEqual(r.stderr, "pinmap: --rejects \(target) is \(what); refusing to overwrite it (nothing was written). Choose another file\n")
        }
        XCTAssertEqual(bytes(input), inputBytes)
        XCTAssertEqual(bytes(s.path), storeBytes)
    }

    /// Outputs appear whole, by a rename: no temporary file is left behind, an old file is replaced.
    func testOutputsAreWrittenToATemporaryFileAndRenamed() throws {
        let s = seededStore()
        let out = s.file("out.csv")
        try "old contents".write(toFile: out, atomically: true, encoding: .utf8)
        XCTAssertEqual(s.run("export", "-o", out).code, 0)
        XCTAssertTrue(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("title,description,category"))
        let rejects = s.file("rejects.csv")
        let input = s.file("in.csv")
        try "name,lat,lon\nok,1,2\nbad,,\n".write(toFile: input, atomically: true, encoding: .utf8)
        XCTAssertEqual(s.run("import", input, "--rejects", rejects).code, 0)
        XCTAssertEqual(try String(contentsOfFile: rejects, encoding: .utf8),
                       "line,reason,name,lat,lon\n3,latitude is empty; longitude is empty,bad,,\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: (s.path as NSString).deletingLastPathComponent)
        XCTAssertEqual(names.filter { $0.hasPrefix(".") }, [], "no temporary file left")
    }

    /// A rejects file on a full disk (`/dev/full` answers every write with ENOSPC): the import
    /// rolls back, pins and batch included.
    func testAFullDiskForTheRejectsRollsTheImportBack() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { throw XCTSkip("no /dev/full") }
        let s = seededStore()
        let input = s.file("in.csv")
        var text = "name,lat,lon\nnew pin,1,2\n"
        for i in 0..<2000 { text += "bad \(i) " + String(repeating: "x", count: 1000) + ",,\n" }
        try text.write(toFile: input, atomically: true, encoding: .utf8)
        let r = s.run("import", input, "--rejects", "/dev/full", "--json")
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(r.stderr, "pinmap import: cannot write the rejects file /dev/full: the disk is full\n")
        XCTAssertTrue(r.stdout.contains("\"imported\" : 0,"), r.stdout)
        XCTAssertEqual(try s.open().count(), 45, "the new pin was rolled back")
        XCTAssertEqual(try s.open().importBatches().count, 1, "no second batch")
    }

    func testReadOnlyCommandsNeverCreateAStore() throws {
        let dir = URL(fileURLWithPath: try makeTempFolder().path).appendingPathComponent("none")
        let db = dir.appendingPathComponent("sub/pins.sqlite").path
        let commands: [[String]] = [["list"], ["show", "1"], ["comments", "1"], ["imports"], ["export"], ["undo-import", "1"],
                                    ["delete", "1"], ["edit", "1", "--title", "x"], ["comment", "1", "hi"], ["uncomment", "1"],
                                    ["index"]]
        for c in commands {
            let r = PinmapCLI.execute(c + ["--db", db])
            XCTAssertEqual(r.code, 1, "\(c)")
            XCTAssertTrue(r.stderr.hasPrefix("pinmap: no Pinmap store at \(db)") || r.stderr.hasPrefix("pinmap: no store at \(db)"), "\(c): \(r.stderr)")
        }
        // An explicit --db in a missing folder is an error even for commands that create.
        let add = PinmapCLI.execute(["add", "--title", "x", "--lat", "1", "--lon", "2", "--db", db])
        XCTAssertEqual(add.code, 1)
        XCTAssertEqual(add.stderr, "pinmap: cannot open store \(db): the folder \(dir.path)/sub does not exist; create it first or choose another --db path\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path), "neither the store nor its folders")
        // An existing empty file is not a store either, and stays empty.
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let empty = dir.appendingPathComponent("empty.sqlite").path
        FileManager.default.createFile(atPath: empty, contents: Data())
        XCTAssertEqual(PinmapCLI.execute(["list", "--db", empty]).code, 1)
        XCTAssertEqual(bytes(empty), Data())
    }

    /// An empty file that is not named like a store (`in.csv`) or is read-only is someone
    /// else's: `add` and `import` refuse it, naming it, and leave it empty.
    func testAnEmptyNonStoreFileNeverBecomesAStore() throws {
        let dir = try makeTempFolder().path
        let csv = dir + "/26-empty-file.csv"
        FileManager.default.createFile(atPath: csv, contents: Data())
        let add = PinmapCLI.execute(["add", "--title", "x", "--lat", "1", "--lon", "1", "--db", csv])
        XCTAssertEqual(add.code, 1)
        XCTAssertEqual(add.stderr, "pinmap: cannot open store \(csv): \(csv) is an empty .csv file, not a Pinmap store, and was not changed; give --db a new file name or an existing store (e.g. pins.sqlite)\n")
        let source = dir + "/in.csv"
        try "name,lat,lon\nA,1,2\n".write(toFile: source, atomically: true, encoding: .utf8)
        XCTAssertEqual(PinmapCLI.execute(["import", source, "--db", csv]).code, 1)
        XCTAssertEqual(bytes(csv), Data())
        let locked = dir + "/locked.sqlite"
        FileManager.default.createFile(atPath: locked, contents: Data(), attributes: [.posixPermissions: 0o444])
        let addLocked = PinmapCLI.execute(["add", "--title", "x", "--lat", "1", "--lon", "1", "--db", locked])
        XCTAssertEqual(addLocked.code, 1)
        XCTAssertEqual(addLocked.stderr, "pinmap: cannot open store \(locked): \(locked) is an empty read-only file and was not changed; make it writable or choose another --db path\n")
        XCTAssertEqual(bytes(locked), Data())
        // An empty file named like a store is still claimed (`mktemp --suffix .sqlite`).
        let claimable = dir + "/new.sqlite"
        FileManager.default.createFile(atPath: claimable, contents: Data())
        XCTAssertEqual(PinmapCLI.execute(["add", "--title", "x", "--lat", "1", "--lon", "1", "--db", claimable]).code, 0)
    }

    /// The default (XDG) path is the one place a store's folders are created.
    func testTheDefaultPathCreatesItsFolders() throws {
        let dir = try makeTempFolder().path
        let saved = (ProcessInfo.processInfo.environment["XDG_DATA_HOME"], ProcessInfo.processInfo.environment["PINMAP_DB"])
        setenv("XDG_DATA_HOME", dir + "/data", 1)
        unsetenv("PINMAP_DB")
        defer {
            if let x = saved.0 { setenv("XDG_DATA_HOME", x, 1) } else { unsetenv("XDG_DATA_HOME") }
            if let p = saved.1 { setenv("PINMAP_DB", p, 1) }
        }
        XCTAssertEqual(PinmapCLI.execute(["list"]).code, 1, "list does not create it")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/data"))
        XCTAssertEqual(PinmapCLI.execute(["add", "--title", "x", "--lat", "1", "--lon", "2"]).code, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/data/pinmap/pins.sqlite"))
    }

    func testAForeignOrNewerSQLiteFileIsNeverModified() throws {
        let dir = URL(fileURLWithPath: try makeTempFolder().path)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let cases: [(String, String, String)] = [
            ("versioned.sqlite", "PRAGMA user_version = 7", "not a Pinmap store"),
            ("tables.sqlite", "CREATE TABLE notes(x)", "not a Pinmap store"),
            ("other-app.sqlite", "PRAGMA application_id = 42", "not a Pinmap store"),
            ("newer.sqlite", "PRAGMA application_id = \(0x5069_6E4D); PRAGMA user_version = 99", "store schema version 99 is newer"),
        ]
        for (name, sql, expected) in cases {
            let path = dir.appendingPathComponent(name).path
            try Database(path: path).execute(sql)
            let before = try XCTUnwrap(bytes(path))
            for args in [["add", "--title", "x", "--lat", "1", "--lon", "2"], ["import", RepoFiles.seoulPins], ["list"]] {
                let r = PinmapCLI.execute(args + ["--db", path])
                XCTAssertEqual(r.code, 1, "\(name) \(args)")
                XCTAssertTrue(r.stderr.contains(expected), r.stderr)
            }
            XCTAssertEqual(bytes(path), before, "\(name) unchanged")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
        }
    }

    func testAnOptionWithoutItsValueSaysSo() {
        let r = PinmapCLI.execute(["list", "--limit", "--db", "/tmp/x.sqlite"])
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.stderr, "pinmap list: --limit needs a value\nTry 'pinmap list --help'.\n")
    }

    /// An option given twice takes the last value, as most tools do (a shell alias's `--db`
    /// can be overridden), and an alias counts as its option: `export -o a.csv --output
    /// b.csv` wrote a.csv, the first, since -o was read before --output whatever the order.
    func testAnOptionGivenTwiceTakesTheLastAliasesToo() throws {
        let s = CLITestStore(self)
        XCTAssertEqual(s.run("add", "--title", "a", "--lat", "1", "--lon", "2").code, 0)
        XCTAssertEqual(s.run("add", "--title", "b", "--lat", "3", "--lon", "4").code, 0)
        let limit = s.run("list", "--limit", "2", "--limit=1")
        XCTAssertEqual(limit.code, 0, limit.stderr)
        XCTAssertEqual(limit.stdout.split(separator: "\n").count, 1)
        let output = s.run("export", "-o", s.file("a.csv"), "--output", s.file("b.csv"))
        XCTAssertEqual(output.code, 0, output.stderr)
        XCTAssertEqual(output.stderr, "Exported 2 pins to \(s.file("b.csv"))\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.file("a.csv")))
        XCTAssertTrue(FileManager.default.fileExists(atPath: s.file("b.csv")))
        let other = s.file("other.sqlite")
        XCTAssertEqual(PinmapCLI.execute(["list", "--db", other, "--db", s.path]).code, 0, "the last --db")
        XCTAssertFalse(FileManager.default.fileExists(atPath: other))
        XCTAssertEqual(s.run("list", "--json", "--json").code, 0)
    }

    /// A bare `-` as an output (`export -o -`, `import --rejects -`) is refused: it made a file
    /// called '-' in the working folder ("Exported 1 pin to -"), where standard output was
    /// meant. `./-` still names such a file.
    func testADashIsNoOutputFile() throws {
        let s = CLITestStore(self)
        XCTAssertEqual(s.run("add", "--title", "a", "--lat", "1", "--lon", "2").code, 0)
        let export = s.run("export", "-o", "-")
        XCTAssertEqual(export.code, 2)
        XCTAssertEqual(export.stdout, "")
        XCTAssertEqual(export.stderr, "pinmap export: -o -: '-' does not mean standard output here, and a file named '-' is not made unasked; give a file name (./- for one named '-')\nTry 'pinmap export --help'.\n")
        let csv = s.file("in.csv")
        try "name,lat,lon\nA,3,4\nB,x,y\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let rejects = s.run("import", csv, "--rejects", "-")
        XCTAssertEqual(rejects.code, 2)
        XCTAssertEqual(rejects.stderr, "pinmap import: --rejects -: '-' does not mean standard output here, and a file named '-' is not made unasked; give a file name (./- for one named '-')\nTry 'pinmap import --help'.\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/-"))
        XCTAssertEqual(try s.open().count(), 1, "nothing imported")
        let dashFile = s.file("-")
        XCTAssertEqual(s.run("export", "-o", dashFile, "--format", "csv").code, 0, "a path ending in /- is a file")
        XCTAssertTrue(FileManager.default.fileExists(atPath: dashFile))
    }

    /// An empty path to write or to import is a usage error naming the option. They opened the
    /// current folder: "cannot write : it is a directory" and "pinmap import: : cannot read the
    /// file", exit 1.
    func testAnEmptyPathIsAUsageError() throws {
        let s = CLITestStore(self)
        XCTAssertEqual(s.run("add", "--title", "a", "--lat", "1", "--lon", "2").code, 0)
        let export = s.run("export", "-o", "")
        XCTAssertEqual(export.code, 2)
        XCTAssertEqual(export.stdout, "")
        XCTAssertEqual(export.stderr, "pinmap export: -o needs a file's path, got ''\nTry 'pinmap export --help'.\n")
        let rejects = s.run("import", RepoFiles.seoulPins, "--rejects", "")
        XCTAssertEqual(rejects.code, 2)
        XCTAssertEqual(rejects.stderr, "pinmap import: --rejects needs a file's path, got ''\nTry 'pinmap import --help'.\n")
        let input = s.run("import", RepoFiles.seoulPins, "")
        XCTAssertEqual(input.code, 2)
        XCTAssertEqual(input.stderr, "pinmap import: FILE 2 is empty (''); give the path of a file to import\nTry 'pinmap import --help'.\n")
        XCTAssertEqual(try s.open().count(), 1, "nothing imported")
    }

    /// A comment's word or a file's name that starts with '-' is read as an option: the error
    /// says how to give it (after --); it said "unknown option '-great'" alone.
    func testAnArgumentStartingWithADashSaysToPutDoubleDashBeforeIt() throws {
        let s = CLITestStore(self)
        XCTAssertEqual(s.run("add", "--title", "a", "--lat", "1", "--lon", "2").code, 0)
        let comment = s.run("comment", "1", "-great")
        XCTAssertEqual(comment.code, 2)
        XCTAssertEqual(comment.stderr, "pinmap comment: unknown option '-great' (to give a text starting with '-', put -- before it: -- -great)\nTry 'pinmap comment --help'.\n")
        let given = PinmapCLI.execute(["comment", "1", "--db", s.path, "--", "-great"])  // not s.run: --db after -- is text
        XCTAssertEqual(given.code, 0, given.stderr)
        XCTAssertEqual(s.run("comments", "1").stdout.split(separator: "\t").last, "-great\n")
        let file = s.run("import", "-x.csv")
        XCTAssertEqual(file.stderr, "pinmap import: unknown option '-x.csv' (to give a file starting with '-', put -- before it: -- -x.csv)\nTry 'pinmap import --help'.\n")
        // A slip of a known option keeps its suggestion; a command of fixed arguments no hint.
        XCTAssertEqual(s.run("comment", "1", "--jsn").stderr, "pinmap comment: unknown option '--jsn' (did you mean '--json'?)\nTry 'pinmap comment --help'.\n")
        XCTAssertEqual(s.run("show", "-x").stderr, "pinmap show: unknown option '-x'\nTry 'pinmap show --help'.\n")
    }

    /// A 1 MB one-line file: the message quotes at most 40 characters of its header (and lists
    /// every accepted name: about 850 characters in all).
    func testMessagesAreOneBoundedLine() throws {
        let s = CLITestStore(self)
        let path = s.file("one line\nname.csv")
        try (String(repeating: "h", count: 1_000_000) + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let r = s.run("import", path)
        XCTAssertEqual(r.code, 1)
        XCTAssertLessThan(r.stderr.count, 950, r.stderr)
        XCTAssertEqual(r.stderr.filter { $0 == "\n" }.count, 1, "one line: \(r.stderr)")
        let header = "\"" + String(repeating: "h", count: 40) + "…\""
        XCTAssertTrue(r.stderr.hasPrefix("pinmap import: \(s.file("one line\\nname.csv")): no coordinate columns. Headers found: \(header). "), r.stderr)
    }

    func testNoSQLTextReachesTheUser() throws {
        let dir = URL(fileURLWithPath: try makeTempFolder().path)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("garbage.sqlite").path
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: path))
        let r = PinmapCLI.execute(["list", "--db", path])
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(r.stderr, "pinmap: cannot open store \(path): it is not an SQLite database (nothing was changed); choose another --db path\n")
    }

    /// FIFOs and devices are refused at once ("not a regular file"), never read as empty, never waited on.
    func testStreamsAreRefusedAtOnce() throws {
        let s = seededStore()
        let fifo = s.file("fifo.csv")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let r = s.run("import", fifo)
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(r.stderr, "pinmap import: \(fifo): cannot read the file: it is not a regular file but a pipe (FIFO); save the data to a file and import that\n")
        let zero = s.run("import", "/dev/zero", "--dry-run")
        XCTAssertEqual(zero.code, 1)
        XCTAssertEqual(zero.stderr, "pinmap import: /dev/zero: cannot read the file: it is not a regular file but a device; save the data to a file and import that\n")
        // `-`, standard input to many tools, is a file name here: without such a file, the
        // refusal says standard input is not read (it said only "No such file or directory").
        let dash = s.run("import", "-")
        XCTAssertEqual(dash.code, 1)
        XCTAssertEqual(dash.stderr, "pinmap import: -: cannot read the file: no file is named '-', and standard input is not read; save the data to a file and import that\n")
    }

    /// A carriage return inside a title survives export and import.
    func testACarriageReturnInATitleRoundTrips() throws {
        let s = CLITestStore(self)
        XCTAssertEqual(s.run("add", "--title", "line one\rline two", "--lat", "1", "--lon", "2").code, 0)
        let out = s.file("cr.csv")
        XCTAssertEqual(s.run("export", "-o", out).code, 0)
        let t = CLITestStore(self)
        XCTAssertEqual(t.run("import", out).code, 0)
        XCTAssertEqual(try t.open().pins().map(\.title), ["line one\rline two"])
    }

    /// An argument that is not UTF-8 (a Latin-1 file name) is refused by its bytes, through the
    /// built binary (a `Process` takes only `String`s, so `sh` makes the bytes). It was read as
    /// `caf\u{FFFD}.csv`: "No such file or directory" though the file is there; nothing is created.
    func testAnArgumentThatIsNotUTF8IsRefusedByItsBytes() throws {
        let binary = RepoFiles.root.appendingPathComponent(".build/debug/pinmap").path
        guard FileManager.default.isExecutableFile(atPath: binary) else { throw XCTSkip("no binary at \(binary)") }
        let folder = try makeTempFolder().path
        try FileManager.default.copyItem(atPath: RepoFiles.seoulPins, toPath: folder + "/plain.csv")
        let script = #"cd "$1" && mv plain.csv "$(printf 'caf\351.csv')" && "$0" import "$(printf 'caf\351.csv')" --db p.sqlite; echo "exit $?"; ls | od -An -c | tr -s ' '"#
        let r = try Processes.run("/bin/sh", ["-c", script, binary, folder])
        XCTAssertEqual(r.output, """
            pinmap: argument 2 'caf\\xE9.csv' is not UTF-8 text; Pinmap reads its arguments as UTF-8: rename the file (convmv -f latin1 -t utf8) or retype the text
            Try 'pinmap --help'.
            exit 2
             c a f 351 . c s v \\n

            """)
        // PINMAP_DB of such bytes made a store named '\u{FFFD}.sqlite'; with --db it is not read.
        let env = #"cd "$1" && PINMAP_DB="$(printf '\377.sqlite')" "$0" add --title a --lat 1 --lon 2; echo "exit $?"; PINMAP_DB="$(printf '\377.sqlite')" "$0" add --title a --lat 1 --lon 2 --db ok.sqlite; echo "exit $?"; ls"#
        let e = try Processes.run("/bin/sh", ["-c", env, binary, folder])
        XCTAssertEqual(e.output, """
            pinmap: PINMAP_DB '\\xFF.sqlite' is not UTF-8 text; Pinmap reads it as UTF-8: set it to a UTF-8 path, or give --db PATH
            exit 1
            1
            exit 0
            caf\u{FFFD}.csv
            ok.sqlite

            """)
        XCTAssertThrowsError(try ArgumentBytes.strings([Array("add".utf8), Array("--title".utf8), [0x74, 0xFF]])) { e in
            XCTAssertEqual((e as? CLIError)?.message, "pinmap: argument 3 't\\xFF' is not UTF-8 text; Pinmap reads its arguments as UTF-8: rename the file (convmv -f latin1 -t utf8) or retype the text\nTry 'pinmap --help'.")
        }
        XCTAssertEqual(try ArgumentBytes.strings([Array("서울".utf8), []]), ["서울", ""])
    }
}
