import Foundation

/// A fresh store database (`TestServer.freshStoreURI`) with a role that may write its pins
/// but does not own them (`TestServer.writerRole`), and a folder for the test's files: what
/// the tests of bulk writes by owner and writer set up. `remove()` drops all three; call it
/// from `tearDown`.
public final class WriterRoleStore {
    /// The store as its owner (`postgres`).
    public let uri: String
    /// The writer role's name, and the store as that role.
    public let role: String, writerURI: String
    /// An empty folder of the test's own.
    public let folder: URL

    /// - Throws: when the server cannot make the database or the role, or the folder.
    public init() throws {
        uri = try TestServer.freshStoreURI()
        (role, writerURI) = try TestServer.writerRole(on: uri)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-pgstore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    public func remove() {
        TestServer.dropDatabase(uri)
        TestServer.dropRole(role, fallbackURI: uri)
        try? FileManager.default.removeItem(at: folder)
    }
}
