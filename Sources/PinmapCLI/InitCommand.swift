import PinStore
import PinStorePostgres

/// `pinmap init`: creates an empty store, a SQLite file or the tables of a PostgreSQL
/// database, so a team can point every pinmap at it.
enum InitCommand: TextCommand {
    static func changesStore(_ args: ParsedArguments) -> Bool { true }

    static let spec = CommandSpec(
        name: "init", usage: "pinmap init [--db PATH|URI]",
        summary: """
        Create an empty store: a SQLite file, or Pinmap's tables in a PostgreSQL database
        (--db postgresql://USER@HOST/DB; the postgis and pg_trgm extensions must be available).
        A store that exists already is left as it is (its missing migrations are run).
        """,
        options: [CommandSpec.store], flags: [], maxPositionals: 0)

    static func run(_ args: ParsedArguments, io: CommandIO) throws(CLIError) -> Int32 {
        let store = try PinmapCLI.openRepository(args, creating: true)
        let pins = try PinmapCLI.storeCall { () throws(StoreError) in try store.count() }
        io.out.write("Store ready: \(MessageText.quotedPath(store.location)) (\(pins) pin\(pins == 1 ? "" : "s"))\n")
        return 0
    }
}
