import Foundation
import PinmapCore

/// Reads a folder for the Import tab (performed by the runner for `Effect.listFolder`):
/// its sub-folders and the files the importer reads, hidden entries left out.
enum FolderReader {
    static func list(_ path: String) -> FolderListing {
        let fm = FileManager.default
        do {
            var folders: [FolderListing.Entry] = [], files: [FolderListing.Entry] = []
            for name in try fm.contentsOfDirectory(atPath: path) where !name.hasPrefix(".") {
                var isDir: ObjCBool = false
                let full = (path as NSString).appendingPathComponent(name)
                guard fm.fileExists(atPath: full, isDirectory: &isDir) else { continue }
                if isDir.boolValue {
                    folders.append(.init(name: name, isFolder: true))
                } else if isPinFile(full, ext: (name as NSString).pathExtension.lowercased()) {
                    files.append(.init(name: name, isFolder: false))
                }
            }
            return FolderListing(path: path, entries: folders.sorted { $0.name < $1.name } + files.sorted { $0.name < $1.name })
        } catch {
            return FolderListing(path: path, entries: [], error: "\(error.localizedDescription)",
                                 missing: !fm.fileExists(atPath: path))
        }
    }

    /// A regular file (symbolic links followed; no FIFO, device or socket, which the
    /// importer refuses) with a pin format's extension; a `.json` only when it looks like
    /// GeoJSON (Google Takeout's saved places are GeoJSON too), so `package.json` is not offered,
    /// and a `.zip` only when it holds a Shapefile.
    static func isPinFile(_ path: String, ext: String) -> Bool {
        guard FolderListing.importable.contains(ext) else { return false }
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return false }
        switch ext {
        case "json", "ndjson": return looksLikeGeoJSON(path)
        case "zip": return namesAShapefile(path, size: Int64(st.st_size))
        default: return true
        }
    }

    /// Whether a zip's central directory (in its last 64 KiB) names a `.shp` entry.
    private static func namesAShapefile(_ path: String, size: Int64) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        try? handle.seek(toOffset: UInt64(max(0, size - 65_536)))
        let tail = String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self).lowercased()
        return tail.contains(".shp")
    }

    /// Whether the first 4 KiB name a GeoJSON `"type"` (`FeatureCollection` or `Feature`).
    private static func looksLikeGeoJSON(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 4096)) ?? Data(), as: UTF8.self)
        return head.contains("\"FeatureCollection\"") || head.contains("\"Feature\"")
    }
}
