import Foundation

/// A folder of its own for one test, under the system's temporary folder, removed with
/// everything in it when the value goes (keep it alive for the test's length).
public final class TempFolder {
    public let path: String

    public init() throws {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("pinmap-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
