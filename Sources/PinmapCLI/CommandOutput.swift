import Foundation
import Frame
import PinImport
import PinStore

/// Where a command's text goes: standard output, a file, or a string (tests).
/// Writes are buffered; `flush()` sends what is left.
protocol TextSink: AnyObject {
    /// Whether the text is shown on a terminal (pin text must then be sanitized).
    var isTerminal: Bool { get }
    func write(_ s: String)
    /// True once a write failed (a closed pipe, a full disk): a long output may stop early.
    var failed: Bool { get }
    /// - Throws: `CLIError.failure` when the bytes cannot be written (disk full, closed pipe).
    func flush() throws(CLIError)
}

extension TextSink {
    var failed: Bool { false }
}

/// Standard output and standard error written with `write(2)`: `FileHandle.write(_:)` traps
/// on an error (a full disk), and `write(contentsOf:)`'s error reads "The operation could not
/// be completed"; the system's own reason (`strerror`) says what happened.
enum StandardStream {
    /// Writes all of `data` to `fd`, again after an interrupted or partial write.
    /// - Returns: the system's reason for a failed write (`No space left on device`), nil
    ///   when every byte was written.
    static func write(_ data: Data, to fd: Int32) -> String? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> String? in
            guard var p = raw.baseAddress else { return nil }
            var left = raw.count
            while left > 0 {
                let n = Foundation.write(fd, p, left)
                if n < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                p += n
                left -= n
            }
            return nil
        }
    }

    /// The failure of a command whose output could not be written, with the system's reason.
    static func failure(_ reason: String) -> CLIError { .failure("cannot write output: \(reason)") }
}

/// Bytes written to a file descriptor in chunks of `chunkSize` (through
/// `StandardStream`, which reports write errors; `print` would not). The first
/// error is kept and reported by `flush`.
struct BufferedHandle {
    let fd: Int32
    let chunkSize: Int
    private var buffer = Data()
    private(set) var failure: String?

    init(_ fd: Int32, chunkSize: Int) { self.fd = fd; self.chunkSize = chunkSize }

    mutating func append(_ s: String) {
        buffer.append(contentsOf: s.utf8)
        if buffer.count >= chunkSize { drain() }
    }

    mutating func drain() {
        guard failure == nil, !buffer.isEmpty else { return }
        failure = StandardStream.write(buffer, to: fd)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Standard output or standard error, in 64 KiB chunks.
final class StreamSink: TextSink {
    private var out: BufferedHandle
    let isTerminal: Bool

    init(stdout: Bool = true) {
        out = BufferedHandle(stdout ? STDOUT_FILENO : STDERR_FILENO, chunkSize: 1 << 16)
        isTerminal = isatty(stdout ? 1 : 2) == 1
    }

    func write(_ s: String) {
        // Text from files and pins can carry escape sequences: never send them raw to a terminal.
        out.append(isTerminal ? SafeText.sanitize(s, keepNewlines: true, keepTabs: true) : s)
    }

    var failed: Bool { out.failure != nil }

    func flush() throws(CLIError) {
        out.drain()
        if let failure = out.failure { throw StandardStream.failure(failure) }
    }
}

/// A file written whole or not at all (`AtomicOutputFile`: a temporary file renamed into place
/// by `flush()`), so a failed export never leaves half a file or clobbers the old one.
final class FileSink: TextSink {
    let isTerminal = false
    let path: String
    private let file: AtomicOutputFile

    /// Starts the temporary file next to `path`.
    /// - Parameter protected: the files `path` must not be (checked again as it is written).
    /// - Throws: `CLIError.failure` when it cannot be created.
    init(path: String, protected: ProtectedPaths) throws(CLIError) {
        self.path = path
        do { file = try AtomicOutputFile(path: path, protected: protected) } catch {
            throw .failure("cannot write \(MessageText.quotedPath(path)): \(error.reason) (nothing was written)")
        }
    }

    func write(_ s: String) { file.write(s) }

    func flush() throws(CLIError) {
        do { try file.commit() } catch { throw .failure("cannot write \(MessageText.quotedPath(path)): \(error.reason) (nothing was written)") }
    }
}

/// Text kept in memory, for tests.
final class StringSink: TextSink {
    let isTerminal: Bool
    private(set) var text = ""
    init(isTerminal: Bool = false) { self.isTerminal = isTerminal }
    func write(_ s: String) { text += isTerminal ? SafeText.sanitize(s, keepNewlines: true, keepTabs: true) : s }
    func flush() throws(CLIError) {}
}

/// A command's two output streams.
struct CommandIO {
    var out: TextSink
    var err: TextSink
    /// Standard output and standard error.
    static func standard() -> CommandIO { CommandIO(out: StreamSink(stdout: true), err: StreamSink(stdout: false)) }
}

/// A command whose output goes through `CommandIO`, so tests can run it and
/// read what it printed. Its plain `run(_:)` writes to the real streams.
protocol TextCommand: Command {
    static func run(_ args: ParsedArguments, io: CommandIO) throws(CLIError) -> Int32
    /// True when the command line `args` changes the store (add, import, copy…): its work is
    /// done by the time its output is flushed.
    static func changesStore(_ args: ParsedArguments) -> Bool
}

extension TextCommand {
    static func changesStore(_ args: ParsedArguments) -> Bool { false }

    static func run(_ args: ParsedArguments) throws(CLIError) -> Int32 {
        let io = CommandIO.standard()
        let code: Int32
        do { code = try run(args, io: io) } catch {
            try? io.out.flush(); try? io.err.flush()
            throw error
        }
        do {
            try io.err.flush()
            try io.out.flush()
        } catch {
            // Exit 1 with "cannot write output" alone read as if the import, copy or delete had
            // failed, and a second run did it again (or found nothing left to undo).
            guard code == 0, changesStore(args), case .failure(let why) = error else { throw error }
            throw .failure("\(why) (the \(spec.name) itself was done; only what it printed was lost)")
        }
        return code
    }
}

/// What a command line did: its exit code and everything it printed.
public struct CLIResult: Sendable, Equatable {
    public var code: Int32
    public var stdout: String
    public var stderr: String
}

extension PinmapCLI {
    /// Runs the command line `args` like `main`, but captures standard output
    /// and standard error (for tests and scripts embedding pinmap). Only
    /// commands that write through `CommandIO` can run this way (not the
    /// terminal UI, `import` or `render`): the others give exit code 2.
    /// - Parameter terminal: pretend standard output is a terminal (pin text
    ///   is then sanitized).
    public static func execute(_ args: [String], terminal: Bool = false) -> CLIResult {
        let io = CommandIO(out: StringSink(isTerminal: terminal), err: StringSink())
        func result(_ code: Int32) -> CLIResult {
            CLIResult(code: code, stdout: (io.out as? StringSink)?.text ?? "", stderr: (io.err as? StringSink)?.text ?? "")
        }
        guard let name = args.first, let command = commands.first(where: { $0.spec.name == name }) else {
            io.err.write(CLIError.usage(command: "", message: "unknown command '\(args.first ?? "")'").message + "\n")
            return result(2)
        }
        guard let text = command as? any TextCommand.Type else {
            io.err.write("pinmap: '\(name)' cannot run with captured output\n")
            return result(2)
        }
        do {
            let parsed = try command.spec.parse(Array(args.dropFirst()))
            if parsed.wantsHelp { io.out.write(command.spec.helpText()); return result(0) }
            return result(try text.run(parsed, io: io))
        } catch {
            io.err.write(error.message + "\n")
            return result(error.exitCode)
        }
    }
}
