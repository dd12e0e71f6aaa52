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
                } else if FolderListing.importable.contains((name as NSString).pathExtension.lowercased()) {
                    files.append(.init(name: name, isFolder: false))
                }
            }
            return FolderListing(path: path, entries: folders.sorted { $0.name < $1.name } + files.sorted { $0.name < $1.name })
        } catch {
            return FolderListing(path: path, entries: [], error: "\(error.localizedDescription)")
        }
    }
}
