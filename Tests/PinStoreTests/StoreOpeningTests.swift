import CSQLite
import Foundation
import XCTest
@testable import PinStore
import PinmapTestSupport

/// Opening modes, migrations under concurrency, SQLite failures in user words.
final class StoreOpeningTests: XCTestCase {
    private func folder() throws -> String {
        let dir = try makeTempFolder().path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func testExistingModeNeverCreates() throws {
        let path = try folder() + "/missing.sqlite"
        XCTAssertThrowsError(try Store(path: path, mode: .existing)) { error in
            XCTAssertEqual((error as? StoreError)?.message, "no Pinmap store at \(path) (nothing was created; `pinmap import` or `pinmap add` creates one)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertNoThrow(try Store(path: path, mode: .create(makeFolders: false)))
        XCTAssertEqual(try Store(path: path, mode: .existing).schemaVersion(), Migrations.all.count)
    }

    /// Ten connections open a new store at once: one migrates, the others wait and find it done.
    func testConcurrentOpensOfANewStoreAllSucceed() throws {
        let path = try folder() + "/race.sqlite"
        let errors = Errors()
        DispatchQueue.concurrentPerform(iterations: 10) { i in
            do {
                let store = try Store(path: path, mode: .create(makeFolders: false))
                try store.insert(NewPin(title: "pin \(i)", latitude: 1, longitude: 2))
            } catch { errors.add("\(error)") }
        }
        XCTAssertEqual(errors.all, [])
        XCTAssertEqual(try Store(path: path).count(), 10)
    }

    /// The UI (which may create its store) opens one while `pinmap index` or an import
    /// holds the write lock, without waiting for that write, and a new store still gives
    /// freed pages back (incremental vacuum).
    func testCreateModeOpensAStoreAnotherConnectionIsWriting() throws {
        let path = try folder() + "/busy.sqlite"
        let first = try Store(path: path, mode: .create(makeFolders: false))
        XCTAssertEqual(try first.db.scalarInt("PRAGMA auto_vacuum"), 2)
        try first.insert(NewPin(title: "before", latitude: 1, longitude: 2))
        try first.db.execute("BEGIN IMMEDIATE")
        try first.insert(NewPin(title: "uncommitted", latitude: 3, longitude: 4))
        defer { try? first.db.execute("ROLLBACK") }
        // Before: "the store is busy: another process is writing to it; waited 5 s".
        let second = try Store(path: path, mode: .create(makeFolders: false))
        XCTAssertEqual(try second.count(), 1)
        XCTAssertEqual(try second.db.scalarInt("PRAGMA auto_vacuum"), 2)
    }

    /// Result codes become words; no SQL text, whatever the statement was.
    func testSQLiteFailuresInUserWords() throws {
        let path = "/tmp/some/store.sqlite"
        XCTAssertEqual(StoreErrorText.message(code: SQLITE_FULL, sqliteMessage: "database or disk is full", path: path),
                       "the disk is full: /tmp/some/store.sqlite cannot grow; free some space and try again (nothing was changed)")
        XCTAssertEqual(StoreErrorText.message(code: SQLITE_CORRUPT, sqliteMessage: "database disk image is malformed", path: path),
                       "the store /tmp/some/store.sqlite is damaged (its pages are not consistent); restore it from a backup")
        XCTAssertTrue(StoreErrorText.message(code: SQLITE_BUSY, sqliteMessage: "database is locked", path: path)
            .hasPrefix("the store is busy: another process is writing to it; waited 5 s"))
        // (The folder case, "the folder … is read-only", needs a non-root user to test.)
        let writable = try folder() + "/x.sqlite"
        XCTAssertEqual(StoreErrorText.message(code: SQLITE_READONLY, sqliteMessage: "attempt to write a readonly database", path: writable),
                       "the store \(writable) is read-only; make it writable or copy it")
        let store = try Store.inMemory()
        XCTAssertThrowsError(try store.db.prepare("SELECT nothing FROM nowhere")) { error in
            XCTAssertFalse("\(error)".contains("SELECT"), "\(error)")
        }
    }

    /// The failures the UI words in its own language carry their kind, the path as data.
    func testSQLiteFailuresCarryTheirKind() throws {
        let writable = try folder() + "/x.sqlite"
        XCTAssertEqual(StoreErrorText.error(code: SQLITE_FULL, sqliteMessage: "database or disk is full", path: writable),
                       StoreError("the disk is full: \(writable) cannot grow; free some space and try again (nothing was changed)",
                                  code: SQLITE_FULL, kind: .diskFull(path: writable)))
        XCTAssertEqual(StoreErrorText.error(code: SQLITE_BUSY, sqliteMessage: "database is locked", path: writable),
                       StoreError("the store is busy: another process is writing to it; waited 5 s; try again when it finishes",
                                  code: SQLITE_BUSY, kind: .busy(holder: nil, pid: nil, seconds: 5)))
        XCTAssertEqual(StoreErrorText.error(code: SQLITE_READONLY, sqliteMessage: "attempt to write a readonly database", path: writable),
                       StoreError("the store \(writable) is read-only; make it writable or copy it", code: SQLITE_READONLY,
                                  kind: .readOnlyStore(path: writable)))
        // A folder that does not exist cannot be written, by root either.
        XCTAssertEqual(StoreErrorText.error(code: SQLITE_CANTOPEN, sqliteMessage: "unable to open database file", path: "/no-such-folder/x.sqlite").kind,
                       .readOnlyFolder(folder: "/no-such-folder"))
        XCTAssertNil(StoreErrorText.error(code: SQLITE_CORRUPT, sqliteMessage: "database disk image is malformed", path: writable).kind,
                     "a damaged store keeps its own words")
        let store = try Store.inMemory()
        XCTAssertThrowsError(try store.addComment(pinID: 999, body: "a comment")) { error in
            XCTAssertEqual((error as? StoreError)?.kind, .pinGone(id: 999))
        }
    }

    /// A store busy with another pinmap names it by its command, and the terminal UI (its
    /// first argument an option) as "pinmap", not "pinmap --db".
    func testTheProcessHoldingTheStoreIsNamedByItsCommand() {
        XCTAssertEqual(LockHolder.name(arguments: ["/usr/bin/pinmap", "import", "big.csv"]), "pinmap import")
        XCTAssertEqual(LockHolder.name(arguments: ["pinmap", "--db", "/w/pins.sqlite"]), "pinmap")
        XCTAssertEqual(LockHolder.name(arguments: ["/usr/bin/pinmap"]), "pinmap")
        XCTAssertEqual(LockHolder.name(arguments: ["/usr/bin/sqlite3", "pins.sqlite"]), "sqlite3")
        XCTAssertEqual(LockHolder.name(arguments: []), "process")
    }

    func testMessageTextIsOneBoundedLine() {
        XCTAssertEqual(MessageText.bounded("a\nb\r\u{1B}[2J\u{2028}\u{0}"), "a\\nb\\r\\x1b[2J\\u2028\\x00")
        XCTAssertEqual(MessageText.bounded(String(repeating: "x", count: 10_000)), String(repeating: "x", count: 80) + "…")
        XCTAssertEqual(MessageText.quoted("short"), "'short'")
    }
}

private final class Errors: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ s: String) { lock.lock(); list.append(s); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return list }
}
