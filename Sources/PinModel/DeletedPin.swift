/// A deleted pin with everything needed to put it back (undo): its comments
/// and the import batch it came from.
public struct DeletedPin: Sendable, Equatable, Hashable {
    public var pin: Pin
    /// The pin's comments, oldest first.
    public var comments: [Comment]
    /// The import batch the pin came from (nil: added by hand).
    public var batchID: Int64?

    public init(pin: Pin, comments: [Comment] = [], batchID: Int64? = nil) {
        self.pin = pin; self.comments = comments; self.batchID = batchID
    }
}
