/// Why the store failed during an import (the import is rolled back), as values.
public enum StoreProblem: Sendable, Equatable {
    /// Stopped before its commit (the Import tab's q): nothing was written.
    case stopped
    /// A server import could not make its staging copy in `folder`: the system's reason.
    case stagingCopy(folder: String, detail: String)
    /// The store's failure (SQLite's or PostgreSQL's, with what it was doing).
    case failed(StoreError)
}
