import Foundation
import XCTest

/// Runs the real `pinmap` binary inside a private tmux server and reads its
/// screen: `send-keys -l` for keys and literal
/// SGR mouse reports, `capture-pane -p` for the screen, `display -p` for the
/// pane's mouse and alternate-screen flags.
final class Tmux {
    let socket: String
    let binary: String
    let dbPath: String
    let dir: URL

    /// The built `pinmap` next to the test bundle (swift test builds it,
    /// since this test target depends on the executable).
    static func binaryPath() -> String? {
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = exe.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("pinmap").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let fallback = root.appendingPathComponent(".build/debug/pinmap").path
        return FileManager.default.isExecutableFile(atPath: fallback) ? fallback : nil
    }

    static var available: Bool { run(["/usr/bin/env", "tmux", "-V"]).status == 0 }

    init() throws {
        guard let bin = Tmux.binaryPath() else { throw XCTSkip("pinmap binary not built") }
        binary = bin
        socket = "pinmap-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        dbPath = dir.appendingPathComponent("pins.sqlite").path
    }

    deinit {
        let running = Tmux.processes(naming: dbPath)
        _ = Tmux.run(["/usr/bin/env", "tmux", "-L", socket, "kill-server"])
        // The server's end hangs up on pinmap, which saves its view on the way out (a new
        // connection makes the store's folder again): the folder goes once pinmap has.
        let deadline = Date().addingTimeInterval(5)
        while running.contains(where: { kill($0, 0) == 0 }) && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        try? FileManager.default.removeItem(at: dir)
    }

