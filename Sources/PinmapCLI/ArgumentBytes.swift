/// The command line as the process got it: bytes, checked to be UTF-8 before they become
/// `String`s.
///
/// Why: Swift's `CommandLine.arguments` repairs bytes that are not UTF-8 into U+FFFD, so a
/// Latin-1 file name (`caf\xE9.csv`) was read as `caf�.csv` ("No such file or directory",
/// though it is there), a `--db` of one named another store, and a title stored `�`.
public enum ArgumentBytes {
    /// The arguments (without the program's name) as strings.
    /// - Parameter raw: each argument's bytes, without its terminating NUL.
    /// - Throws: `CLIError.usage` naming the first argument that is not UTF-8, by its position
    ///   (1 = the first after `pinmap`) and its bytes (`\xE9` for each byte that is not ASCII
    ///   text).
    public static func strings(_ raw: [[UInt8]]) throws(CLIError) -> [String] {
        var out: [String] = []
        for (i, bytes) in raw.enumerated() {
            guard let s = String(validating: bytes, as: UTF8.self) else {
                throw .usage(command: "", message: "argument \(i + 1) '\(shown(bytes))' is not UTF-8 text; Pinmap reads its arguments as UTF-8: rename the file (convmv -f latin1 -t utf8) or retype the text")
            }
            out.append(s)
        }
        return out
    }

    /// The failure for the first of the variables that name the default store (`PINMAP_DB`,
    /// `XDG_DATA_HOME`, `HOME`) that is set but not UTF-8, else nil. `ProcessInfo` repairs
    /// such bytes too: `PINMAP_DB=$'\xFF.sqlite' pinmap add …` made a store named `�.sqlite`.
    /// - Parameter value: a variable's bytes, or nil when it is not set (`getenv`).
    public static func environmentProblem(_ value: (String) -> [UInt8]?) -> CLIError? {
        for name in ["PINMAP_DB", "XDG_DATA_HOME", "HOME"] {
            guard let bytes = value(name), String(validating: bytes, as: UTF8.self) == nil else { continue }
            return .failure("\(name) '\(shown(bytes))' is not UTF-8 text; Pinmap reads it as UTF-8: set it to a UTF-8 path, or give --db PATH")
        }
        return nil
    }

    /// `bytes` with printable ASCII as it is and every other byte as `\xNN`.
    static func shown(_ bytes: [UInt8]) -> String {
        let hex = Array("0123456789ABCDEF")
        var s = ""
        for b in bytes {
            if b >= 0x20 && b < 0x7F && b != 0x5C { s.append(Character(Unicode.Scalar(b))) }
            else { s += "\\x" + String(hex[Int(b >> 4)]) + String(hex[Int(b & 15)]) }
        }
        return s
    }
}
