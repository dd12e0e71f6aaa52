import Foundation
import PinModel

/// Commits to a SQLite store by other processes, seen on a connection of its own through
/// `PRAGMA data_version` (which moves when another connection commits), looked at every
/// quarter second or so. The number of pins is compared, then the sum of their versions: a
/// change that keeps the number but not the sum says "pins changed", unless this process
/// committed meanwhile (`Database.commitCount`): that change is its own.
/// The UI's own pin writes (on its write lane's connection) move the count too: the
/// runner's change watcher tells them apart by the lane's activity.
public final class SQLiteChangeSource: StoreChangeSource {
    private let db: Database
    private var version: Int64 = -1
    private var pins: Int64 = -1
    private var versions: Int64 = -1
    private var ownCommits = Database.commitCount

    /// - Throws: `StoreError` when the file cannot be opened.
    public init(path: String) throws(StoreError) {
        db = try Database(path: path, create: false)
        version = try db.scalarInt("PRAGMA data_version")
        (pins, versions) = try Self.pinState(db)
    }

    /// The number of pins and the sum of their versions (an edit raises one): what tells a
    /// change of the pins from any other commit (a setting, the map's cell tree brought up
    /// to date, a checkpoint). One pass over the table, on the watcher's thread, only when
    /// `data_version` moved.
    private static func pinState(_ db: Database) throws(StoreError) -> (Int64, Int64) {
        let st = try db.prepare("SELECT count(*), coalesce(sum(version), 0) FROM pins")
        _ = try st.step()
        return (st.int(0), st.int(1))
    }

    public func waitForChanges(timeout: Double) throws(StoreError) -> StoreChange? {
        Thread.sleep(forTimeInterval: timeout)
        let now = try db.scalarInt("PRAGMA data_version")
        guard now != version else { return nil }
        version = now
        let own = Database.commitCount
        defer { ownCommits = own }
        let (count, sum) = try Self.pinState(db)
        defer { pins = count; versions = sum }
        if count > pins { return StoreChange(added: Int(count - pins)) }
        if count < pins { return StoreChange(deleted: Int(pins - count)) }
        return own == ownCommits && sum != versions ? StoreChange(counted: false) : nil
    }
}
