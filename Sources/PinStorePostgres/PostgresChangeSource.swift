import Foundation
import Glibc
import PinModel

/// Other users' changes to a PostgreSQL store: `LISTEN pinmap` on a connection of its own.
/// The store's triggers announce every row written (`PostgresAnnouncement`: `insert 12 CELL`,
/// `update 12 OLD NEW`, `delete 12 CELL`, `import 5000`, …, and the role that wrote). Each
/// announcement carries the server process of the connection that wrote it: those of the
/// app's own connections (`PostgresBackends`) are left out, as the app shows its own writes
/// already; another's change is told even when it commits while the app writes.
public final class PostgresChangeSource: StoreChangeSource {
    private let db: PGConnection
    private let ownBackends: PostgresBackends
    /// This app's role: a change it wrote from elsewhere is this user's, not another's.
    private let ownRole: String

    /// - Parameter ownBackends: the app's own connections (`PostgresStore.ownBackends`).
    /// - Throws: `StoreError` when the server cannot be reached.
    public init(uri: String, ownBackends: PostgresBackends) throws(StoreError) {
        db = try PGConnection(uri: uri)
        self.ownBackends = ownBackends
        ownRole = try db.execute("SELECT current_user").text(0, 0)
        try db.execute("LISTEN pinmap")
    }

    /// A check read what had arrived: announcements among it wait in libpq, not on the socket.
    private var announcementsRead = false

    public func checkAnswers(within timeout: Double) throws(StoreError) {
        try db.checkAnswers(within: timeout)
        announcementsRead = true
    }

    public func waitForChanges(timeout: Double) throws(StoreError) -> StoreChange? {
        var fds = pollfd(fd: db.socket, events: Int16(POLLIN), revents: 0)
        guard fds.fd >= 0 else { throw PGErrorText.lostError }
        let ready = poll(&fds, 1, announcementsRead ? 0 : Int32(timeout * 1000))
        guard ready > 0 || announcementsRead else { return nil }
        announcementsRead = false
        let notes = db.notifications()
        if !db.isUp { throw PGErrorText.lostError }
        var change = StoreChange()
        var others = Set<String>(), byThisRole = false
        for n in notes where !ownBackends.contains(n.pid) {
            let announcement = PostgresAnnouncement(n.payload)
            let parts = announcement.words
            guard parts.count >= 2 else { continue }
            if let role = announcement.role, role != ownRole { others.insert(role) } else { byThisRole = true }
            let number = Int64(parts[1])
            switch parts[0] {
            case "comment":
                change.noteComment(added: parts.count > 2 ? parts[2] == "insert" ? true : parts[2] == "delete" ? false : nil : nil)
                if let id = number { change.pinIDs.insert(id) }
            case "insert": change.added += 1
            case "update": change.noteEdit(of: number)
            case "delete": change.deleted += 1; if let id = number { change.pinIDs.insert(id) }
            case "import", "copy": change.added += Int(number ?? 0)
            case "undo-import": change.deleted += Int(number ?? 0)
            default: change.counted = false
            }
        }
        if !byThisRole { change.by = others }
        return change.isEmpty ? nil : change
    }
}
