// Support: general utilities any module may use (no SQLite, no Pinmap types).
import Glibc

/// glibc's `malloc_trim(0)`: returns the heap memory freed so far to the system. A million-row
/// import frees its reading thread's rows in that thread's own arena, which glibc keeps
/// otherwise, and the index sorts that follow would add their memory on top of it
/// (`import --index` peaked over 100 MB). Looked up at run time: Swift's Glibc module does not
/// import `<malloc.h>`; a C library without it (musl) simply skips the call.
public enum FreedMemory {
    /// Calls `malloc_trim(0)` when the C library has it (glibc); otherwise does nothing.
    public static func release() {
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }  // RTLD_DEFAULT
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
}
