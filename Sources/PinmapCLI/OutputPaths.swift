import PinImport
import PinStore

/// The check every command runs before it opens its store, for each file it was asked to
/// write (`export -o`, `import --rejects`): the output must not be the store (or its `-wal`,
/// `-shm`, `-journal`), an input, or another output of the same command (`ProtectedPaths`).
/// Early, so nothing is opened for a command that would be refused; `AtomicOutputFile`
/// checks again each time it writes, against the files as they are then.
enum OutputPaths {
    /// - Parameters:
    ///   - outputs: (option, path) of every file the command will write.
    ///   - store: the store's path, if the command opens one.
    ///   - inputs: files the command reads.
    /// - Returns: what each output must not be, in the order of `outputs`, for `AtomicOutputFile`.
    ///   - command: the command, for a usage error.
    /// - Throws: `CLIError.failure` naming the option and what the path is; nothing was written.
    ///   `CLIError.usage` for a bare `-`: standard output to many tools, it made a file called
    ///   `-` (`export -o -` said "Exported 45 pins to -"), as import reads no standard input;
    ///   and for an empty path.
    @discardableResult
    static func check(_ outputs: [(option: String, path: String)], store: String?, inputs: [String],
                      command: String) throws(CLIError) -> [ProtectedPaths] {
        var protected = ProtectedPaths(store: store, inputs: inputs)
        var each: [ProtectedPaths] = []
        for (option, path) in outputs {
            // An empty path opened the current folder: "cannot write : it is a directory", exit 1.
            if path.isEmpty { throw .usage(command: command, message: "\(option) needs a file's path, got ''") }
            if path == "-" {
                throw .usage(command: command, message: "\(option) -: '-' does not mean standard output here, and a file named '-' "
                             + "is not made unasked; give a file name (./- for one named '-')")
            }
            if let what = protected.clash(with: path) {
                throw .failure("\(option) \(MessageText.quotedPath(path)) is \(what); refusing to overwrite it (nothing was written). Choose another file")
            }
            each.append(protected)
            protected = protected.adding(output: path)
        }
        return each
    }
}
