import CLibpq
import Foundation
import PinModel

/// Where a PostgreSQL store is, for messages and the Settings tab: server, port, database and
/// user as libpq reads them from the connection string, never the password.
public struct PGLocation: Sendable, Equatable, CustomStringConvertible {
    /// Host name, address or socket folder ("" when libpq's default applies).
    public var host: String
    public var port: String
    public var database: String
    public var user: String
    /// The service named (`?service=NAME`, read from pg_service.conf), "" when none.
    public var service: String
    /// False when libpq could not read the connection string (an unknown parameter, a bad
    /// percent-encoding): then no field is known.
    public var isReadable: Bool

    /// Parses `uri` with libpq's own parser (`PQconninfoParse`), so every form libpq takes is
    /// read as libpq reads it. A string libpq cannot parse gives empty fields, as does any string
    /// when libpq is not installed.
    public init(uri: String) {
        let options = Self.options(uri)
        isReadable = options != nil
        let value = { (key: String) in options?[key] ?? "" }
        let host = value("host")
        self.host = Self.hidingPassword(inHost: host.isEmpty ? value("hostaddr") : host)
        port = value("port"); database = value("dbname"); user = value("user"); service = value("service")
    }

    /// libpq's reading of `uri` (`PQconninfoParse`): each keyword with a value, by keyword;
    /// nil when libpq cannot read the string or is not installed.
    static func options(_ uri: String) -> [String: String]? {
        var err: UnsafeMutablePointer<CChar>?
        defer { if let err { Libpq.PQfreemem(err) } }
        guard Libpq.isAvailable, let options = Libpq.PQconninfoParse(normalized(uri), &err) else { return nil }
        defer { Libpq.PQconninfoFree(options) }
        var found: [String: String] = [:]
        var p = options
        while let keyword = p.pointee.keyword {
            if let v = p.pointee.val { found[String(cString: keyword)] = String(cString: v) }
            p += 1
        }
        return found
    }

    /// A host as libpq read it, with what belongs to the password hidden: libpq ends a URI's
    /// user information at its first `@`, so a password holding an unencoded `@`
    /// (`bob:SECRET@PW@db`) leaves its tail in the host (`PW@db`, shown `****@db`). No host
    /// name holds an `@`.
    static func hidingPassword(inHost host: String) -> String {
        guard let at = host.lastIndex(of: "@") else { return host }
        return PasswordMask.mask + host[at...]
    }

    /// The URI schemes of a PostgreSQL server, as libpq spells them.
    public static let schemes = ["postgresql", "postgres"]

    /// True for a string `--db` should treat as a server, not a file path: a `postgresql://` or
    /// `postgres://` URI, its scheme in any case (RFC 3986 schemes are case-insensitive),
    /// spaces around it ignored.
    public static func isServerURI(_ s: String) -> Bool {
        uriScheme(s).map { schemes.contains($0) } ?? false
    }

