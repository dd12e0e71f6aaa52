import Foundation
import Frame
import PinStore
import PinStorePostgres
import PinmapCore

/// A subcommand: its spec (for parsing and `--help`) and what it does.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    static func run(_ args: ParsedArguments) throws(CLIError) -> Int32
}

/// The `pinmap` command line. `main.swift` only calls `PinmapCLI.main`.
public enum PinmapCLI {
    public static let version = "0.1.0"

    static let commands: [any Command.Type] = [
        UICommand.self, ImportCommand.self, IndexCommand.self, ImportsCommand.self, UndoImportCommand.self, ListCommand.self, RenderCommand.self,
        AddCommand.self, EditCommand.self, DeleteCommand.self, ShowCommand.self, CommentCommand.self, CommentsCommand.self,
        DeleteCommentCommand.self, ExportCommand.self, CopyCommand.self, InitCommand.self, BenchCommand.self,
    ]

    static let globalHelp: String = {
        var s = """
        pinmap \(version): a map-pin explorer for the terminal

        Usage: \(UICommand.spec.usage)  open the terminal UI
               pinmap COMMAND [OPTIONS]      run a command (pinmap help COMMAND)
               pinmap --version              print the version

        Commands:

        """
        for c in commands where c.spec.name != "ui" {
            let words = c.spec.firstSentence.split(separator: " ").map(String.init)
            s += HelpLayout.fill(words, lead: "  " + c.spec.name.padding(toLength: 12, withPad: " ", startingAt: 0), indent: 14)
                .joined(separator: "\n") + "\n"
        }
        s += """

        The store is $PINMAP_DB, else $XDG_DATA_HOME/pinmap/pins.sqlite
        (~/.local/share/pinmap/pins.sqlite); --db PATH overrides both. A
        postgresql://… URI instead of a path opens a store a team shares on a
        PostgreSQL + PostGIS server (`pinmap init --db URI` creates it).
        Exit codes: 0 ok, 1 failure, 2 usage error.

        """
        return s
    }()

