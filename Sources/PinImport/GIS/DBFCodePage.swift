import PinModel

/// The text encoding of a `.dbf` attribute table, from what shapelib's `DBFGetCodePage`
/// returns: the `.cpg` file's first line (`CP949`, `UTF-8`, `65001`, `ANSI 1252`), else
/// `LDID/n`, the language driver byte of the dbf header (dBASE/ESRI's table, as GDAL reads it).
/// Without either the bytes decide (`detect`).
enum DBFCodePage {
    /// ESRI/dBASE language driver IDs → iconv names (the ones GDAL's Shapefile driver maps),
    /// except 0x57 (87), ESRI's "ANSI": the code page of the Windows that wrote the file, which
    /// names none (ArcGIS on Korean Windows writes CP949 under it; read as CP1252, 경복궁 was
    /// `°æº¹±Ã`). The text decides for it (`detect`), as for a file with no byte.
    static let currentANSI = 0x57
    static let ldid: [Int: String] = [
        0x01: "CP437", 0x02: "CP850", 0x03: "CP1252", 0x04: "MACINTOSH", 0x08: "CP865", 0x09: "CP437", 0x0A: "CP850",
        0x0B: "CP437", 0x0D: "CP437", 0x0E: "CP850", 0x0F: "CP437", 0x10: "CP850", 0x11: "CP437", 0x12: "CP850",
        0x13: "CP932", 0x14: "CP850", 0x15: "CP437", 0x16: "CP850", 0x17: "CP865", 0x18: "CP437", 0x19: "CP437",
        0x1A: "CP850", 0x1B: "CP437", 0x1C: "CP863", 0x1D: "CP850", 0x1F: "CP852", 0x22: "CP852", 0x23: "CP852",
        0x24: "CP860", 0x25: "CP850", 0x26: "CP866", 0x37: "CP850", 0x40: "CP852", 0x4D: "CP936", 0x4E: "CP949",
        0x4F: "CP950", 0x50: "CP874", 0x58: "CP1252", 0x59: "CP1252", 0x64: "CP852", 0x65: "CP866",
        0x66: "CP865", 0x67: "CP861", 0x6A: "CP737", 0x6B: "CP857", 0x6C: "CP863", 0x78: "CP950", 0x79: "CP949",
        0x7A: "CP936", 0x7B: "CP932", 0x7C: "CP874", 0x86: "CP737", 0x87: "CP852", 0x88: "CP857", 0xC8: "CP1250",
        0xC9: "CP1251", 0xCA: "CP1254", 0xCB: "CP1253", 0xCC: "CP1257",
    ]

    /// The iconv name for `codePage` (nil: unknown, let the bytes decide) and how the report
    /// names where it came from (`CP949 (.cpg)`, `CP949 (LDID 121)`).
    static func encoding(_ codePage: String?) -> (iconv: String, label: String)? {
        guard let raw = codePage.map(trimmedText), !raw.isEmpty else { return nil }
        if raw.hasPrefix("LDID/") {
            guard let n = Int(raw.dropFirst(5)), n != currentANSI, let name = ldid[n] else { return nil }
            return (name, "\(name) (dbf language driver \(n))")
        }
        let upper = raw.uppercased()
        let name: String
        switch upper {
        case "UTF-8", "UTF8", "65001": name = "UTF-8"
        case _ where upper.hasPrefix("ANSI "): name = "CP" + upper.dropFirst(5)
        case _ where upper.allSatisfy(\.isNumber):
            // Windows code page numbers: 949, 1252; ISO 8859 parts written 8859N / 8859-N.
            name = upper.hasPrefix("8859") ? "ISO-8859-" + upper.dropFirst(4) : "CP" + upper
        case _ where upper.hasPrefix("8859"):
            name = "ISO-8859-" + upper.dropFirst(4).drop { $0 == "-" || $0 == "_" }
        case "EUC-KR", "EUCKR", "KS_C_5601-1987", "KSC5601", "UHC": name = "CP949"
        default: name = upper
        }
        return (name, "\(name) (.cpg)")
    }

