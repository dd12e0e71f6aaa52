import Foundation
import PinImport
import PinStore

/// `pinmap index`: builds what a large import left for after its commit
/// (`Store.finishIndexing`): the other pins indexes, the search index and
/// the map's clusters.
enum IndexCommand: TextCommand {
    static func changesStore(_ args: ParsedArguments) -> Bool { true }

    static let spec = CommandSpec(
        name: "index", usage: "pinmap index [--db PATH] [--json]",
        summary: """
        Index the pins a large import added, for search and the list's order.
        A large import commits its pins with their spatial index, then leaves the rest to this
        command or to the UI, which runs it when it opens (about 5 s of CPU per million pins).
        Until then search still finds every pin (more slowly); the map shows every pin already. One transaction: interrupting it loses nothing; run it again.
        """,
        options: [CommandSpec.store],
        flags: [("--json", "print {\"pins\", \"indexes\", \"seconds\"} as JSON")],
        maxPositionals: 0)

    /// What `--json` prints.
    struct Summary: Encodable {
        /// Pins added to the search index and the map's clusters (rows).
        var pins: Int
        /// Indexes rebuilt (names).
        var indexes: [String]
        /// Wall time (seconds).
        var seconds: Double
    }

    static func run(_ args: ParsedArguments, io: CommandIO) throws(CLIError) -> Int32 {
        guard PinmapCLI.storeExists(args) else {  // a typo must not create an empty store
            throw .failure("no Pinmap store at \(PinmapCLI.storeName(args)); nothing to index (`pinmap import` or `pinmap add` creates one)")
        }
        let store = try PinmapCLI.openRepository(args)
        let start = Date()
        let backlog: IndexBacklog
        do { backlog = try store.indexBacklog() } catch { throw .failure(error.message) }
        if !backlog.isEmpty {
            let bar = ImportProgressPrinter(label: "indexing \(backlog.pins) pins", fileSize: 1, minimumBytes: 0)
            // A UI opened meanwhile leaves the work to this process (and says so).
            // (A server's store has no backlog: its imports index as they go.)
            (store as? Store)?.markIndexing()
            defer { (store as? Store)?.indexingDone() }
            do {
                // Ctrl-C, SIGTERM, SIGHUP: one line, not a silent exit under the progress bar. The
                // words hold whether or not the commit was under way (one transaction).
                _ = try InterruptNotice.during("pinmap index: interrupted; nothing is lost (run `pinmap index` again to finish)") { () throws(StoreError) in
                    try store.finishIndexing(progress: { bar.update(fraction: $0.fraction, detail: $0.stage.rawValue) }, shouldStop: nil)
                }
            } catch {
                bar.finish()
                throw .failure("indexing failed, nothing changed (run it again): \(error.message)")
            }
            bar.finish()
        }
        let summary = Summary(pins: backlog.pins, indexes: backlog.indexes,
                              seconds: (Date().timeIntervalSince(start) * 100).rounded() / 100)
        if args.has("--json") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let data = (try? encoder.encode(summary)) ?? Data("{}".utf8)
            io.out.write(String(decoding: data, as: UTF8.self) + "\n")
        } else if backlog.isEmpty {
            io.out.write("Nothing to index: search and the map are up to date.\n")
        } else {
            let rebuilt = backlog.indexes.isEmpty ? "" : "; rebuilt \(backlog.indexes.joined(separator: ", "))"
            let pins = "\(backlog.pins) pin\(backlog.pins == 1 ? "" : "s")"
            io.out.write("Indexed \(pins) for search and the map\(rebuilt) in \(String(format: "%.1f", summary.seconds)) s.\n")
        }
        return 0
    }
}
