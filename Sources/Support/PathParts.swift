// Support: general utilities any module may use (no SQLite, no Pinmap types).
/// A path's folder and last component, split at its last `/`. Foundation's
/// `NSString.deletingLastPathComponent` traps on a one-character relative path (`--db A`
/// crashed `pinmap import`), so paths are split here instead.
public enum PathParts {
    /// The folder part: `a/b/c` → `a/b`, `/c` → `/`, `c` → `` (none: the working folder).
    /// Trailing slashes are ignored (`a/b/` → `a`).
    public static func folder(_ path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// The last component: `a/b/c` → `c`, `c` → `c`, `/` → `/`.
    public static func name(_ path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/"), trimmed != "/" else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    private static func withoutTrailingSlashes(_ path: String) -> Substring {
        var s = Substring(path)
        while s.count > 1, s.hasSuffix("/") { s = s.dropLast() }
        return s
    }
}
