import Foundation
import Glibc
import PinStore

extension AppRunner {
    /// Writes every pin in `format` to a new file next to the store
    /// (`pinmap-export-20261201-150203.gpx`; the temporary folder for an
    /// in-memory store) and says where on the status line. The file is created
    /// exclusively: an existing file is never overwritten.
    func exportPins(_ format: PinExport.Format) {
        let path = Self.exportPath(storePath: store.path, format: format, now: Date())
        guard let file = fopen(path, "wx") else {
            state.message = "Could not create \(path): \(String(cString: strerror(errno)))"
            return
        }
        var failed = false
        do {
            let count = try store.export(format) { text in
                let n = text.utf8.count
                if text.withCString({ fwrite($0, 1, n, file) }) != n { failed = true }
            }
            if fclose(file) != 0 { failed = true }
            state.message = failed ? "Could not write \(path): \(String(cString: strerror(errno)))"
                                   : "Exported \(count) pin\(count == 1 ? "" : "s") to \(path)"
        } catch {
            fclose(file)
            unlink(path)
            state.message = "Export failed: \(error)"
        }
    }

    /// Where an export of the store at `storePath` goes: its folder, a name with the time.
    static func exportPath(storePath: String, format: PinExport.Format, now: Date) -> String {
        let folder = storePath == ":memory:" ? NSTemporaryDirectory()
            : (storePath as NSString).deletingLastPathComponent
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyyMMdd-HHmmss"
        let name = "pinmap-export-\(f.string(from: now)).\(format.fileExtension)"
        return folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
    }
}
