import Foundation
import PinModel
/// What the Import tab knows about a folder: its path and the entries worth offering
/// (sub-folders and the files Pinmap imports), read by the runner (`Effect.listFolder`).
public struct FolderListing: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var isFolder: Bool
        public init(name: String, isFolder: Bool) { self.name = name; self.isFolder = isFolder }
    }
    /// The folder, absolute, without a trailing `/` (except the root).
    public var path: String
    /// Folders first, then files, each by name; hidden entries left out.
    public var entries: [Entry]
    /// Why the folder could not be read, if it could not.
    public var error: String?
    /// The folder does not exist (the tab says "no such folder", not "no files in it").
    public var missing: Bool
    public init(path: String, entries: [Entry], error: String? = nil, missing: Bool = false) {
        self.path = path; self.entries = entries; self.error = error; self.missing = missing
    }

    /// File name extensions the importer reads (lowercased, without the dot).
    /// (`geojsonl`, `geojsons`, `ndjson`: newline-delimited GeoJSON, one Feature a line.)
    public static let importable: Set<String> = ["csv", "tsv", "txt", "geojson", "json", "geojsonl", "geojsons", "ndjson",
                                                 "gpx", "kml", "kmz", "gpkg", "shp", "zip"]

    /// The importable files (no folders), for the pick list.
    public var files: [Entry] { entries.filter { !$0.isFolder } }
}

/// Paths as people type or paste them: `~` for the home folder, shell quoting from
/// drag-and-drop (`'/path/with spaces.csv'`, `"…"`, `/path/with\ spaces.csv`), relative to
/// the folder Pinmap started in. Pure: the home and current folders come in as values.
public enum ImportPaths {
    /// `text` as an absolute path: quotes and backslash escapes removed, `~` expanded,
    /// relative paths resolved against `cwd`.
    public static func resolve(_ text: String, home: String?, cwd: String) -> String {
        var p = unquote(trimmedText(text))
        if p == "~" { p = home ?? p } else if p.hasPrefix("~/"), let home { p = home + p.dropFirst(1) }
        if !p.hasPrefix("/") && !p.isEmpty { p = (cwd.hasSuffix("/") ? cwd : cwd + "/") + p }
        return p
    }

    /// One pair of surrounding quotes removed; outside quotes, `\x` becomes `x`; a `file://`
    /// URI (as some terminals drop a file: `file:///tmp/a%20b.csv`) is its path, decoded.
    public static func unquote(_ s: String) -> String {
        if s.count >= 2, let f = s.first, f == s.last, f == "'" || f == "\"" { return filePath(String(s.dropFirst().dropLast())) }
        if let path = fileURIPath(s) { return path }
        guard s.contains("\\") else { return s }
        var out = ""
        var escaped = false
        for c in s {
            if escaped { out.append(c); escaped = false } else if c == "\\" { escaped = true } else { out.append(c) }
        }
        return out
    }

    /// `s`, or the path of `s` when it is a `file://` URI.
    private static func filePath(_ s: String) -> String { fileURIPath(s) ?? s }

    /// The path of a local `file://` URI (`file:///tmp/a%20b.csv`, `file://localhost/tmp/…`),
    /// percent-decoded; nil for anything else (another host, not a URI).
    static func fileURIPath(_ s: String) -> String? {
        guard s.lowercased().hasPrefix("file://") else { return nil }
        var rest = Substring(s).dropFirst(7)
        if rest.lowercased().hasPrefix("localhost/") { rest = rest.dropFirst(9) }
        guard rest.hasPrefix("/") else { return nil }
        return String(rest).removingPercentEncoding ?? String(rest)
    }

    /// The folder part and the name part of what is typed (`/a/b/ca` → `/a/b`, `ca`).
    public static func split(_ absolute: String) -> (folder: String, name: String) {
        guard let slash = absolute.lastIndex(of: "/") else { return ("", absolute) }
        let folder = String(absolute[..<slash])
        return (folder.isEmpty ? "/" : folder, String(absolute[absolute.index(after: slash)...]))
    }

    /// Completes `name` among `entries`: the one match (a folder gets a `/`), or the
    /// longest common prefix of several; nil when nothing matches.
    public static func complete(_ name: String, in entries: [FolderListing.Entry]) -> (text: String, matches: Int)? {
        let hits = entries.filter { $0.name.hasPrefix(name) }
        guard let first = hits.first else { return nil }
        if hits.count == 1 { return (first.name + (first.isFolder ? "/" : ""), 1) }
        var prefix = first.name
        for h in hits.dropFirst() {
            while !h.name.hasPrefix(prefix) { prefix.removeLast() }
        }
        return (prefix, hits.count)
    }
}
