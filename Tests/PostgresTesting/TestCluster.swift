import Foundation
import Glibc

/// A PostgreSQL cluster of a test's own (`Scripts/pg-dev.sh` in a folder of its own, on the
/// first free port from 54500), for the faults a shared server meets: stopped, killed or
/// restarted under an open store, made to ask for passwords or to speak SSL. The server of
/// `PINMAP_TEST_PG_URL` is never touched this way (other tests use it). Stop it when done.
public final class TestCluster {
    /// The cluster's folder (data, socket, log).
    public let folder: String
    /// Its `pins` database over the unix socket, as user `postgres` (trust).
    public private(set) var uri = ""
    /// The TCP port it listens on at 127.0.0.1.
    public private(set) var port = ""

    /// Starts a fresh cluster: `configure` may append to postgresql.conf and prepend to
    /// pg_hba.conf before the server's first start (a restart applies both).
    /// - Parameter firstPort: where the search for a free port starts (a test file of its own
    ///   range keeps clear of the others run beside it).
    /// - Throws: when the script or the server fails (its output in the message).
    public init(firstPort: Int = 54500) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-test-pg-\(UUID().uuidString.prefix(8))").path
        uri = try Self.script(["start"], folder: folder, port: firstPort).trimmingCharacters(in: .whitespacesAndNewlines)
        port = (try? String(contentsOfFile: folder + "/port", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }

    deinit { stop() }

    /// The repository's root (this file is Tests/PostgresTesting/TestCluster.swift).
    public static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The URI of database `pins` over TCP at 127.0.0.1 as `user` (with `password`, and the
    /// extra URI parameters `query`, e.g. "sslmode=require").
    public func tcpURI(user: String = "postgres", password: String? = nil, query: String = "") -> String {
        "postgresql://\(user)\(password.map { ":" + $0 } ?? "")@127.0.0.1:\(port)/pins" + (query.isEmpty ? "" : "?" + query)
    }

    /// Stops the server the way a crash would (`pg_ctl stop -m immediate`): open
    /// transactions are lost, nothing is committed on the way down.
    public func kill() throws { try pgctl(["stop", "-m", "immediate", "-w"]) }

    /// Stops the server cleanly (`-m fast`: sessions are ended, the data stays).
    public func shutDown() throws { try pgctl(["stop", "-m", "fast", "-w"]) }

    /// Stops every process of the server where it stands (SIGSTOP to the postmaster and its
    /// children), as a hung server or a network cut looks to a client: connections stay
    /// open, nothing answers. `thaw` resumes them; returns the processes stopped.
    @discardableResult
    public func freeze() throws -> [Int32] {
        let text = try String(contentsOfFile: folder + "/data/postmaster.pid", encoding: .utf8)
        guard let postmaster = text.split(separator: "\n").first.flatMap({ Int32($0) }) else {
            throw ClusterError(message: "no postmaster pid in \(folder)/data/postmaster.pid")
        }
        frozen = [postmaster] + Self.children(of: postmaster)
        for pid in frozen { Glibc.kill(pid, SIGSTOP) }
        return frozen
    }

    /// Resumes what `freeze` stopped.
    public func thaw() {
        for pid in frozen { Glibc.kill(pid, SIGCONT) }
        frozen = []
    }

    /// The processes `freeze` stopped (resumed by `stop` too, so a failed test leaves none).
    private var frozen: [Int32] = []

    /// The processes whose parent is `pid` (from /proc).
    private static func children(of pid: Int32) -> [Int32] {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return all.compactMap(Int32.init).filter { child in
            guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid
        }
    }

    /// Starts the stopped server again on the same data.
    public func startAgain() throws { try pgctl(["start", "-w", "-l", folder + "/data/pg.log"]) }

    /// Appends `lines` to postgresql.conf.
    public func appendConfig(_ lines: String) throws {
        try append(lines, to: folder + "/data/postgresql.conf", atStart: false)
    }

    /// Puts `lines` first in pg_hba.conf (the first matching line decides).
    public func prependHBA(_ lines: String) throws {
        try append(lines, to: folder + "/data/pg_hba.conf", atStart: true)
    }

    /// Re-reads the configuration files (pg_hba.conf, most settings).
    public func reload() throws { try pgctl(["reload"]) }

    /// Runs `sql` with `psql` as postgres on database `pins`; its output, unaligned.
    @discardableResult
    public func psql(_ sql: String) throws -> String {
        try Self.run(asOwner: true, [Self.bin + "/psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1",
                                     "-h", folder + "/socket", "-p", port, "-U", "postgres", "-d", "pins", "-c", sql])
    }

    /// Stops the server and deletes its folder.
    public func stop() {
        thaw()
        _ = try? Self.script(["stop"], folder: folder)
    }

    // MARK: Running the programs

    private func pgctl(_ args: [String]) throws {
        try Self.run(asOwner: true, [Self.bin + "/pg_ctl", "-D", folder + "/data"] + args)
    }

    private func append(_ lines: String, to path: String, atStart: Bool) throws {
        let old = try String(contentsOfFile: path, encoding: .utf8)
        try (atStart ? lines + "\n" + old : old + "\n" + lines + "\n").write(toFile: path, atomically: false, encoding: .utf8)
    }

    /// The newest installed server's programs (Debian: /usr/lib/postgresql/N/bin).
    static var bin: String {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        let newest = versions.compactMap(Int.init).max().map(String.init) ?? "15"
        return "/usr/lib/postgresql/\(newest)/bin"
    }

    private static func script(_ args: [String], folder: String, port: Int = 54500) throws -> String {
        let path = repositoryRoot.appendingPathComponent("Scripts/pg-dev.sh").path
        return try run(asOwner: false, ["/bin/bash", path] + args,
                       environment: ["PINMAP_PG_DIR": folder, "PINMAP_PG_PORT": String(port)])
    }

    /// Runs a program (as `postgres` when we are root and `asOwner`); its standard output.
    /// posix_spawn and waitpid, not `Process`: its exit was sometimes never seen in the test
    /// process (a zombie `bash` and a wait that never ended).
    /// - Throws: a message with its output when it exits non-zero.
    @discardableResult
    static func run(asOwner: Bool, _ argv: [String], environment: [String: String] = [:]) throws -> String {
        let args = asOwner && getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] + argv : argv
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-cluster-\(UUID().uuidString).out").path
        let errors = output + ".err"
        defer { unlink(output); unlink(errors) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let env = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }.map { "\($0.key)=\($0.value)" }
        var cArgs = args.map { strdup($0) } + [nil]
        var cEnv = env.map { strdup($0) } + [nil]
        defer { (cArgs + cEnv).forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, args[0], &actions, nil, &cArgs, &cEnv) == 0 else {
            throw ClusterError(message: "cannot run \(args[0])")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard status == 0 else {
            let why = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            throw ClusterError(message: "\(argv.joined(separator: " ")) exited with status \(status): \(text)\(why)")
        }
        return text
    }

    struct ClusterError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}

/// Programs run as the owner of the test clusters (`postgres` when we are root).
public enum TestClusterTools {
    /// Runs `argv` as the clusters' owner; its standard output.
    @discardableResult
    public static func asOwner(_ argv: [String]) throws -> String { try TestCluster.run(asOwner: true, argv) }
}
