import Foundation
import Glibc
import PinmapCore
import PinModel

extension EffectPerformer {
    /// Writes every pin in `format` to a new file next to the store
    /// (`pinmap-export-20261201-150203.gpx`, then `-2`, `-3` … when that name is taken
    /// within the same second; the temporary folder for an in-memory store, the current
    /// folder for a server's) and says where
    /// on the status line ("Exporting…" while it runs). The file is created exclusively:
    /// an existing file is never overwritten.
    static func exportPins(_ format: ExportFormat, store: any PinRepository, _ job: JobContext) {
        job.post(.export(.started))
        let base = Self.exportPath(storePath: store.location, onServer: store.isServer, format: format, now: Date())
        guard let (path, file) = Self.createFree(base) else {
            return job.post(.export(.finished(.noFile(path: base, reason: String(cString: strerror(errno))))))
        }
        if format.isDatabaseFile {
            // The exclusive empty file holds the name; the GeoPackage replaces it whole.
            fclose(file)
            let outcome: ExportOutcome
            do {
                outcome = .written(count: try store.exportGeoPackage(to: path), path: path)
            } catch {
                unlink(path)
                outcome = .failed("\(error)")
            }
            return job.post(.export(.finished(outcome)))
        }
        var failed = false
        let outcome: ExportOutcome
        do {
            let count = try store.export(format) { text in
                let n = text.utf8.count
                if text.withCString({ fwrite($0, 1, n, file) }) != n { failed = true }
            }
            if fclose(file) != 0 { failed = true }
            outcome = failed ? .notWritten(path: path, reason: String(cString: strerror(errno))) : .written(count: count, path: path)
        } catch {
            fclose(file)
            unlink(path)
            outcome = .failed("\(error)")
        }
        job.post(.export(.finished(outcome)))
    }

    /// Creates `path`, or `name-2.ext`, `name-3.ext` … when it exists: the first free name
    /// and its open file; nil on any other error (errno says why).
    static func createFree(_ path: String) -> (String, UnsafeMutablePointer<FILE>)? {
        let ext = (path as NSString).pathExtension
        let stem = (path as NSString).deletingPathExtension
        for n in 1...99 {
            let candidate = n == 1 ? path : "\(stem)-\(n).\(ext)"
            if let file = fopen(candidate, "wx") { return (candidate, file) }
            if errno != EEXIST { return nil }
        }
        return nil
    }

    /// Where an export of the store at `storePath` goes: its folder, a name with the time.
    /// A server's location is no path: its export goes into the current folder.
    static func exportPath(storePath: String, onServer: Bool = false, format: ExportFormat, now: Date) -> String {
        let folder = onServer ? FileManager.default.currentDirectoryPath
            : storePath == ":memory:" ? NSTemporaryDirectory()
            : (storePath as NSString).deletingLastPathComponent
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyyMMdd-HHmmss"
        let name = "pinmap-export-\(f.string(from: now)).\(format.fileExtension)"
        return folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
    }
}
