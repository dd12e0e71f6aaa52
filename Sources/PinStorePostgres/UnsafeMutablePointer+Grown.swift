/// The search lists' tables grow by doubling on memory of their own (Swift arrays cost a
/// uniqueness check on every write, much of a bulk load's client work).
extension UnsafeMutablePointer {
    /// A new block of `room` elements that holds the first `count` of this one's, which is
    /// freed; their values are moved, not copied (the tables hold plain values).
    func grown(keeping count: Int, to room: Int) -> UnsafeMutablePointer<Pointee> {
        precondition(room >= count, "a block grows")
        let grown = UnsafeMutablePointer<Pointee>.allocate(capacity: room)
        grown.moveInitialize(from: self, count: count)
        deallocate()
        return grown
    }
}