    /// The scheme of a string written as a URI (`name://…`, spaces around it ignored), lower-cased;
    /// nil for anything else (a file path). `postgresl://…` has a scheme, just not one Pinmap takes.
    public static func uriScheme(_ s: String) -> String? {
        let text = trimmedText(s)
        guard let r = text.range(of: "://") else { return nil }
        let scheme = text[..<r.lowerBound]
        let isLetter: (Unicode.Scalar) -> Bool = { ($0.value | 0x20) >= 0x61 && ($0.value | 0x20) <= 0x7A }
        guard let first = scheme.unicodeScalars.first, isLetter(first),
              scheme.unicodeScalars.allSatisfy({ isLetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { return nil }
        return scheme.lowercased()
    }

    /// True for a libpq key=value connection string (`host=db dbname=pins user=ann`, as psql
    /// and QGIS take one) or GDAL's `PG:…` form of it (`ogrinfo PG:"dbname=pins host=…"`):
    /// its first word is `KEY=…`, KEY one of libpq's connection keywords, or it starts with
    /// `PG:`. `--db` takes a server only as a URI; read as a file path, such a string made a
    /// store file named after it, password and all, in the current folder.
    public static func isKeywordValueString(_ s: String) -> Bool {
        let text = trimmedText(s)
        if text.lowercased().hasPrefix("pg:") { return true }
        let firstWord = text.prefix { $0 != " " && $0 != "\t" }
        guard let equals = firstWord.firstIndex(of: "=") else { return false }
        return connectionKeywords.contains(firstWord[..<equals].lowercased())
    }

    /// libpq's connection keywords (PostgreSQL 17's `PQconndefaults`, the common ones).
    static let connectionKeywords: Set<String> = [
        "host", "hostaddr", "port", "dbname", "user", "password", "passfile", "service", "sslmode",
        "connect_timeout", "application_name", "fallback_application_name", "options", "client_encoding",
        "sslcert", "sslkey", "sslrootcert", "sslpassword", "sslcrl", "sslnegotiation", "target_session_attrs",
        "require_auth", "channel_binding", "gssencmode", "keepalives", "load_balance_hosts", "krbsrvname",
    ]

    /// A server URI as libpq takes it: trimmed, its scheme lower-cased (libpq reads only
    /// `postgresql://` and `postgres://`). Any other string is returned as it is.
    public static func normalized(_ uri: String) -> String {
        guard isServerURI(uri) else { return uri }
        let text = trimmedText(uri)
        let r = text.range(of: "://")!
        return text[..<r.lowerBound].lowercased() + text[r.lowerBound...]
    }

    /// "host:port" (or the socket folder), "service NAME" for a service with no host written,
    /// "localhost" when libpq's default applies.
    public var server: String {
        if host.isEmpty, !service.isEmpty { return "service \(service)" }
        return Self.server(host: host.isEmpty ? "localhost" : host, port: port)
    }

    /// "host:port", "host" without a port; an IPv6 address in brackets (`[::1]:5432`), as a
    /// URI writes it: bare, its port read as one more group of the address (`::1:5432`).
    /// Several hosts, as libpq lists them (`a,b` with ports `1,2`, or one port for all), are
    /// paired with their ports (`a:1,b:2`): written apart, `a,b:1,2` named no server.
    static func server(host: String, port: String) -> String {
        let hosts = host.split(separator: ",", omittingEmptySubsequences: false)
        let ports = port.split(separator: ",", omittingEmptySubsequences: false)
        return hosts.enumerated().map { i, one in
            let p = ports.count == 1 ? ports[0] : i < ports.count ? ports[i] : ""
            let h = one.contains(":") && !one.hasPrefix("/") ? "[\(one)]" : String(one)
            return p.isEmpty ? h : "\(h):\(p)"
        }.joined(separator: ",")
    }

    /// True when the password written in server URI `uri` holds an unencoded `/`
    /// (`postgresql://ann:se/cret@db/pins`): libpq ends the address at it, so it reads a host
    /// `ann:se` and a database `cret@db/pins`, and its messages would quote the password's
    /// pieces where no mask finds them.
    public static func passwordHoldsSlash(_ uri: String) -> Bool {
        writtenPassword(uri)?.contains("/") ?? false
    }

    /// True when the password written in server URI `uri` holds an unencoded `@`
    /// (`postgresql://ann:p@ss@db/pins`): libpq ends the user's part at the first `@`, so it
    /// tries the password `p` on a host `ss@db`, and says it cannot find that host (the
    /// password's tail hidden, but nothing said about the `@`).
    public static func passwordHoldsAt(_ uri: String) -> Bool {
        writtenPassword(uri)?.contains("@") ?? false
    }

    /// The password written in server URI `uri`, as `PasswordMask` takes it: from the first
    /// `:` after `//` to the last `@` before the query (`?`); nil when there is none.
    private static func writtenPassword(_ uri: String) -> Substring? {
        guard isServerURI(uri), let r = uri.range(of: "://") else { return nil }
        let rest = uri[r.upperBound...]
        let beforeQuery = rest[..<(rest.firstIndex(of: "?") ?? rest.endIndex)]
        guard let at = beforeQuery.lastIndex(of: "@"), let colon = beforeQuery[..<at].firstIndex(of: ":") else { return nil }
        return beforeQuery[beforeQuery.index(after: colon)..<at]
    }

    /// Why server URI `uri` is refused before connecting, nil when it is not: its password
    /// holds an unencoded `/` (`passwordHoldsSlash`) or `@` (`passwordHoldsAt`), which libpq
    /// would read as the end of another part. `shown` is `uri` as a message shows it, its
    /// password already masked. The one wording of both, for the command line and the store.
    public static func passwordRefusal(_ uri: String, shown: String) -> String? {
        if passwordHoldsSlash(uri) {
            return "the password in \(shown) holds a “/”, which ends the server's address in a URI: write it as %2F (nothing was connected)"
        }
        if passwordHoldsAt(uri) {
            return "the password in \(shown) holds a “@”, which ends the password in a URI: write it as %40 (nothing was connected)"
        }
        return nil
    }

    /// `postgresql://user@server/database`: the store without its password. A server reached
    /// through a unix socket folder is named as libpq takes it back
    /// (`postgresql:///pins?host=/tmp/pg/socket&port=54400&user=postgres`): a folder in place
    /// of a host name would not read back as one.
    public var description: String {
        let who = user.isEmpty ? "" : user + "@"
        if host.isEmpty, !service.isEmpty { return "postgresql://\(who)/\(database)?service=\(service)" }
        if host.hasPrefix("/") {
            let query = [("host", host), ("port", port), ("user", user)].filter { !$0.1.isEmpty }
                .map { "\($0.0)=\(Self.queryValue($0.1))" }.joined(separator: "&")
            return "postgresql:///\(Self.queryValue(database))?\(query)"
        }
        return "postgresql://" + who + server + "/" + database
    }

    /// `value` as a URI query's value or path: what would end it or change its reading (`&`,
    /// `#`, `+`, `%`, `?`, spaces) percent-encoded.
    private static func queryValue(_ value: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&#+=%?")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }

    /// `text` with any password written in `uri` replaced by `****` (for libpq's messages,
    /// which may quote the connection string, its decoded password alone, or a host holding
    /// the tail of a password written with an unencoded `@`), and every other password
    /// `PasswordMask` finds.
    public static func masking(_ text: String, uri: String) -> String {
        var out = text
        // A short password is also a common fragment ("p" is in "postgresql"): replaced alone
        // it would garble the message; libpq quotes one in the whole URI or `password=…`,
        // which `PasswordMask` finds, or in quotes as a value it cannot decode.
        for password in passwords(in: uri) where !password.isEmpty {
            // A short one only where libpq quotes it alone (`token: "a%Z"`).
            let (found, hidden) = password.count >= 4 ? (password, PasswordMask.mask) : ("\"\(password)\"", "\"\(PasswordMask.mask)\"")
            out = out.replacingOccurrences(of: found, with: hidden)
        }
        if let host = options(uri)?["host"], host.contains("@") {
            out = out.replacingOccurrences(of: host, with: hidingPassword(inHost: host))
        }
        return PasswordMask.masked(out)
    }

    /// The password `uri` carries: as libpq reads it, as written (percent-encoded) up to
    /// the user information's first `@` (libpq's end) and its last, and as written in the
    /// query (`?password=…`): libpq quotes a query value it cannot decode
    /// (`invalid percent-encoded token: "s3%ZZcr3t"`), and then reads no options at all.
    static func passwords(in uri: String) -> [String] {
        var found = options(uri)?["password"].map { [$0] } ?? []
        if let q = uri.firstIndex(of: "?") {
            for pair in uri[uri.index(after: q)...].split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0] == "password" else { continue }
                found.append(String(parts[1].prefix { $0 != "#" }))
            }
        }
        if let r = uri.range(of: "://") {
            let rest = uri[r.upperBound...]
            let authority = rest.lastIndex(of: "@").map { rest[..<$0] } ?? ""
            if let colon = authority.firstIndex(of: ":") {
                let password = authority[authority.index(after: colon)...]
                found.append(String(password))
                if let at = password.firstIndex(of: "@") { found.append(String(password[..<at])) }
            }
        }
        // Longest first: a decoded password inside its encoded spelling is not half masked.
        return found.sorted { $0.count > $1.count }
    }
}