    /// The processes whose command line holds `text` (this test's store path: its pinmap).
    static func processes(naming text: String) -> [pid_t] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { pid_t($0) } ?? []
        return ids.filter { id in
            guard let line = FileManager.default.contents(atPath: "/proc/\(id)/cmdline") else { return false }
            return String(decoding: line, as: UTF8.self).contains(text)
        }
    }

    /// Runs pinmap with `args` in a detached `cols`×`rows` session; waits until `ready` shows.
    /// `launcher` goes before the program (`runuser -u nobody --`), `program` instead of `binary`
    /// (a copy another user may run).
    func start(_ args: [String] = [], cols: Int = 100, rows: Int = 30, term: String = "xterm-256color", env: [String: String] = [:],
               ready: String = "Settings", launcher: [String] = [], program: String? = nil) {
        var envs = ["TERM=\(term)", "LANG=C.UTF-8", "ESCDELAY=25", "HOME=\(dir.path)", "XDG_DATA_HOME=\(dir.path)/data"]
        envs += env.map { "\($0)=\($1)" }
        // `swift test` sets NO_COLOR=1 for its children: unset it, so colour is the tests' choice (`env`).
        let cmd = (["env", "-u", "NO_COLOR"] + envs + launcher + [program ?? binary, "--db", dbPath] + args).map(Tmux.quote).joined(separator: " ")
        // The tmux server inherits the client's file descriptors: start it
        // with no pipes attached, or reading its output would never end.
        Tmux.run(["/usr/bin/env", "tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(cols)", "-y", "\(rows)", cmd + "; sleep 30"], capture: false)
        _ = waitFor { $0.contains(ready) }
    }

    /// Pastes `text` as a terminal does (bracketed when the program asked for it).
    func paste(_ text: String, pause: Double = 0.2) {
        tmux(["set-buffer", "-b", "e2e", text])
        tmux(["paste-buffer", "-p", "-d", "-b", "e2e", "-t", "0"])
        Thread.sleep(forTimeInterval: pause)
    }

    /// Pastes the contents of `file` as a terminal does (bracketed): for pastes too large
    /// for a tmux command line.
    func paste(file: String, pause: Double = 0.2) {
        tmux(["load-buffer", "-b", "e2e", file])
        tmux(["paste-buffer", "-p", "-d", "-b", "e2e", "-t", "0"])
        Thread.sleep(forTimeInterval: pause)
    }

    /// Runs a pinmap subcommand synchronously (e.g. import) against this test's store.
    @discardableResult
    func cli(_ args: [String]) -> (status: Int32, out: String, err: String) {
        Tmux.run([binary] + args + ["--db", dbPath])
    }

    func keys(_ s: String, pause: Double = 0.15) {
        tmux(["send-keys", "-t", "0", "-l", s])
        Thread.sleep(forTimeInterval: pause)
    }

    /// Sends a special key by tmux name (Escape, Tab, BTab, Down, …).
    func key(_ name: String, pause: Double = 0.15) {
        tmux(["send-keys", "-t", "0", name])
        Thread.sleep(forTimeInterval: pause)
    }

    /// SGR mouse reports, 0-based col/row converted to the wire's 1-based.
    static func press(_ c: Int, _ r: Int) -> String { "\u{1B}[<0;\(c + 1);\(r + 1)M" }
    static func drag(_ c: Int, _ r: Int) -> String { "\u{1B}[<32;\(c + 1);\(r + 1)M" }
    static func release(_ c: Int, _ r: Int) -> String { "\u{1B}[<0;\(c + 1);\(r + 1)m" }
    static func wheelUp(_ c: Int, _ r: Int) -> String { "\u{1B}[<64;\(c + 1);\(r + 1)M" }
    static func wheelDown(_ c: Int, _ r: Int) -> String { "\u{1B}[<65;\(c + 1);\(r + 1)M" }

    func screen() -> String { tmux(["capture-pane", "-p", "-t", "0"]).out }
    /// The screen with its SGR escape sequences (`capture-pane -e`).
    func screenWithEscapes() -> String { tmux(["capture-pane", "-p", "-e", "-t", "0"]).out }
    func lines() -> [String] { screen().components(separatedBy: "\n") }

    /// `#{mouse_any_flag} #{mouse_button_flag} #{mouse_sgr_flag} #{alternate_on}`.
    func modeFlags() -> String {
        tmux(["display", "-p", "-t", "0", "#{mouse_any_flag} #{mouse_button_flag} #{mouse_sgr_flag} #{alternate_on}"]).out
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `#{keypad_cursor_flag} #{keypad_flag} #{cursor_flag}`: the cursor keys' and the keypad's
    /// application modes, and whether the cursor shows.
    func keypadFlags() -> String {
        tmux(["display", "-p", "-t", "0", "#{keypad_cursor_flag} #{keypad_flag} #{cursor_flag}"]).out
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func resize(_ cols: Int, _ rows: Int) {
        tmux(["resize-window", "-t", "0", "-x", "\(cols)", "-y", "\(rows)"])
        Thread.sleep(forTimeInterval: 0.4)
    }

    /// Polls the screen until `predicate` holds (up to `timeout` seconds).
    @discardableResult
    func waitFor(timeout: Double = 5, _ predicate: (String) -> Bool) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var s = screen()
        while !predicate(s) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            s = screen()
        }
        return s
    }

    /// The status line (second to last row) of the current screen.
    func statusLine() -> String {
        let l = lines().filter { !$0.isEmpty || true }
        let rows = l.count >= 2 ? l : ["", ""]
        // capture-pane ends with a newline per row; the last element may be empty.
        let trimmed = rows.last == "" ? Array(rows.dropLast()) : rows
        return trimmed.count >= 2 ? trimmed[trimmed.count - 2] : ""
    }

    @discardableResult
    private func tmux(_ args: [String]) -> (status: Int32, out: String, err: String) {
        Tmux.run(["/usr/bin/env", "tmux", "-L", socket] + args)
    }

    static func quote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// Starts `argv` with posix_spawn, its output discarded and its standard error written to
    /// `stderrPath` (nil: discarded), and returns its pid without waiting (nil: not started).
    /// For tests that signal a command while it works.
    static func start(_ argv: [String], stderrTo stderrPath: String? = nil) -> pid_t? {
        var pid: pid_t = 0
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for a in cArgs { free(a) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        return posix_spawn(&pid, argv[0], &actions, nil, &cArgs, environ) == 0 ? pid : nil
    }

    /// Runs `argv` with posix_spawn and waits with waitpid (Foundation's
    /// Process did not reap the tmux client here, hanging the test), reading
    /// standard output and error through pipes unless `capture` is false.
    @discardableResult
    static func run(_ argv: [String], capture: Bool = true) -> (status: Int32, out: String, err: String) {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capture {
            guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { return (127, "", "pipe failed") }
            posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
            posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
            for fd in outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, fd) }
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for a in cArgs { free(a) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, nil, &cArgs, environ)
        if capture { close(outPipe[1]); close(errPipe[1]) }
        guard rc == 0 else {
            if capture { close(outPipe[0]); close(errPipe[0]) }
            return (127, "", "spawn failed: \(rc)")
        }
        var out = Data(), err = Data()
        if capture {
            // Read both pipes until EOF (stderr is small; read it after stdout).
            out = readAll(outPipe[0]); err = readAll(errPipe[0])
            close(outPipe[0]); close(errPipe[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (code, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    private static func readAll(_ fd: Int32) -> Data {
        var data = Data()
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fd, &buf, buf.count)
            if n > 0 { data.append(contentsOf: buf[0..<n]) } else if n < 0 && errno == EINTR { continue } else { break }
        }
        return data
    }
}
