/// What other processes wrote to the store since the last look, for the status line ("3
/// pins added elsewhere") and for reloading what is on screen. Counts are pins; a SQLite
/// store tells only the change in its number of pins (`counted` false: some pins changed).
public struct StoreChange: Sendable, Equatable {
    public var added = 0
    public var edited = 0
    public var deleted = 0
    /// Comments added or deleted.
    public var comments = 0
    /// Pins named by the change (edited or deleted), when the store says which.
    public var pinIDs: Set<Int64> = []
    /// True when the counts say what changed; false when only "something changed" is known.
    public var counted = true

    public init(added: Int = 0, edited: Int = 0, deleted: Int = 0, comments: Int = 0, pinIDs: Set<Int64> = [],
                counted: Bool = true) {
        self.added = added; self.edited = edited; self.deleted = deleted; self.comments = comments
        self.pinIDs = pinIDs; self.counted = counted
    }

    /// True when nothing changed.
    public var isEmpty: Bool { counted && added == 0 && edited == 0 && deleted == 0 && comments == 0 }

    /// Both changes as one.
    public func merged(_ other: StoreChange) -> StoreChange {
        StoreChange(added: added + other.added, edited: edited + other.edited, deleted: deleted + other.deleted,
                    comments: comments + other.comments, pinIDs: pinIDs.union(other.pinIDs),
                    counted: counted && other.counted)
    }
}

/// Watches a store for other processes' commits, on a thread of its own (it has its own
/// connection): the PostgreSQL store through LISTEN/NOTIFY, a SQLite file through
/// `PRAGMA data_version`.
public protocol StoreChangeSource: AnyObject {
    /// Waits up to `timeout` seconds for commits of other processes; what they changed, or
    /// nil when nothing did. Throws `StoreError` when the store cannot be reached.
    func waitForChanges(timeout: Double) throws(StoreError) -> StoreChange?

    /// True when `waitForChanges` leaves out the app's own writes itself (a server names the
    /// connection that wrote); false when it reports every commit and the app tells its own
    /// apart by when they happened (a file's `data_version` names no writer).
    var leavesOutOwnWrites: Bool { get }
}

extension StoreChangeSource {
    public var leavesOutOwnWrites: Bool { false }
}
