import Glibc

/// Whether a new file may be renamed over an existing regular file: the one rule for every
/// output written whole and then put in place (`AtomicOutputFile`'s text exports and rejects
/// files, `GeoPackageExport`). A rename needs only the folder's write permission, so it would
/// replace a file the user may not write, which `cp` and a shell's `>` refuse to do.
public enum ReplaceableFile {
    /// Why the regular file at `path` must not be replaced, nil when it may (it does not
    /// exist, is not a regular file, or the user may write it): denied by `access(2)`, or
    /// with no write permission for anyone (mode 0444: not even root replaces it, since a
    /// rename would ignore the protection the mode asks for).
    public static func refusal(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        let noWriteBits = st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH) == 0
        let denied = access(path, W_OK) != 0
        let reason = String(cString: strerror(errno))
        // Advice to chmod helps only the file's owner; anyone else cannot follow it.
        if st.st_uid != geteuid(), noWriteBits || denied {
            return "it belongs to \(userName(st.st_uid)) and is read-only for you; choose another file"
        }
        if noWriteBits { return "it is read-only; make it writable (chmod u+w) or choose another file" }
        if denied { return "it is read-only for you (\(reason)); choose another file" }
        return nil
    }

    /// The login name of user `uid`, or its number where the user database has no entry.
    private static func userName(_ uid: uid_t) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "user \(uid)" }
        return String(cString: name)
    }
}
