import PinModel
/// The text encodings the importer reads, and how one is chosen for a file.
///
/// Order of decision (see `TextEncodingDetector`):
/// 1. a byte order mark (UTF-8 `EF BB BF`, UTF-16LE `FF FE`, UTF-16BE `FE FF`) decides and is stripped;
/// 2. without one, a NUL-byte pattern in the first bytes means UTF-16 without BOM;
/// 3. otherwise the whole file is validated as strict UTF-8;
/// 4. if it is not UTF-8, it is Windows-1252, or ISO-8859-1 (Latin-1) when it holds one of the five
///    bytes Windows-1252 leaves undefined — no byte is ever replaced silently.
public enum TextEncoding: String, Sendable, Equatable, CaseIterable {
    case utf8 = "UTF-8"
    case utf16LE = "UTF-16LE"
    case utf16BE = "UTF-16BE"
    case windows1252 = "Windows-1252"
    case latin1 = "ISO-8859-1"

    /// The name glibc `iconv_open` knows this encoding by; nil for UTF-8, which needs no conversion.
    var iconvName: String? {
        switch self {
        case .utf8: return nil
        case .utf16LE: return "UTF-16LE"
        case .utf16BE: return "UTF-16BE"
        case .windows1252: return "CP1252"
        case .latin1: return "ISO-8859-1"
        }
    }
}

/// The encoding chosen for one file, and the length of the byte order mark that was found.
public struct DetectedEncoding: Sendable, Equatable {
    /// The encoding the file's bytes are decoded with.
    public var encoding: TextEncoding
    /// Length in bytes of the byte order mark at the start of the file (0, 2 or 3).
    public var bomLength: Int

    public init(encoding: TextEncoding, bomLength: Int) {
        self.encoding = encoding
        self.bomLength = bomLength
    }

    /// What reports show, e.g. `UTF-8`, `UTF-8 with BOM`, `UTF-16LE with BOM`, `Windows-1252`.
    public var label: String {
        bomLength > 0 ? "\(encoding.rawValue) with BOM" : encoding.rawValue
    }
}

/// A file-level failure to read or decode the bytes of a file.
public enum TextDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be opened or read; `reason` is the system's message (`strerror`).
    case unreadable(path: String, reason: String)
    /// The file holds bytes that are invalid in its encoding (e.g. an unpaired UTF-16 surrogate)
    /// at this byte offset from the start of the file.
    case invalidBytes(encoding: TextEncoding, byteOffset: Int64)
    /// The file ends in the middle of a character (e.g. half a UTF-16 code unit or surrogate pair).
    case truncatedText(encoding: TextEncoding)
    /// The file starts with a UTF-8 byte order mark but holds bytes that are not UTF-8 at this offset.
    case invalidUTF8AfterBOM(byteOffset: Int64)
    /// glibc `iconv` does not know the conversion (should not happen on a glibc system).
    case converterUnavailable(from: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            return "cannot read \(path): \(reason)"
        case let .invalidBytes(encoding, offset):
            return "invalid \(encoding.rawValue) text at byte \(offset)"
        case let .truncatedText(encoding):
            return "the \(encoding.rawValue) text ends in the middle of a character"
        case let .invalidUTF8AfterBOM(offset):
            return "the file starts with a UTF-8 byte order mark but byte \(offset) is not UTF-8"
        case let .converterUnavailable(from):
            return "iconv cannot convert from \(from)"
        }
    }
}
