import Foundation
import PinModel
/// The text encodings the importer reads, and how one is chosen for a file.
///
/// Order of decision (see `TextEncodingDetector`):
/// 1. a byte order mark (UTF-8 `EF BB BF`, UTF-16LE `FF FE`, UTF-16BE `FE FF`) decides and is stripped;
/// 2. without one, a NUL-byte pattern in the first bytes means UTF-16 without BOM;
/// 3. otherwise the whole file is validated as strict UTF-8;
/// 4. if it is not UTF-8, uchardet (`LegacyEncodingGuess`) may name a legacy CJK or Cyrillic
///    encoding, taken when the whole file converts in it (Korean Excel's CP949, Shift_JIS,
///    EUC-JP, GB18030, Big5; Windows-1251, KOI8-R);
/// 5. else it is Windows-1252; a file holding one of the five bytes Windows-1252 leaves
///    undefined is refused (in ISO-8859-1 they would be C1 control characters, mojibake)
///    unless `--encoding` names one — no byte is ever replaced silently.
public enum TextEncoding: String, Sendable, Equatable, CaseIterable {
    case utf8 = "UTF-8"
    case utf16LE = "UTF-16LE"
    case utf16BE = "UTF-16BE"
    case windows1252 = "Windows-1252"
    case latin1 = "ISO-8859-1"
    /// Korean: Windows code page 949 (Unified Hangul Code), a superset of EUC-KR.
    case cp949 = "CP949"
    /// Japanese: Shift_JIS, read as Windows code page 932 (its superset).
    case shiftJIS = "Shift_JIS"
    case eucJP = "EUC-JP"
    /// Chinese (simplified): GB18030, a superset of GBK and GB2312.
    case gb18030 = "GB18030"
    /// Chinese (traditional): Big5, read as Windows code page 950.
    case big5 = "Big5"
    /// Cyrillic: Windows code page 1251, what Russian, Ukrainian and Bulgarian Excel writes.
    case windows1251 = "Windows-1251"
    /// Cyrillic: KOI8-R (older Russian Unix and mail).
    case koi8R = "KOI8-R"
    /// Central European (Polish, Czech, Hungarian …), Greek and Turkish Windows code pages:
    /// read when `--encoding` names them (uchardet's guesses between these and Windows-1252
    /// are not reliable enough to take: it names `Café Zürich` ISO-8859-2).
    case windows1250 = "Windows-1250"
    case windows1253 = "Windows-1253"
    case windows1254 = "Windows-1254"

    /// The encoding a name denotes (`--encoding`, uchardet's answer), ignoring case and
    /// the usual aliases (`cp1252`, `latin1`, `euc-kr`, `sjis`, `gbk`); nil when unknown.
    public init?(name: String) {
        let key = name.uppercased().filter { $0.isLetter || $0.isNumber }
        switch key {
        case "UTF8": self = .utf8
        case "UTF16LE": self = .utf16LE
        case "UTF16BE": self = .utf16BE
        case "WINDOWS1252", "CP1252": self = .windows1252
        case "ISO88591", "LATIN1": self = .latin1
        case "CP949", "UHC", "EUCKR", "KSC5601", "MS949": self = .cp949
        case "SHIFTJIS", "SJIS", "CP932", "MS932", "WINDOWS31J": self = .shiftJIS
        case "EUCJP": self = .eucJP
        case "GB18030", "GBK", "GB2312", "CP936", "EUCCN": self = .gb18030
        case "BIG5", "CP950", "BIG5HKSCS": self = .big5
        case "WINDOWS1251", "CP1251": self = .windows1251
        case "KOI8R": self = .koi8R
        case "WINDOWS1250", "CP1250": self = .windows1250
        case "WINDOWS1253", "CP1253": self = .windows1253
        case "WINDOWS1254", "CP1254": self = .windows1254
        default: return nil
        }
    }

    /// The names `--encoding` takes, for its help and its error.
    public static let optionNames = allCases.map(\.rawValue).joined(separator: ", ")

