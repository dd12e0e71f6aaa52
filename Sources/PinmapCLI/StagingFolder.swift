import Foundation

/// The temporary folder of a staged server import (`ServerImport`): `pinmap-import-PID-UUID`
/// in the temporary directory, removed when the import ends. A process killed outright
/// (SIGKILL, power loss) cannot remove its own, so each new one first removes those whose
/// process is gone: a copy of a whole file (~90 MB at a million pins) would stay for good.
enum StagingFolder {
    static let prefix = "pinmap-import-"

    /// A new folder's URL (not made yet) for this process.
    static func make(in directory: URL = FileManager.default.temporaryDirectory) -> URL {
        directory.appendingPathComponent("\(prefix)\(getpid())-\(UUID().uuidString)")
    }

    /// Removes the staging folders in `directory` whose process no longer runs (`kill(pid, 0)`
    /// says no such process); folders of running imports and names without a pid stay.
    /// Returns how many it removed.
    @discardableResult
    static func removeAbandoned(in directory: URL = FileManager.default.temporaryDirectory) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }), pid > 0,
                  kill(pid, 0) != 0 && errno == ESRCH else { continue }
            if (try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))) != nil { removed += 1 }
        }
        return removed
    }
}
