/// What other processes wrote to the store since the last look, for the status line ("3
/// pins added elsewhere") and for reloading what is on screen. Counts are pins (`counted`
/// false: some pins changed, not known which: after a lost connection, or a log trimmed
/// before it was read).
public struct StoreChange: Sendable, Equatable {
    public var added = 0
    public var edited = 0
    public var deleted = 0
    /// Comments added or deleted (`commentsAdded` and `commentsDeleted`, and those the store
    /// did not say which of).
    public var comments = 0
    /// Of `comments`, those the store says were added.
    public var commentsAdded = 0
    /// Of `comments`, those the store says were deleted.
    public var commentsDeleted = 0
    /// Pins named by the change (edited or deleted), when the store says which.
    public var pinIDs: Set<Int64> = []
    /// The edited pins the store named (`edited` counts each once; an edit the store names
    /// no pin of counts on its own).
    public var editedIDs: Set<Int64> = []
    /// True when the counts say what changed; false when only "something changed" is known.
    public var counted = true
    /// The other users who made all of it: the server roles other than this one's that wrote
    /// it (migration 21). Empty when any of it came from this role (another process of the
    /// same user, or a team sharing one role) or from a store that does not say.
    public var by: Set<String> = []

    public init(added: Int = 0, edited: Int = 0, deleted: Int = 0, comments: Int = 0, pinIDs: Set<Int64> = [],
                counted: Bool = true) {
        self.added = added; self.edited = edited; self.deleted = deleted; self.comments = comments
        self.pinIDs = pinIDs; self.counted = counted
    }

    /// True when nothing changed.
    public var isEmpty: Bool { counted && added == 0 && edited == 0 && deleted == 0 && comments == 0 }

    /// Both changes as one: a pin edited in both is one pin edited.
    public func merged(_ other: StoreChange) -> StoreChange {
        let ids = editedIDs.union(other.editedIDs)
        let unnamed = (edited - editedIDs.count) + (other.edited - other.editedIDs.count)
        var both = StoreChange(added: added + other.added, edited: ids.count + unnamed, deleted: deleted + other.deleted,
                               comments: comments + other.comments, pinIDs: pinIDs.union(other.pinIDs),
                               counted: counted && other.counted)
        both.editedIDs = ids
        both.commentsAdded = commentsAdded + other.commentsAdded
        both.commentsDeleted = commentsDeleted + other.commentsDeleted
        both.by = by.isEmpty || other.by.isEmpty ? [] : by.union(other.by)
        return both
    }

    /// Records a comment added (`added` true), deleted (false) or changed (nil: the store
    /// does not say which).
    public mutating func noteComment(added: Bool?) {
        comments += 1
        if added == true { commentsAdded += 1 } else if added == false { commentsDeleted += 1 }
    }

    /// Records an edit of pin `id` (nil: the store named none); a pin edited again is not counted again.
    public mutating func noteEdit(of id: Int64?) {
        guard let id else { edited += 1; return }
        pinIDs.insert(id)
        if editedIDs.insert(id).inserted { edited += 1 }
    }
}

/// Watches a store for other processes' commits, on a thread of its own (it has its own
/// connection): the PostgreSQL store through LISTEN/NOTIFY, a SQLite file through its
/// change log. Each leaves out the app's own writes itself (by the server process that
/// wrote, or the writer a file's log names), so a change is never taken for the app's own
/// by when it came.
public protocol StoreChangeSource: AnyObject {
    /// Waits up to `timeout` seconds for commits of other processes; what they changed, or
    /// nil when nothing did. Throws `StoreError` when the store cannot be reached.
    func waitForChanges(timeout: Double) throws(StoreError) -> StoreChange?
    /// Whether the store still answers: returns once it did, throws `StoreError` when it did
    /// not within `timeout` seconds (a server stopped or cut off keeps its connections open
    /// and never says so) or is gone. After a throw the source is not used again.
    func checkAnswers(within timeout: Double) throws(StoreError)
}

extension StoreChangeSource {
    /// A file answers as long as it can be read (`waitForChanges` says when it cannot).
    public func checkAnswers(within timeout: Double) throws(StoreError) {}
}
