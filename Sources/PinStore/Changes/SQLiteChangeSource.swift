import Foundation
import PinModel

/// Commits to a SQLite store by other processes, seen on a connection of its own through
/// `PRAGMA data_version` (which moves when another connection commits), looked at every
/// quarter second or so. Only the number of pins is compared: a change that keeps it says
/// "pins changed", unless this process committed meanwhile (`Database.commitCount`: a
/// lane bringing the map's cell tree up to date, a setting saved): that change is its own.
/// The UI's own pin writes (on its write lane's connection) move the count too: the
/// runner's change watcher tells them apart by the lane's activity.
public final class SQLiteChangeSource: StoreChangeSource {
    private let db: Database
    private var version: Int64 = -1
    private var pins: Int64 = -1
    private var ownCommits = Database.commitCount

    /// - Throws: `StoreError` when the file cannot be opened.
    public init(path: String) throws(StoreError) {
        db = try Database(path: path, create: false)
        version = try db.scalarInt("PRAGMA data_version")
        pins = try db.scalarInt("SELECT count(*) FROM pins")
    }

    public func waitForChanges(timeout: Double) throws(StoreError) -> StoreChange? {
        Thread.sleep(forTimeInterval: timeout)
        let now = try db.scalarInt("PRAGMA data_version")
        guard now != version else { return nil }
        version = now
        let own = Database.commitCount
        defer { ownCommits = own }
        let count = try db.scalarInt("SELECT count(*) FROM pins")
        defer { pins = count }
        if count > pins { return StoreChange(added: Int(count - pins)) }
        if count < pins { return StoreChange(deleted: Int(pins - count)) }
        return own == ownCommits ? StoreChange(counted: false) : nil
    }
}
