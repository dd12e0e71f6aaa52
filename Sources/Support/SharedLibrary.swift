import Glibc

/// A C library opened at run time (`dlopen`), for libraries only some commands need: linking
/// them would make every start of `pinmap` load them and everything they link (libpq brings
/// Kerberos, LDAP and TLS; libproj brings curl and libtiff).
///
/// The handle is never closed: the symbols stay valid for the life of the process.
public struct SharedLibrary: @unchecked Sendable {
    /// Why a library or one of its symbols could not be loaded: the loader's own message
    /// (`dlerror`), e.g. `libpq.so.5: cannot open shared object file: No such file or directory`.
    public struct LoadFailure: Error, Equatable, CustomStringConvertible {
        public var reason: String
        public init(reason: String) { self.reason = reason }
        public var description: String { reason }
    }

    private let handle: UnsafeMutableRawPointer

    /// Opens the first of `names` that loads (a versioned soname first, e.g. `libpq.so.5`, then
    /// the development package's unversioned `libpq.so`).
    /// - Throws: `LoadFailure` with the loader's message for the first name.
    public init(_ names: [String]) throws(LoadFailure) {
        var first: String?
        for name in names {
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) {
                self.handle = handle
                return
            }
            let reason = Self.lastError() ?? "\(name): cannot be loaded"
            if first == nil { first = reason }
        }
        throw LoadFailure(reason: first ?? "no library named")
    }

    /// The C function `name`, as `type` (a `@convention(c)` function type that must match its
    /// C declaration: the loader cannot check it).
    /// - Throws: `LoadFailure` when the library has no such symbol (an older version).
    public func function<T>(_ name: String, as type: T.Type = T.self) throws(LoadFailure) -> T {
        _ = dlerror()
        guard let symbol = dlsym(handle, name) else {
            throw LoadFailure(reason: Self.lastError() ?? "\(name): symbol not found")
        }
        return unsafeBitCast(symbol, to: type)
    }

    private static func lastError() -> String? {
        dlerror().map { String(cString: $0) }
    }
}
