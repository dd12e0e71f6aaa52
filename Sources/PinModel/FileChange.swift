/// How a file changed while it was imported: its size in bytes when the import opened it and
/// now, and the bytes read. The rows read would mix two versions of it, so nothing is imported.
public struct FileChange: Sendable, Equatable {
    public var sizeAtStart: Int64
    public var sizeNow: Int64
    public var bytesRead: Int64

    public init(sizeAtStart: Int64, sizeNow: Int64, bytesRead: Int64) {
        self.sizeAtStart = sizeAtStart; self.sizeNow = sizeNow; self.bytesRead = bytesRead
    }
}
