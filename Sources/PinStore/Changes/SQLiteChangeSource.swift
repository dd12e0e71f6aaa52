import Foundation
import PinModel

/// Other processes' writes to a SQLite store, read from its change log (`pin_changes`,
/// migration 14) on a connection of its own, when `PRAGMA data_version` moved (another
/// connection committed), looked at every quarter second or so: "2 pins added, 1 pin edited
/// elsewhere", as a server tells them. The log names every pin added, edited or deleted
/// (an import one row for its pins), so an add and a delete in one commit are both told.
/// The rows the UI's own connections wrote carry its process id (`Store.markChangesAsOwn`)
/// and are left out here: another's commit right after the UI's own save is told, the UI's
/// own never. A store without the log (opened read-only before migration 14) tells only
/// that pins changed.
public final class SQLiteChangeSource: StoreChangeSource {
    private let db: Database
    /// `PRAGMA data_version` at the last look; none before the first, which reads the log
    /// whatever it says (a commit between opening and the first look is in it). Without a
    /// log, the version at opening: a first look has something to compare, and tells only
    /// a commit made since.
    private var version: Int64 = -1
    /// The last seq of the log read (nil: the store has no log).
    private var seq: Int64?

    /// - Throws: `StoreError` when the file cannot be opened.
    public init(path: String) throws(StoreError) {
        // A store file this process may not write is watched as `Store` opens it (immutable,
        // unchanging: nothing to tell): opened read-write, SQLite would leave a -wal and -shm
        // of mode 0444 beside it, which kept every later write failing.
        db = try Database(path: path, create: false, immutable: Store.readOnlyFileInWritableFolder(path))
        seq = try ChangeLog.exists(in: db) ? ChangeLog.lastSeq(in: db) : nil
        if seq == nil { version = try db.scalarInt("PRAGMA data_version") }
    }

    public func waitForChanges(timeout: Double) throws(StoreError) -> StoreChange? {
        if timeout > 0 { Thread.sleep(forTimeInterval: timeout) }
        let now = try db.scalarInt("PRAGMA data_version")
        guard now != version else { return nil }
        version = now
        guard let last = seq else { return StoreChange(counted: false) }
        let (change, read) = try ChangeLog.changes(in: db, after: last)
        seq = read
        return change
    }
}
