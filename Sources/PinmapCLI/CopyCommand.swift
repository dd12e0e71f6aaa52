import Foundation
import PinImport
import PinStore
import PinStorePostgres

/// `pinmap copy --from SRC --to DST`: every pin with its properties, comments, dates and
/// import batches, between any two stores (a file onto the team's server, the server into a
/// file for a trip). Pins already in DST (same title, description, category, coordinates and
/// creation time) are not copied again, so a second run copies nothing twice.
enum CopyCommand: TextCommand {
    static func changesStore(_ args: ParsedArguments) -> Bool { true }

    static let spec = CommandSpec(
        name: "copy", usage: "pinmap copy --from PATH|URI --to PATH|URI [--json]",
        summary: """
        Copy every pin, with its properties, comments, dates and import batches, from one store
        to another: SQLite files or PostgreSQL servers (postgresql://…), either way. DST is
        created when it does not exist. Pins DST has already (same title, description,
        category, coordinates and creation time) are skipped, so running it again copies
        nothing twice. One transaction: a failure leaves DST as it was.
        """,
        options: [("--from", "the store to copy from"), ("--to", "the store to copy into")],
        flags: [("--json", "print what was copied as a JSON object")], maxPositionals: 0,
        insteadOf: ["--db": "copy has two stores: give --from SRC and --to DST"])

    static func run(_ args: ParsedArguments, io: CommandIO) throws(CLIError) -> Int32 {
        guard let given = args.value("--from") else { throw .usage(command: "copy", message: "--from is required (a store path or postgresql:// URI)") }
        guard let givenTo = args.value("--to") else { throw .usage(command: "copy", message: "--to is required (a store path or postgresql:// URI)") }
        let from = PGLocation.normalized(try PinmapCLI.checkedStore(given, option: "--from", command: "copy"))
        let to = PGLocation.normalized(try PinmapCLI.checkedStore(givenTo, option: "--to", command: "copy"))
        // Also spelt another way (`./`, `..`, a symbolic or hard link): it copied nothing, saying
        // every pin was "already there".
        let sameFile = !PGLocation.isServerURI(from) && !PGLocation.isServerURI(to) && FileIdentity.same(from, to)
        if from == to || sameFile { throw .usage(command: "copy", message: "--from and --to name the same store") }
        // A file this command creates is removed again when the copy fails: before it there
        // was none (a server's database, made by its owner, stays).
        let createsFile = !PGLocation.isServerURI(to) && !FileManager.default.fileExists(atPath: to)
        let outcome: CopyOutcome
        let location: String
        do {
            // Ctrl-C: the copy is one transaction, which ends unfinished. A file it made stays
            // (empty): another process may have opened it meanwhile.
            let unchanged = createsFile ? "the store it made at --to holds no pins" : "--to is as it was"
            (outcome, location) = try InterruptNotice.during("pinmap copy: interrupted; nothing was copied (\(unchanged))") {
                () throws(CLIError) in try copy(from: from, to: to)
            }
        } catch {
            if createsFile { ImportCommand.removeStoreFiles(to) }
            throw error
        }
        if args.has("--json") {
            io.out.write("{\"batches\":\(outcome.batches),\"comments\":\(outcome.comments),\"pins\":\(outcome.pins),\"skipped\":\(outcome.skipped)}\n")
        } else {
            func n(_ k: Int, _ word: String) -> String { "\(k) \(word)\(k == 1 ? "" : "s")" }
            io.out.write("Copied \(n(outcome.pins, "pin")), \(n(outcome.comments, "comment")) and \(n(outcome.batches, "import batch"))"
                         .replacingOccurrences(of: "batchs", with: "batches")
                         + " to \(MessageText.quotedPath(location))" + (outcome.skipped > 0 ? "; \(n(outcome.skipped, "pin")) already there" : "") + "\n")
        }
        return 0
    }

    /// Copies every pin of `from` into `to`: what was copied, and where (both stores are
    /// closed when it returns, so a file it created can be removed).
    private static func copy(from: String, to: String) throws(CLIError) -> (CopyOutcome, String) {
        let source = try on("--from") { () throws(StoreError) in try open(from, creating: false) }
        let destination = try on("--to") { () throws(StoreError) in try open(to, creating: true) }
        // The phase and a running clock on a terminal (a million pins take seconds each way).
        let phase = ImportProgressPrinter(label: "pinmap copy:", fileSize: 1, minimumBytes: 0)
        defer { phase.finish() }
        phase.update(phase: "reading the pins of \(source.location)")
        let snapshot = try on("--from") { () throws(StoreError) in try source.copySnapshot() }
        phase.update(phase: "writing \(snapshot.pins.count) pins into \(destination.location)")
        return try on("--to", after: "; nothing was copied") { () throws(StoreError) -> (CopyOutcome, String) in
            // A database without a store gets one in the copy's transaction: a failed copy leaves none.
            if let server = destination as? PostgresStore {
                return (try server.withSchema { () throws(StoreError) -> CopyOutcome in try server.receive(snapshot) }, server.location)
            }
            return (try destination.receive(snapshot), destination.location)
        }
    }

    /// `body`, a step on one side of the copy (`--from`, `--to`): its failure names that side
    /// first, and its advice the option (`choose another --to path`), then `after`. The one
    /// place `copy` words a store's error (`pinmap copy: --from: no Pinmap store at …`).
    private static func on<T>(_ side: String, after: String = "", _ body: () throws(StoreError) -> T) throws(CLIError) -> T {
        do { return try body() } catch {
            throw .failure("pinmap copy: \(side): " + PinmapCLI.namingOption(error.message, side) + after)
        }
    }

    /// A store named on the command line: a server for a URI, else a SQLite file (created
    /// when `creating` and missing).
    static func open(_ name: String, creating: Bool) throws(StoreError) -> any PinCopying {
        if PGLocation.isServerURI(name) { return try PostgresStore(uri: name, creatingOnImport: creating) }
        return try Store(path: name, mode: creating ? .create(makeFolders: false) : .reading)
    }
}