    /// Runs the command line `args` (without the program name) and returns the exit code.
    /// `main` on the process's arguments as bytes (`ArgumentBytes`): one that is not UTF-8 is
    /// a usage error, exit 2.
    /// The same for the variables naming the default store when no `--db` is given.
    public static func main(bytes: [[UInt8]]) -> Int32 {
        let args: [String]
        do { args = try ArgumentBytes.strings(bytes) } catch { return fail(error) }
        if !args.contains(where: { $0 == "--db" || $0.hasPrefix("--db=") }),
           let problem = ArgumentBytes.environmentProblem({ getenv($0).map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) } }) {
            return fail(problem)
        }
        return main(args)
    }

    public static func main(_ args: [String]) -> Int32 {
        // The UI's words follow the locale's name (Korean for ko_*), generated or not.
        Strings.language = Language.from(environment: ProcessInfo.processInfo.environment)
        if args.first == "--version" || args.first == "-V" {
            if args.count > 1 { return fail(.usage(command: "", message: "\(args[0]) takes nothing after it, got '\(args[1])'")) }
            return written { () throws(CLIError) in try writeOut("pinmap \(version)\n") }
        }
        // `--help list` is `help list`: it printed the list of commands, 'list' ignored. Before
        // an option (`--help --db x`), it is still the list of commands.
        if args.first == "--help" || args.first == "-h", args.count == 1 || args[1].hasPrefix("-") {
            return written { () throws(CLIError) in try writeOut(globalHelp) }
        }
        if args.first == "help" || args.first == "--help" || args.first == "-h" {
            return written { () throws(CLIError) in try writeOut(try help(Array(args.dropFirst()))) }
        }
        var rest = args
        var command: any Command.Type = UICommand.self
        if let first = args.first, !first.hasPrefix("-") {
            do { command = try named(first) } catch { return fail(error) }
            rest.removeFirst()
        }
        do {
            let parsed = try command.spec.parse(rest)
            if parsed.wantsHelp { try writeOut(command.spec.helpText()); return 0 }
            return try command.run(parsed)
        } catch {
            // The UI is `pinmap` itself (`ui` is not in --help): its usage errors name `pinmap`.
            if command.spec.name == UICommand.spec.name, case let .usage(_, message) = error {
                return fail(.usage(command: "", message: message + commandFirstHint(rest)))
            }
            return fail(error)
        }
    }

    /// " (a command comes first, …)" when `args`, given to the UI, hold a command's name after
    /// an option (`pinmap --db URI list`, as the README's `pinmap --db URI` invites): the UI
    /// said only "unexpected argument 'list'". "" otherwise.
    static func commandFirstHint(_ args: [String]) -> String {
        guard let name = args.first(where: { a in a != UICommand.spec.name && commands.contains { $0.spec.name == a } }) else { return "" }
        return " (a command comes first, its options after it: pinmap \(name) --db …)"
    }

    /// The command called `name`.
    /// - Throws: `CLIError.usage` naming the closest command when there is none.
    static func named(_ name: String) throws(CLIError) -> any Command.Type {
        guard let c = commands.first(where: { $0.spec.name == name }) else {
            let hint = Suggestion.hint(name, among: commands.map { c in c.spec.name }.filter { $0 != "ui" })
            throw .usage(command: "", message: "unknown command '\(name)'\(hint)")
        }
        return c
    }

    /// The help `pinmap help [COMMAND]` prints: the list of commands (as `pinmap --help`), or
    /// COMMAND's own (`pinmap COMMAND --help`'s); it printed the list whatever followed.
    /// `help help` is the list too: help is what `pinmap --help` says (it was "unknown command").
    /// - Throws: `CLIError.usage` for an unknown command or more than one word.
    static func help(_ words: [String]) throws(CLIError) -> String {
        guard let name = words.first else { return globalHelp }
        guard words.count == 1 else { throw .usage(command: "", message: "help takes one command name, got '\(words[1])' after '\(name)'") }
        if name == "help" { return globalHelp }
        return try named(name).spec.helpText()
    }

    /// 0 once `body` wrote its text, else its failure's code (said on standard error).
    static func written(_ body: () throws(CLIError) -> Void) -> Int32 {
        do { try body(); return 0 } catch { return fail(error) }
    }

    static func fail(_ e: CLIError) -> Int32 {
        writeError(e.message)
        return e.exitCode
    }

    /// Opens the store named by `--db`, `PINMAP_DB` or the default path: a SQLite file, or a
    /// PostgreSQL server for a `postgresql://` (or `postgres://`) URI. The one place that
    /// chooses the engine; commands then speak `PinRepository` (and `PinCopying`).
    /// - Parameters: as `openStore`'s. On a server, `creating` creates the schema in a
    ///   database that has none (the commands that create a SQLite file: import, add, copy,
    ///   init, the UI); every other command refuses such a database and says how to create it.
    ///   `wording` words the store's failure: the command line's English sentence by default,
    ///   the UI's language for the UI (`S.storeError`).
    static func openRepository(_ args: ParsedArguments, creating: Bool = false, reading: Bool = false,
                               wording: (StoreError) -> String = \.message) throws(CLIError) -> any PinCopying {
        let path = try checkedStore(storePath(args), option: storeOption(args))
        guard PGLocation.isServerURI(path) else { return try openStore(args, creating: creating, reading: reading, wording: wording) }
        do { return try PostgresStore(uri: path, create: creating) } catch { throw .failure(wording(error)) }
    }

    /// Indexes what a large import left (`pinmap index`), as the UI does before its first
    /// frame, for the commands that only read but draw or time frames (`render`, `bench`). A
    /// file store this process cannot write, or whose pins another pinmap's import is indexing
    /// right now, is read as it is (the benchmarks opened such a store to write and failed).
    /// - Returns: the pins indexed.
    /// - Throws: `CLIError.failure` when indexing fails.
    static func indexFirst(_ store: any PinRepository) throws(CLIError) -> Int {
        do throws(StoreError) {
            if let file = store as? Store {
                if file.isReadOnly { return 0 }
                if try file.indexingElsewhere() { return 0 }
            }
            return try store.finishIndexing()
        } catch {
            throw .failure("cannot index the pins a large import added: \(error.message)")
        }
    }

    /// After a command wrote pins to a file store (add, edit, delete): the map's cell tree
    /// takes them before the command exits (`Store.settleMapCells`), so a reader that cannot
    /// write the file draws them too. A server keeps its tree current in the write itself.
    static func settleMap(_ store: any PinRepository) {
        (store as? Store)?.settleMapCells()
    }

    /// True when `name` is a server's URI rather than a file path.
    static func isServerURI(_ name: String) -> Bool { PGLocation.isServerURI(name) }

    /// True when the store is a PostgreSQL server (`--db postgresql://…`).
    static func isServer(_ args: ParsedArguments) -> Bool { PGLocation.isServerURI(storePath(args)) }

    /// The store for messages: a file path, or the server without its password.
    static func storeName(_ args: ParsedArguments) -> String {
        let path = storePath(args)
        return PGLocation.isServerURI(path) ? PGLocation(uri: path).description : path
    }

    /// The failure of a command given the id of a pin the store does not have, naming the
    /// store it looked in (`no pin with id 7 in /home/me/pins.sqlite`).
    static func noPin(_ id: Int64, _ args: ParsedArguments) -> CLIError {
        .failure("no pin with id \(id) in \(MessageText.quotedPath(storeName(args)))")
    }

    /// The failure of `uncomment` given a comment id the store does not have, naming the store
    /// as `noPin` does (`no comment with id 7 in /home/me/pins.sqlite`).
    static func noComment(_ id: Int64, _ args: ParsedArguments) -> CLIError {
        .failure("no comment with id \(id) in \(MessageText.quotedPath(storeName(args)))")
    }

    /// The failure of `undo-import` given a batch the store does not have, naming the store as
    /// `noPin` does (`no import batch 7 in /home/me/pins.sqlite; see `pinmap imports``).
    static func noBatch(_ id: Int64, _ args: ParsedArguments) -> CLIError {
        .failure("no import batch \(id) in \(MessageText.quotedPath(storeName(args))); see `pinmap imports`")
    }

    /// The failure of an edit or delete of pin `id` that `store` does not have. Given a
    /// version (`--if-version`) of an id the store has given (`highestGivenPinID`), the caller
    /// read it once: the pin was deleted (no store gives a deleted pin's id to another pin).
    /// Which version it had then is not kept, so the version given is not echoed as if it were
    /// true. An id above every id given never named a pin: `noPin`, as `show` says (so too
    /// when the store cannot say).
    static func noPin(_ id: Int64, _ args: ParsedArguments, readVersion: Int64?, in store: any PinRepository) -> CLIError {
        guard readVersion != nil, let highest = try? store.highestGivenPinID(), id <= highest else { return noPin(id, args) }
        return .failure("no pin with id \(id) in \(MessageText.quotedPath(storeName(args))): it was deleted elsewhere; nothing was changed")
    }

    /// A SQLite store only: a server URI is refused with `what` the command cannot do there.
    static func openFileStore(_ args: ParsedArguments, creating: Bool = false, reading: Bool = false,
                              unsupported what: String) throws(CLIError) -> Store {
        if isServer(args) { throw .failure("\(what) works on a SQLite store file, not on a PostgreSQL server (\(storeName(args)))") }
        return try openStore(args, creating: creating, reading: reading)
    }

    /// Opens the SQLite store named by `--db`, `PINMAP_DB` or the default path.
    /// - Parameters:
    ///   - creating: only `import`, `add` and the UI create a store; every other
    ///     command refuses a missing one ("no Pinmap store at PATH") and creates nothing. An
    ///     explicit path's folder must exist; the default (XDG) path's folders are created.
    ///   - reading: the command only reads, so a store it cannot write is opened read-only
    ///     (`Store.OpenMode.reading`).
    ///   - wording: words the store's failure (as `openRepository`'s).
    static func openStore(_ args: ParsedArguments, creating: Bool = false, reading: Bool = false,
                          wording: (StoreError) -> String = \.message) throws(CLIError) -> Store {
        let path = try checkedStore(storePath(args), option: storeOption(args))
        if PGLocation.isServerURI(path) { return try openFileStore(args, creating: creating, reading: reading, unsupported: "this") }
        let fromEnvironment = args.value("--db") == nil && !(ProcessInfo.processInfo.environment["PINMAP_DB"] ?? "").isEmpty
        let explicit = args.value("--db") != nil || fromEnvironment
        let mode: Store.OpenMode = creating ? .create(makeFolders: !explicit) : reading ? .reading : .existing
        do { return try Store(path: path, mode: mode) } catch {
            throw .failure(fromEnvironment ? namingEnvironment(wording(error), path: path) : wording(error))
        }
    }

    /// A store message for `path` taken from `PINMAP_DB`: names the variable, since no `--db`
    /// was given (the path, first mentioned, is followed by "(from PINMAP_DB)").
    static func namingEnvironment(_ message: String, path: String) -> String {
        var text = message.replacingOccurrences(of: "choose another --db path", with: "set PINMAP_DB to another path (or give --db PATH)")
            .replacingOccurrences(of: "give --db a new file name", with: "set PINMAP_DB to a new file name")
        if let r = text.range(of: MessageText.quotedPath(path)) { text.insert(contentsOf: " (from PINMAP_DB)", at: r.upperBound) }
        return text
    }

    /// The store path `--db`, `PINMAP_DB` or the default name; a server's URI as libpq takes
    /// it (`PGLocation.normalized`: `PostgreSQL://` is `postgresql://`).
    static func storePath(_ args: ParsedArguments) -> String { PGLocation.normalized(args.value("--db") ?? Store.defaultPath()) }

    /// `name`, given to `option` (`--db`, `--from`, `--to`), when it is a file path or a server's
    /// URI. A URI of another scheme (`http://…`, a misspelt `postgresl://…`) is refused by name,
    /// rather than looked for as a file that is not there.
    /// - Throws: `CLIError.usage` naming the schemes Pinmap takes, for a libpq key=value string
    ///   (`host=db dbname=pins`: `add` made a store file of that name), or for a blank name: SQLite
    ///   takes an empty path for a throwaway temporary database, so `copy --to ''` reported
    ///   the pins copied and lost them, exit 0.
    static func checkedStore(_ name: String, option: String, command: String = "") throws(CLIError) -> String {
        guard !trimmedText(name).isEmpty else {
            throw .usage(command: command, message: "\(option) needs a store file's path or a postgresql:// URI, got '\(name)' "
                         + "(an empty path would be a throwaway temporary database)")
        }
        if let refusal = PGLocation.passwordRefusal(name, shown: MessageText.quoted(PasswordMask.masked(trimmedText(name)), limit: MessageText.pathLimit)) {
            throw .usage(command: command, message: "\(option): " + refusal)
        }
        if PGLocation.isKeywordValueString(name) {
            throw .usage(command: command, message: "\(option) \(MessageText.quoted(PasswordMask.masked(trimmedText(name)), limit: MessageText.pathLimit)): "
                         + "Pinmap reads no key=value connection string; give it as a URI, postgresql://USER@HOST:PORT/DBNAME "
                         + "(other keys as ?KEY=VALUE), or a store file's path (./NAME for a file so named)")
        }
        guard let scheme = PGLocation.uriScheme(name), !PGLocation.isServerURI(name) else { return name }
        throw .usage(command: command, message: "\(option) \(MessageText.quoted(trimmedText(name), limit: MessageText.pathLimit)): Pinmap opens no \(scheme):// URI; "
                     + "give a postgresql:// (or postgres://) URI for a PostgreSQL server, or a store file's path")
    }

    /// Where the store's name came from, for messages: `--db`, else `PINMAP_DB`.
    static func storeOption(_ args: ParsedArguments) -> String { args.value("--db") == nil ? "PINMAP_DB" : "--db" }

    /// A store's message with its advice naming `option` (`--from`, `--to`), which was given
    /// instead of `--db`.
    static func namingOption(_ message: String, _ option: String) -> String {
        message.replacingOccurrences(of: "choose another --db path", with: "choose another \(option) path")
            .replacingOccurrences(of: "give --db a new file name", with: "give \(option) a new file name")
    }

    /// True when the store's file exists (a server counts as existing: it is never created
    /// or removed by a command).
    static func storeExists(_ args: ParsedArguments) -> Bool {
        isServer(args) || FileManager.default.fileExists(atPath: storePath(args))
    }

    /// Writes `s` to standard output, sanitized when it is a terminal (`SafeText`): with
    /// `writeError` and `StreamSink`, the only ways text reaches a terminal.
    /// - Throws: `CLIError.failure` when it cannot be written (a full disk: `>/dev/full`);
    ///   `FileHandle.write(_:)` trapped there, a crash with a backtrace.
    static func writeOut(_ s: String) throws(CLIError) {
        let text = isatty(1) == 1 ? SafeText.sanitize(s, keepNewlines: true, keepTabs: true) : s
        if let reason = StandardStream.write(Data(text.utf8), to: STDOUT_FILENO) { throw StandardStream.failure(reason) }
    }

    /// Writes `s` and a line break to standard error; a failure there is not reported (there
    /// is nowhere left to report it) and never traps.
    static func writeError(_ s: String) {
        let text = isatty(2) == 1 ? SafeText.sanitize(s, keepNewlines: true, keepTabs: true) : s
        _ = StandardStream.write(Data((text + "\n").utf8), to: STDERR_FILENO)
    }
}
