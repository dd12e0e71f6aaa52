import Foundation

/// How long libpq may wait for each address it tries, so that a connection string naming
/// several hosts, or a name with several addresses (a dual-stack name: IPv6 and IPv4), still
/// fails within 10 s when nothing answers. libpq's `connect_timeout` applies to each address
/// in turn, not to the whole attempt (PostgreSQL's "Parameter Key Words": "This timeout
/// applies separately to each host name or IP address"), and the asynchronous connect that
/// would allow one deadline ignores `connect_timeout` altogether.
enum PGConnectTimeout {
    /// The whole attempt's budget, in seconds, below the 10 s the issue allows, and a single
    /// address's longest wait (a server a few hundred milliseconds away that is busy still
    /// gets its chance).
    static let budget = 9
    static let longest = 5
    /// libpq waits at least 2 s whatever is asked (it raises 1 to 2).
    static let shortest = 2

    /// Seconds for each of `addresses` attempts: 5 for one, 4 for two, 3 for three, 2 from
    /// four on (from five on the whole may exceed 10 s: libpq waits no less than 2 s an address).
    static func seconds(addresses: Int) -> Int {
        min(longest, max(shortest, budget / max(1, addresses)))
    }

    /// The `connect_timeout` to give libpq for `options` (`PGLocation.options`: the string as
    /// libpq reads it), counting the addresses it will try: each `hostaddr` once, a socket
    /// folder once, a host name as many times as it resolves (`getaddrinfo`, as libpq asks:
    /// any family, stream sockets). The environment's `PGHOST`/`PGHOSTADDR` stand in when the
    /// string names no host, as they do for libpq; a service file's hosts are not read
    /// (counted as one).
    static func seconds(for options: [String: String], environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        seconds(addresses: addresses(options, environment: environment))
    }

    /// The number of addresses libpq will try for `options` (at least 1).
    static func addresses(_ options: [String: String], environment: [String: String]) -> Int {
        let hostaddr = nonEmpty(options["hostaddr"]) ?? nonEmpty(environment["PGHOSTADDR"])
        if let hostaddr { return max(1, hostaddr.split(separator: ",", omittingEmptySubsequences: false).count) }
        guard let hosts = nonEmpty(options["host"]) ?? nonEmpty(environment["PGHOST"]) else { return 1 }
        let count = hosts.split(separator: ",", omittingEmptySubsequences: false).reduce(0) { sum, host in
            sum + resolvedAddresses(String(host))
        }
        return max(1, count)
    }

    private static func nonEmpty(_ s: String?) -> String? { s.flatMap { $0.isEmpty ? nil : $0 } }

    /// How many addresses `host` resolves to: 1 for a socket folder (`/…`, `@…`), an empty
    /// entry (libpq's default socket) or a name that does not resolve (libpq fails it at once).
    private static func resolvedAddresses(_ host: String) -> Int {
        guard !host.isEmpty, !host.hasPrefix("/"), !host.hasPrefix("@") else { return 1 }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return 1 }
        defer { freeaddrinfo(first) }
        var count = 0
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let e = entry { count += 1; entry = e.pointee.ai_next }
        return max(1, count)
    }
}
