import PinStore

/// A command's flags and options, kept as data so `--help` never drifts.
public struct CommandSpec: Sendable {
    public var name: String
    public var usage: String
    public var summary: String
    /// Options that take a value: name (with dashes) → help.
    public var options: [(String, String)]
    /// Options without a value.
    public var flags: [(String, String)]
    /// Most positional arguments (nil: any number).
    public var maxPositionals: Int?
    public var minPositionals: Int = 0
    /// Other names of an option: alias → the option's name (`--output` → `-o`); its value is
    /// read under the option's name.
    public var aliases: [String: String] = [:]
    /// Options this command does not take that a user will try → what to give instead, said
    /// after "unknown option" (`copy --db`: every other command's store option).
    public var insteadOf: [String: String] = [:]

    /// `--db`, as every command that opens a store takes it: a file or a server, for any
    /// command (list's and show's help said "store path" alone).
    static let store = ("--db", "store file path or postgresql:// URI (default: $PINMAP_DB; see pinmap --help)")

    /// The `--help` text, every line at most 80 columns (`HelpLayout`).
    public func helpText() -> String {
        var lines = HelpLayout.usage(usage) + [""] + HelpLayout.prose(summary)
        let all = options.map { ("\($0.0) VALUE", $0.1) } + flags + [("-h, --help", "show this help")]
        lines += ["", "Options:"] + HelpLayout.options(all)
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the positional arguments are, from the usage (`TEXT...` → "text", `FILE...` → "file").
    var positionalName: String {
        let word = usage.split(separator: " ").first { $0.hasSuffix("...") && !$0.hasPrefix("[") }
        return word.map { $0.dropLast(3).lowercased() } ?? "argument"
    }

    /// The summary's first sentence, for `pinmap --help`'s list of commands.
    var firstSentence: String {
        let text = summary.split(separator: "\n").joined(separator: " ")
        guard let end = text.range(of: ". ") else { return text }
        return String(text[..<end.lowerBound]) + "."
    }
}

/// A parsed command line: positionals in order, options by name.
public struct ParsedArguments: Sendable {
    public var positionals: [String] = []
    public var values: [String: String] = [:]
    public var flags: Set<String> = []
    public var wantsHelp = false

    public func value(_ name: String) -> String? { values[name] }
    public func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// What went wrong and the exit code it means: 1 failure, 2 usage.
public enum CLIError: Error, Sendable {
    case usage(command: String, message: String)
    case failure(String)

    public var exitCode: Int32 {
        switch self { case .usage: return 2; case .failure: return 1 }
    }

    public var message: String {
        switch self {
        // One bounded line each (values from the command line or a file can be huge or hold line breaks).
        case .usage(let c, let m): return "pinmap\(c.isEmpty ? "" : " " + c): \(MessageText.sentence(m, limit: 400))\nTry 'pinmap\(c.isEmpty ? "" : " " + c) --help'."
        case .failure(let m):
            let line = MessageText.sentence(m, limit: 600)
            return line.hasPrefix("pinmap") ? line : "pinmap: \(line)"
        }
    }
}

extension CommandSpec {
    /// Parses `args` (without the command name): `--opt VALUE`, `--opt=VALUE`,
    /// flags, and `--` ending options.
    /// - Throws: `CLIError.usage` for an unknown option, a missing value or a
    ///   wrong number of positional arguments.
    public func parse(_ args: [String]) throws(CLIError) -> ParsedArguments {
        var out = ParsedArguments()
        let optionNames = Set(options.map(\.0)), flagNames = Set(flags.map(\.0))
        var i = 0
        var onlyPositionals = false
        while i < args.count {
            let a = args[i]
            i += 1
            if onlyPositionals || !a.hasPrefix("-") || a == "-" || Double(a) != nil {
                out.positionals.append(a); continue
            }
            if a == "--" { onlyPositionals = true; continue }
            if a == "-h" || a == "--help" { out.wantsHelp = true; continue }
            var name = a, inline: String?
            if let eq = a.firstIndex(of: "=") { name = String(a[..<eq]); inline = String(a[a.index(after: eq)...]) }
            if optionNames.contains(name) {
                let value: String
                if let inline {
                    value = inline
                } else {
                    // `--limit --db X`: the next option is not this one's value.
                    guard i < args.count, !isOptionName(args[i], optionNames, flagNames) else {
                        throw .usage(command: self.name, message: "\(name) needs a value")
                    }
                    value = args[i]
                    i += 1
                }
                // Given twice, the last wins, as with most tools: an alias or a script's
                // `pinmap --db team.sqlite` can be overridden by a later `--db`. An alias counts
                // as its option (`-o a.csv --output b.csv` wrote a.csv, the first).
                out.values[aliases[name] ?? name] = value
            } else if flagNames.contains(name), inline == nil {
                out.flags.insert(name)
            } else {
                var hint = name.hasPrefix("--") ? Suggestion.hint(name, among: Array(optionNames) + Array(flagNames)) : ""
                if let instead = insteadOf[name] { hint = " (\(instead))" }
                // A comment's words or a file's name may start with a dash: say how to give one.
                if hint.isEmpty, maxPositionals == nil { hint = " (to give a \(positionalName) starting with '-', put -- before it: -- \(a))" }
                throw .usage(command: self.name, message: "unknown option '\(a)'\(hint)")
            }
        }
        if out.wantsHelp { return out }
        if out.positionals.count < minPositionals {
            throw .usage(command: name, message: "missing argument: \(usage)")
        }
        if let m = maxPositionals, out.positionals.count > m {
            throw .usage(command: name, message: "unexpected argument '\(out.positionals[m])'")
        }
        return out
    }
}

/// Whether `arg` names an option or flag (`--db`, `-o`, `--help`): never taken as a value.
private func isOptionName(_ arg: String, _ options: Set<String>, _ flags: Set<String>) -> Bool {
    let name = arg.split(separator: "=", maxSplits: 1).first.map(String.init) ?? arg
    return options.contains(name) || flags.contains(name) || name == "--help" || name == "-h"
}