    /// The encoding of a `.dbf` that names none, from its text (field names and values): UTF-8
    /// when every sample is valid UTF-8 (a 10-byte name may end in a cut character:
    /// `DBFTextDecoder.decodeName`); else CP949 (Korean Windows, a superset of EUC-KR) when
    /// every sample decodes in it and one holds Hangul; else CP1252 when every sample decodes
    /// in it; else ISO-8859-1, which keeps every byte. Hangul is required of CP949 because its
    /// two-byte pairs also read Latin text with accents, as the wrong syllables.
    /// `codePage` is what shapelib read (`LDID/87` is said in the label).
    static func detect(_ sample: [[UInt8]], codePage: String? = nil) -> (iconv: String, label: String) {
        let why = codePage.map(trimmedText) == "LDID/\(currentANSI)"
            ? "dbf language driver \(currentANSI), the writer's ANSI code page: detected from the text"
            : "no .cpg or code page byte: detected from the text"
        if let utf8 = DBFTextDecoder(iconvName: nil), sample.allSatisfy({ utf8.decodeName($0) != nil }) { return ("UTF-8", "UTF-8 (\(why))") }
        let nonASCII = sample.filter { $0.contains { $0 >= 0x80 } }
        if let cp949 = DBFTextDecoder(iconvName: "CP949") {
            let texts = nonASCII.map(cp949.decodeName)
            if texts.allSatisfy({ $0 != nil }),
               texts.contains(where: { $0!.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }) {
                return ("CP949", "CP949 (\(why))")
            }
        }
        if let cp1252 = DBFTextDecoder(iconvName: "CP1252"), nonASCII.allSatisfy({ cp1252.decode($0) != nil }) {
            return ("CP1252", "CP1252 (\(why))")
        }
        return ("ISO-8859-1", "ISO-8859-1 (\(why): no other encoding reads every value)")
    }
}

/// Converts `.dbf` field bytes to text in one encoding (whole values; nothing is replaced:
/// bytes invalid in it fail).
final class DBFTextDecoder {
    private let iconvName: String?
    /// One converter for every value (opened once); replaced after a value fails mid-way.
    private var converter: IconvConverter?

    /// - Parameter iconvName: nil or `UTF-8`: the bytes are UTF-8. Nil when glibc's iconv
    ///   does not know the encoding.
    init?(iconvName: String?) {
        if let iconvName, iconvName != "UTF-8" {
            guard let c = IconvConverter(from: iconvName) else { return nil }
            self.iconvName = iconvName
            converter = c
        } else {
            self.iconvName = nil
        }
    }

    /// The text of a field name (or a sample that may be one): as `decode`, except that a name
    /// of the most bytes a `.dbf` holds (10) may end in part of a character, which is dropped:
    /// GDAL cuts `도로명주소상세` to its first 10 bytes, `도로명` and one byte of `주` (that name
    /// became `field 2`, and without a `.cpg` the whole table was read as ISO-8859-1). Nil when
    /// the bytes are invalid otherwise.
    func decodeName(_ bytes: [UInt8]) -> String? {
        if let text = decode(bytes) { return text }
        guard bytes.count == AttributeRoles.dbfNameLength else { return nil }
        for cut in 1...3 where bytes.suffix(cut).allSatisfy({ $0 >= 0x80 }) {
            if let text = decode(Array(bytes.dropLast(cut))) { return text }
        }
        return nil
    }

    /// The text of `bytes`; nil when they are invalid in the encoding.
    func decode(_ bytes: [UInt8]) -> String? {
        guard let iconvName else { return String(validating: bytes, as: UTF8.self) }
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }  // ASCII: the same in every code page used here
        guard let c = converter ?? IconvConverter(from: iconvName) else { return nil }
        do {
            let out = try c.convert(bytes)
            try c.finish()
            converter = c
            return String(decoding: out, as: UTF8.self)
        } catch {
            converter = nil
            return nil
        }
    }
}
