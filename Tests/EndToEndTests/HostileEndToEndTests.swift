import Foundation
import XCTest

/// With the real binary: a full disk, concurrent processes, a busy store, and keys
/// typed while the UI indexes at start-up.
final class HostileEndToEndTests: XCTestCase {
    private func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pm-hostile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    private func binary() throws -> String {
        guard let bin = Tmux.binaryPath() else { throw XCTSkip("pinmap binary not built") }
        return bin
    }

    /// The rejects file cannot be written (a 600 KiB file size limit stands in for a full
    /// disk): the import rolls back, pins and batch included, and no rejects file is left.
    func testARejectsFileThatCannotBeWrittenRollsTheImportBack() throws {
        let bin = try binary()
        let dir = try folder()
        var csv = "name,lat,lon\n"
        for i in 0..<20 { csv += "ok \(i),\(i),\(i)\n" }
        for _ in 0..<400 { csv += "bad" + String(repeating: "x", count: 3000) + ",,\n" }
        try csv.write(toFile: dir + "/in.csv", atomically: true, encoding: .utf8)
        let script = "trap '' XFSZ; ulimit -f 600; exec \"$0\" import \(dir)/in.csv --rejects \(dir)/rejects.csv --db \(dir)/p.sqlite --json"
        let r = Tmux.run(["/bin/sh", "-c", script, bin])
        XCTAssertEqual(r.status, 1, r.err)
        XCTAssertEqual(r.err, "pinmap import: cannot write the rejects file \(dir)/rejects.csv: File too large\n")
        XCTAssertTrue(r.out.contains("\"file_error\" : \"cannot write the rejects file"), r.out)
        // The store did not exist before: the failed import leaves none behind.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(),
                       ["in.csv"], "no store, no rejects file, no temporary file")
        XCTAssertEqual(Tmux.run([bin, "list", "--db", dir + "/p.sqlite"]).out, "")
    }

    /// An ordinary user (`nobody`, run by root through `setpriv`) in a folder anyone
    /// may write cannot replace a root-owned file they may not write, as `cp` and a shell's `>`
    /// cannot. Needs root (as in CI) to make the users; skipped otherwise.
    func testAnotherUsersFileIsNotReplacedInASharedFolder() throws {
        let bin = try binary()
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("needs root and setpriv to run as another user")
        }
        let dir = try folder()
        XCTAssertEqual(chmod(dir, 0o777), 0)
        try "name,lat,lon\nA,1,2\n".write(toFile: dir + "/in.csv", atomically: true, encoding: .utf8)
        XCTAssertEqual(Tmux.run([bin, "import", dir + "/in.csv", "--db", dir + "/p.sqlite"]).status, 0)
        for name in ["p.sqlite", "in.csv"] { XCTAssertEqual(chmod(dir + "/" + name, 0o666), 0) }
        let target = dir + "/root.csv"
        try "root's".write(toFile: target, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(target, 0o644), 0)
        let asNobody = ["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", bin]
        let export = Tmux.run(asNobody + ["export", "--db", dir + "/p.sqlite", "-o", target])
        XCTAssertEqual(export.status, 1, export.err)
        XCTAssertEqual(export.err, "pinmap: cannot write \(target): it belongs to root and is read-only for you; choose another file (nothing was written)\n")
        // Nor is a 0444 file of root's: the chmod advice is the owner's alone.
        XCTAssertEqual(chmod(target, 0o444), 0)
        let locked = Tmux.run(asNobody + ["export", "--db", dir + "/p.sqlite", "-o", target])
        XCTAssertEqual(locked.err, "pinmap: cannot write \(target): it belongs to root and is read-only for you; choose another file (nothing was written)\n")
        XCTAssertEqual(chmod(target, 0o644), 0)
        let rejects = Tmux.run(asNobody + ["import", dir + "/in.csv", "--db", dir + "/p.sqlite", "--rejects", target])
        XCTAssertEqual(rejects.status, 1, rejects.err)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "root's")
        var st = stat()
        XCTAssertEqual(stat(target, &st), 0)
        XCTAssertEqual(st.st_uid, 0, "still root's own file")
        XCTAssertEqual(st.st_mode & 0o777, 0o644)
        // A file of nobody's own is theirs to replace.
        let own = dir + "/own.csv"
        XCTAssertEqual(Tmux.run(asNobody + ["export", "--db", dir + "/p.sqlite", "-o", own]).status, 0)
        XCTAssertEqual(Tmux.run(asNobody + ["export", "--db", dir + "/p.sqlite", "-o", own]).status, 0)
    }

    /// A benchmark only reads: a store in a folder the user cannot write is timed as `render`
    /// draws it. `bench render`, `search` and `cells` opened it to write (to index what a large
    /// import left) and failed with 'the folder … is read-only'. Needs root, as above.
    func testTheBenchmarksTimeAStoreTheUserCannotWrite() throws {
        let bin = try binary()
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("needs root and setpriv to run as another user")
        }
        let dir = try folder()
        XCTAssertEqual(chmod(dir, 0o755), 0)
        let db = dir + "/p.sqlite", csv = try folder() + "/in.csv"
        try "name,lat,lon\nA,37.56,126.97\n".write(toFile: csv, atomically: true, encoding: .utf8)
        XCTAssertEqual(Tmux.run([bin, "import", csv, "--db", db]).status, 0)
        let asNobody = ["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", bin]
        let cells = Tmux.run(asNobody + ["bench", "cells", "--db", db, "--frames", "50"])
        XCTAssertEqual(cells.status, 0, cells.err)
        XCTAssertEqual(cells.err, "")
        XCTAssertEqual(cells.out.split(separator: "\n").first, "pinmap bench cells: 1 pins, Seoul, 200x60 cells, all pins, 50 reads per level, ms")
        let render = Tmux.run(asNobody + ["bench", "render", "--db", db, "--frames", "50", "--only", "world", "--size", "40x12"])
        XCTAssertEqual(render.status, 0, render.err)
        XCTAssertEqual(render.err, "")
        XCTAssertEqual(render.out.split(separator: "\n").prefix(2), ["pinmap bench render: \(db)", "  1 pins, frame 40x12 (map 40x10), 50 frames per viewport"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["p.sqlite"], "nothing written beside it")
    }

    /// `import --dry-run` writes nothing, so it checks a file against a store the user cannot
    /// write: it was refused ("the folder … is read-only: pinmap needs to write the store").
    /// Needs root, as above.
    func testADryRunChecksAStoreTheUserCannotWrite() throws {
        let bin = try binary()
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("needs root and setpriv to run as another user")
        }
        let dir = try folder(), other = try folder()
        XCTAssertEqual(chmod(dir, 0o755), 0)
        let db = dir + "/p.sqlite", csv = other + "/in.csv"
        try "name,lat,lon\nA,37.56,126.97\nB,1,2\n".write(toFile: csv, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(csv, 0o644), 0)
        XCTAssertEqual(Tmux.run([bin, "add", "--title", "A", "--lat", "37.56", "--lon", "126.97", "--db", db]).status, 0)
        let before = FileManager.default.contents(atPath: db)
        let asNobody = ["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", bin]
        let r = Tmux.run(asNobody + ["import", csv, "--dry-run", "--db", db])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertEqual(r.err, "")
        XCTAssertEqual(r.out, """
            \(csv): would import 1 pin, 0 rows rejected, 1 duplicate skipped
              CSV, encoding UTF-8, delimiter ",", columns: name="name", latitude="lat", longitude="lon"
              line 2 duplicates pin 1 in the store
              note: dry run: nothing was written to the store

            """)
        XCTAssertEqual(FileManager.default.contents(atPath: db), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["p.sqlite"])
    }

    /// A store written by `add`, `edit` and `delete` and then read by a user who cannot write
    /// it shows what they did on the map: the map's cell tree takes a command's writes before
    /// it exits. It was left for the next read that could write, so `render` as another user
    /// said "0 of 0 pins in view" with the new pin in the list. Needs root, as above.
    func testAStoreReadByAUserWhoCannotWriteItShowsTheLastWrites() throws {
        let bin = try binary()
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("needs root and setpriv to run as another user")
        }
        let dir = try folder()
        XCTAssertEqual(chmod(dir, 0o755), 0)
        let db = dir + "/p.sqlite"
        for args in [["add", "--title", "Jongmyo", "--lat", "37.5744", "--lon", "126.994"], ["add", "--title", "x", "--lat", "1", "--lon", "2"],
                     ["add", "--title", "y", "--lat", "3", "--lon", "4"], ["edit", "2", "--lat", "37.57", "--lon", "126.99"], ["delete", "3"]] {
            XCTAssertEqual(Tmux.run([bin] + args + ["--db", db]).status, 0, "\(args)")
        }
        let asNobody = ["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", bin]
        let render = Tmux.run(asNobody + ["render", "--db", db, "--size", "60x12", "--center", "37.57,126.99", "--zoom", "2048"])
        XCTAssertEqual(render.status, 0, render.err)
        XCTAssertEqual(render.out.split(separator: "\n").dropLast(1).last, " small · 2 of 2 pins in view · [list] · near Seoul,… · z2048", render.out)
    }

    /// Ten processes add a pin to a store that does not exist yet: all succeed.
    func testTenParallelAddsOnANewStore() throws {
        let bin = try binary()
        let db = try folder() + "/new.sqlite"
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 10) { i in
            results.add(Tmux.run([bin, "add", "--title", "pin \(i)", "--lat", "1", "--lon", "2", "--db", db]))
        }
        XCTAssertEqual(results.all.map(\.status), Array(repeating: 0, count: 10), results.all.map(\.err).joined())
        XCTAssertEqual(Tmux.run([bin, "list", "--db", db]).out.split(separator: "\n").count, 10)
    }

    /// Another process writes the store through a rollback journal, as the first import into
    /// a new store does: reads go on (they used to fail at once: the switch back to WAL is
    /// refused without waiting), a write waits 5 s, then names the holder by pid. No SQL text.
    func testABusyStoreLetsReadsThroughAndNamesItsHolder() throws {
        let bin = try binary()
        guard Tmux.run(["/usr/bin/env", "python3", "-c", "import sqlite3"]).status == 0 else { throw XCTSkip("no python3") }
        let db = try folder() + "/busy.sqlite"
        XCTAssertEqual(Tmux.run([bin, "add", "--title", "x", "--lat", "1", "--lon", "2", "--db", db]).status, 0)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["python3", "-c", """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute('PRAGMA journal_mode=DELETE')
            c.execute('BEGIN IMMEDIATE')
            c.execute('CREATE TABLE scratch(x)')
            print('locked', flush=True)
            time.sleep(20)
            """, db]
        let pipe = Pipe()
        holder.standardOutput = pipe
        try holder.run()
        defer { holder.terminate(); holder.waitUntilExit() }
        _ = pipe.fileHandleForReading.readData(ofLength: 7)  // "locked\n": the lock is held
        let read = Tmux.run([bin, "list", "--db", db])
        XCTAssertEqual(read.status, 0, read.err)
        XCTAssertTrue(read.out.contains("x"), read.out)
        let r = Tmux.run([bin, "add", "--title", "y", "--lat", "1", "--lon", "2", "--db", db])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.err.contains("the store is busy: another python3 (pid \(holder.processIdentifier)) is writing to it; waited 5 s"), r.err)
        XCTAssertFalse(r.err.contains("SELECT") || r.err.contains("INSERT") || r.err.contains("BEGIN"), r.err)
    }

    /// The command prefix that runs a command as a user whom permissions bind: none for a
    /// user, `runuser -u nobody --` for root (who may write anything), with `bin` copied into
    /// `dir`, where `nobody` can execute it. Skips the test as root without `runuser`.
    private func asNobody(_ bin: inout String, in dir: String) throws -> [String] {
        guard getuid() == 0 else { return [] }
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser") else { throw XCTSkip("root without runuser") }
        try FileManager.default.copyItem(atPath: bin, toPath: dir + "/pinmap")
        bin = dir + "/pinmap"
        return ["/usr/sbin/runuser", "-u", "nobody", "--"]
    }

    /// A folder the user cannot write: the message says so, in words, not SQL. (As root, the
    /// command runs as `nobody` through `runuser`, with a copy of the binary it can execute.)
    func testAReadOnlyFolderIsNamed() throws {
        var bin = try binary()
        let dir = try folder()
        XCTAssertEqual(Tmux.run([bin, "add", "--title", "x", "--lat", "1", "--lon", "2", "--db", dir + "/p.sqlite"]).status, 0)
        let prefix = try asNobody(&bin, in: dir)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: dir)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir) }
        let r = Tmux.run(prefix + [bin, "add", "--title", "y", "--lat", "1", "--lon", "2", "--db", dir + "/p.sqlite"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.err, "pinmap: cannot open store \(dir)/p.sqlite: the folder \(dir) is read-only: pinmap needs to write the store and its journal there; use a writable folder\n")
        // A command that only reads opens the store read-only and creates nothing beside it.
        let list = Tmux.run(prefix + [bin, "list", "--db", dir + "/p.sqlite"])
        XCTAssertEqual(list.status, 0, list.err)
        XCTAssertEqual(list.out.split(separator: "\t").prefix(4).joined(separator: "\t"), "1\t1.000000\t2.000000\tx")
        let show = Tmux.run(prefix + [bin, "show", "1", "--db", dir + "/p.sqlite"])
        XCTAssertEqual(show.status, 0, show.err)
        XCTAssertEqual(show.out.split(separator: "\n").first, "x")
        let render = Tmux.run(prefix + [bin, "render", "--size", "40x10", "--db", dir + "/p.sqlite"])
        XCTAssertEqual(render.status, 0, render.err)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        XCTAssertEqual(files, prefix.isEmpty ? ["p.sqlite"] : ["p.sqlite", "pinmap"])
    }

    /// A store file the user may not write (0444) in a folder they may: each write is refused
    /// naming the store and leaves nothing beside it. It used to leave a `-wal` and a `-shm`
    /// of mode 0444 there, so that once the user had made the store writable, as told, every
    /// write still failed with the same message. (As root, the commands run as `nobody`, who
    /// owns the folder, with a copy of the binary it can execute.)
    func testAReadOnlyStoreFileLeavesNothingBesideIt() throws {
        var bin = try binary()
        let dir = try folder()
        let store = dir + "/p.sqlite"
        XCTAssertEqual(Tmux.run([bin, "add", "--title", "x", "--lat", "1", "--lon", "2", "--db", store]).status, 0)
        let prefix = try asNobody(&bin, in: dir)
        if !prefix.isEmpty { for path in [dir, store] { XCTAssertEqual(chown(path, 65534, 65534), 0) } }
        XCTAssertEqual(chmod(store, 0o444), 0)
        let writes: [[String]] = [["add", "--title", "y", "--lat", "1", "--lon", "2"], ["edit", "1", "--title", "z"],
                                  ["delete", "1"], ["comment", "1", "hi"]]
        for write in writes {
            let r = Tmux.run(prefix + [bin] + write + ["--db", store])
            XCTAssertEqual(r.status, 1, "\(write)")
            XCTAssertEqual(r.err, "pinmap: the store \(store) is read-only; make it writable or copy it\n", "\(write)")
        }
        XCTAssertEqual(Tmux.run(prefix + [bin, "list", "--db", store]).status, 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        XCTAssertEqual(files, prefix.isEmpty ? ["p.sqlite"] : ["p.sqlite", "pinmap"], "no -wal or -shm beside the store")
        // Made writable, as the message says: the next write goes through.
        XCTAssertEqual(chmod(store, 0o644), 0)
        let add = Tmux.run(prefix + [bin, "add", "--title", "y", "--lat", "1", "--lon", "2", "--db", store])
        XCTAssertEqual(add.status, 0, add.err)
        XCTAssertEqual(add.out, "2\n")
    }

    /// The UI on a store file the user may not write (0444) in a folder they may: it shows the
    /// pins and searches, and leaves nothing beside the store when it quits. Its change watch
    /// (`SQLiteChangeSource`, a connection of its own) left a -wal and -shm of mode 0444 there.
    func testTheUIOnAReadOnlyStoreFileLeavesNothingBesideIt() throws {
        guard Tmux.available else { throw XCTSkip("tmux is not installed") }
        let t = try Tmux()
        XCTAssertEqual(t.cli(["add", "--title", "Lone pin", "--lat", "37.5", "--lon", "127"]).status, 0)
        var launcher: [String] = [], program = t.binary
        if getuid() == 0 {
            guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser") else { throw XCTSkip("root without runuser") }
            program = t.dir.path + "/pinmap"
            try FileManager.default.copyItem(atPath: t.binary, toPath: program)
            launcher = ["/usr/sbin/runuser", "-u", "nobody", "--"]
            for path in [t.dir.path, t.dbPath] { XCTAssertEqual(chown(path, 65534, 65534), 0) }
        }
        XCTAssertEqual(chmod(t.dbPath, 0o444), 0)
        t.start(launcher: launcher, program: program)
        t.keys("/")
        t.keys("Lone")
        let found = t.waitFor { $0.contains("1 in view") }
        // The single match is selected (`◉`).
        XCTAssertEqual(found.components(separatedBy: "\n").filter { $0.hasPrefix(" ◉ Lone pin ") }.count, 1, found)
        t.key("Escape")
        t.key("Escape")
        t.keys("q")
        // Until pinmap itself has ended (the tmux server's and the shell's command lines name the store too).
        func pinmapRuns() -> Bool {
            Tmux.processes(naming: t.dbPath).contains { id in
                let argv = FileManager.default.contents(atPath: "/proc/\(id)/cmdline").map { String(decoding: $0, as: UTF8.self) } ?? ""
                return argv.split(separator: "\0").contains { $0 == program }
            }
        }
        let deadline = Date().addingTimeInterval(10)
        while pinmapRuns() && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertFalse(pinmapRuns(), "pinmap quit")
        let beside = try FileManager.default.contentsOfDirectory(atPath: t.dir.path).filter { $0.hasPrefix("pins.sqlite") }
        XCTAssertEqual(beside.sorted(), ["pins.sqlite"], "no -wal or -shm beside the store")
    }

    /// Keys typed while the UI indexes what a large import left are acted on afterwards.
    func testKeysTypedWhileTheUIIndexesAreNotDropped() throws {
        guard Tmux.available else { throw XCTSkip("tmux is not installed") }
        let t = try Tmux()
        let csv = (t.dbPath as NSString).deletingLastPathComponent + "/big.csv"
        var text = "title,latitude,longitude\n"
        for i in 0..<80_000 { text += "Pin \(i),\(Double(i % 17_000) / 100 - 85),\(Double(i % 35_000) / 100 - 175)\n" }
        try text.write(toFile: csv, atomically: true, encoding: .utf8)
        XCTAssertEqual(t.cli(["import", csv]).status, 0)
        t.start()
        t.keys("2")  // the Timeline tab, typed while (or, on a fast machine, after) it indexes
        let s = t.waitFor(timeout: 60) { $0.contains("Mo    Tu") }
        XCTAssertTrue(s.contains("Mo    Tu"), s)
        t.keys("q")
    }
}

private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [(status: Int32, out: String, err: String)] = []
    func add(_ r: (status: Int32, out: String, err: String)) { lock.lock(); list.append(r); lock.unlock() }
    var all: [(status: Int32, out: String, err: String)] { lock.lock(); defer { lock.unlock() }; return list }
}