    /// The name glibc `iconv_open` knows this encoding by; nil for UTF-8, which needs no conversion.
    var iconvName: String? {
        switch self {
        case .utf8: return nil
        case .utf16LE: return "UTF-16LE"
        case .utf16BE: return "UTF-16BE"
        case .windows1252: return "CP1252"
        case .latin1: return "ISO-8859-1"
        case .cp949: return "CP949"
        case .shiftJIS: return "CP932"
        case .eucJP: return "EUC-JP"
        case .gb18030: return "GB18030"
        case .big5: return "CP950"
        case .windows1251: return "CP1251"
        case .koi8R: return "KOI8-R"
        case .windows1250: return "CP1250"
        case .windows1253: return "CP1253"
        case .windows1254: return "CP1254"
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

/// Where a file stops being UTF-8: its first byte that is not, that byte's offset from the
/// start of the file and its line (1-based, counting LF).
public struct FirstNonUTF8: Sendable, Equatable {
    public var byte: UInt8
    public var byteOffset: Int64
    public var line: Int

    public init(byte: UInt8, byteOffset: Int64, line: Int) {
        self.byte = byte
        self.byteOffset = byteOffset
        self.line = line
    }
}

/// A file-level failure to read or decode the bytes of a file.
public enum TextDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be opened or read; `reason` is the system's message (`strerror`).
    case unreadable(path: String, reason: String)
    /// The file changed while it was read: its size at the start and now, and the bytes read
    /// (the rows read would mix two versions of it).
    case changedWhileRead(path: String, FileChange)
    /// The file holds bytes that are invalid in its encoding (e.g. an unpaired UTF-16 surrogate)
    /// at this byte offset from the start of the file.
    case invalidBytes(encoding: TextEncoding, byteOffset: Int64)
    /// The file ends in the middle of a character (e.g. half a UTF-16 code unit or surrogate pair).
    case truncatedText(encoding: TextEncoding)
    /// The file starts with a UTF-8 byte order mark but holds bytes that are not UTF-8 at this offset.
    case invalidUTF8AfterBOM(byteOffset: Int64)
    /// glibc `iconv` does not know the conversion (should not happen on a glibc system).
    case converterUnavailable(from: String)
    /// Not UTF-8 (from `notUTF8`, when known), no legacy encoding found for it, and `byte` (at
    /// `byteOffset`) is undefined in Windows-1252: in ISO-8859-1 it would be a C1 control character.
    case unknownEncoding(byte: UInt8, byteOffset: Int64, notUTF8: FirstNonUTF8? = nil)
    /// Not UTF-8 from `notUTF8` on, though most of its text beyond ASCII is UTF-8 (`characters`
    /// of them): a mix, which no one encoding reads without garbling a part.
    case mixedWithUTF8(notUTF8: FirstNonUTF8, characters: Int)

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            return "cannot read \(path): \(reason)"
        case let .changedWhileRead(path, change):
            return "cannot read \(path): \(change.sentence)"
        case let .invalidBytes(encoding, offset):
            return "invalid \(encoding.rawValue) text at byte \(offset)"
                + (encoding == .utf8 ? ": the file is not UTF-8; leave --encoding out to have its encoding detected, or name it (one of \(TextEncoding.optionNames))"
                   // A named or detected legacy encoding: the byte fits none of its characters.
                   : encoding == .utf16LE || encoding == .utf16BE ? "" : ": no \(encoding.rawValue) character starts there (text pasted from another program?); "
                   + "fix that byte and import again, save the file as \"CSV UTF-8\", or name its encoding with --encoding (one of \(TextEncoding.optionNames))")
        case let .truncatedText(encoding):
            return "the \(encoding.rawValue) text ends in the middle of a character"
        case let .invalidUTF8AfterBOM(offset):
            return "the file starts with a UTF-8 byte order mark but byte \(offset) is not UTF-8"
        case let .converterUnavailable(from):
            return "iconv cannot convert from \(from)"
        case let .unknownEncoding(byte, offset, notUTF8):
            // Where it stops being UTF-8 first: in a UTF-8 file with one stray Latin-1 byte, the
            // byte named next may lie in good Hangul far before it (its UTF-8 bytes are no
            // Windows-1252 text either), where nothing is wrong.
            let whereNot = notUTF8.map { " (byte " + String(format: "0x%02X", $0.byte) + " at byte \($0.byteOffset), line \($0.line), is not)" } ?? ""
            return "the file is not UTF-8\(whereNot) and its encoding was not recognised: byte "
                + String(format: "0x%02X", byte) + " at byte \(offset) is no character in Windows-1252 and a control character in"
                + " ISO-8859-1. Save it as \"CSV UTF-8\", or name its encoding with --encoding (one of \(TextEncoding.optionNames))"
        case let .mixedWithUTF8(at, characters):
            return "the file mixes encodings: it holds \(characters) UTF-8 character\(characters == 1 ? "" : "s"), but byte "
                + String(format: "0x%02X", at.byte) + " at byte \(at.byteOffset), line \(at.line), is not UTF-8 (text from another"
                + " program, in Latin-1 or a code page?). Retype that line's accented letters and save the file as UTF-8; read as"
                + " Windows-1252 (--encoding Windows-1252) its UTF-8 characters would each become two or three signs (é as Ã©)"
        }
    }
}
