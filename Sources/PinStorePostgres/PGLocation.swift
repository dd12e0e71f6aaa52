import CLibpq
import Foundation

/// Where a PostgreSQL store is, for messages and the Settings tab: server, port, database and
/// user as libpq reads them from the connection string, never the password.
public struct PGLocation: Sendable, Equatable, CustomStringConvertible {
    /// Host name, address or socket folder ("" when libpq's default applies).
    public var host: String
    public var port: String
    public var database: String
    public var user: String

    /// Parses `uri` with libpq's own parser (`PQconninfoParse`), so every form libpq takes is
    /// read as libpq reads it. A string libpq cannot parse gives empty fields, as does any string
    /// when libpq is not installed.
    public init(uri: String) {
        var host = "", port = "", database = "", user = ""
        var err: UnsafeMutablePointer<CChar>?
        if Libpq.isAvailable, let options = Libpq.PQconninfoParse(uri, &err) {
            var p = options
            while let keyword = p.pointee.keyword {
                let key = String(cString: keyword)
                let value = p.pointee.val.map { String(cString: $0) } ?? ""
                switch key {
                case "host": host = value
                case "hostaddr": if host.isEmpty { host = value }
                case "port": port = value
                case "dbname": database = value
                case "user": user = value
                default: break
                }
                p += 1
            }
            Libpq.PQconninfoFree(options)
        }
        if let err { Libpq.PQfreemem(err) }
        self.host = host; self.port = port; self.database = database; self.user = user
    }

    /// True for a string `--db` should treat as a server, not a file path.
    public static func isServerURI(_ s: String) -> Bool {
        s.hasPrefix("postgresql://") || s.hasPrefix("postgres://")
    }

    /// "host:port" (or the socket folder), "localhost" when libpq's default applies.
    public var server: String {
        let h = host.isEmpty ? "localhost" : host
        return port.isEmpty ? h : "\(h):\(port)"
    }

    /// `postgresql://user@server/database`: the store without its password.
    public var description: String {
        "postgresql://" + (user.isEmpty ? "" : user + "@") + server + "/" + database
    }

    /// `text` with any password written in `uri` replaced by `****` (for libpq's messages,
    /// which may quote the connection string).
    public static func masking(_ text: String, uri: String) -> String {
        var out = text
        for password in passwords(in: uri) where !password.isEmpty {
            out = out.replacingOccurrences(of: password, with: "****")
        }
        return out
    }

    /// The password `uri` carries, as libpq reads it and as written (percent-encoded).
    static func passwords(in uri: String) -> [String] {
        var found: [String] = []
        var err: UnsafeMutablePointer<CChar>?
        if Libpq.isAvailable, let options = Libpq.PQconninfoParse(uri, &err) {
            var p = options
            while let keyword = p.pointee.keyword {
                if String(cString: keyword) == "password", let v = p.pointee.val { found.append(String(cString: v)) }
                p += 1
            }
            Libpq.PQconninfoFree(options)
        }
        if let err { Libpq.PQfreemem(err) }
        if let r = uri.range(of: "://"), let at = uri[r.upperBound...].firstIndex(of: "@") {
            let userinfo = uri[r.upperBound..<at]
            if let colon = userinfo.firstIndex(of: ":") { found.append(String(userinfo[userinfo.index(after: colon)...])) }
        }
        // Longest first: a decoded password inside its encoded spelling is not half masked.
        return found.sorted { $0.count > $1.count }
    }
}
