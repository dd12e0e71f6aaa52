import PinModel
/// Chooses the encoding of a file or byte array (rules in `TextEncoding`'s documentation).
public enum TextEncodingDetector {
    /// Bytes Windows-1252 leaves undefined; a non-UTF-8 file holding one is read as ISO-8859-1.
    static let undefinedInWindows1252: Set<UInt8> = [0x81, 0x8D, 0x8F, 0x90, 0x9D]

    /// Detects the encoding of the file at `path`, reading it in 1 MiB chunks: once, or
    /// again for a file that is not UTF-8 (uchardet and the Windows-1252 check), and once
    /// more to confirm a CJK guess converts.
    /// - Throws: `TextDecodingError.unreadable` when it cannot be read;
    ///   `.invalidUTF8AfterBOM` when a UTF-8 byte order mark is followed by bytes that are
    ///   not UTF-8; `.unknownEncoding` when no encoding fits (see `TextEncoding`);
    ///   `.mixedWithUTF8` when most of it is UTF-8 and the rest is not (`UTF8Share`), unless
    ///   `refusingMixes` is false: an XML document is decoded by its parser, by its declaration.
    public static func detect(path: String, refusingMixes: Bool = true) throws(TextDecodingError) -> DetectedEncoding {
        let source = try FileChunkSource(path: path)
        let first = try source.nextChunk() ?? []
        return try detect(first: first, refusingMixes: refusingMixes) { () throws(TextDecodingError) -> [UInt8]? in
            try source.nextChunk()
        } rescan: { (notUTF8At) throws(TextDecodingError) -> LegacyScan in
            let again = try FileChunkSource(path: path)
            return try LegacyScan.of(notUTF8At: notUTF8At) { () throws(TextDecodingError) -> [UInt8]? in try again.nextChunk() }
        } converts: { (encoding) throws(TextDecodingError) -> Bool in
            let again = try FileChunkSource(path: path)
            return try LegacyEncodingGuess.converts(encoding) { () throws(TextDecodingError) -> [UInt8]? in try again.nextChunk() }
        }
    }

    /// Detects the encoding of bytes already in memory.
    /// - Throws: `TextDecodingError.invalidUTF8AfterBOM` and `.unknownEncoding` as `detect(path:)`.
    public static func detect(bytes: [UInt8]) throws(TextDecodingError) -> DetectedEncoding {
        var done = false
        func once() -> () -> [UInt8]? {
            var given = false
            return { defer { given = true }; return given ? nil : bytes }
        }
        return try detect(first: bytes) { () throws(TextDecodingError) -> [UInt8]? in
            defer { done = true }
            return done ? nil : []
        } rescan: { (notUTF8At) throws(TextDecodingError) -> LegacyScan in
            let next = once()
            return try LegacyScan.of(notUTF8At: notUTF8At) { () throws(TextDecodingError) -> [UInt8]? in next() }
        } converts: { (encoding) throws(TextDecodingError) -> Bool in
            let next = once()
            return try LegacyEncodingGuess.converts(encoding) { () throws(TextDecodingError) -> [UInt8]? in next() }
        }
    }

    /// What a second reading of a file that is not UTF-8 found: uchardet's CJK guess, the
    /// first byte Windows-1252 leaves undefined, with its offset, and the byte at `notUTF8At`
    /// (where the UTF-8 check stopped) with its line.
    struct LegacyScan {
        var guess: TextEncoding?
        var undefined: (byte: UInt8, offset: Int64)?
        var notUTF8: FirstNonUTF8?
        var hangul = HangulPairs()
        var utf8 = UTF8Share()

        static func of(notUTF8At: Int64? = nil, _ next: () throws(TextDecodingError) -> [UInt8]?) throws(TextDecodingError) -> LegacyScan {
            let guesser = LegacyEncodingGuess()
            var scan = LegacyScan()
            var offset: Int64 = 0
            var lines = 1  // LFs before `notUTF8At`, plus one
            while let chunk = try next() {
                guesser.feed(chunk)
                scan.hangul.feed(chunk)
                scan.utf8.feed(chunk)
                if scan.undefined == nil, let i = chunk.firstIndex(where: { undefinedInWindows1252.contains($0) }) {
                    scan.undefined = (chunk[i], offset + Int64(i))
                }
                if let at = notUTF8At, scan.notUTF8 == nil {
                    let end = Int(min(at - offset, Int64(chunk.count)))
                    lines += chunk[..<max(end, 0)].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
                    if end < chunk.count { scan.notUTF8 = FirstNonUTF8(byte: chunk[end], byteOffset: at, line: lines) }
                }
                offset += Int64(chunk.count)
            }
            scan.guess = guesser.finish()
            return scan
        }
    }

    /// Whether every byte beyond ASCII pairs into a Hangul syllable as CP949 (EUC-KR) writes
    /// 가–힝: a lead byte 0xB0–0xC8, then a trail byte 0xA1–0xFE. uchardet names no encoding
    /// for a few short Korean names (`경복궁` in a small CSV), and Windows-1252, which reads
    /// every such byte as a letter or sign (`°æº¹±Ã`), took the file; Western text in
    /// Windows-1252 has its accented letters between ASCII ones, almost never two in a row
    /// in these ranges.
    struct HangulPairs {
        private(set) var syllables = 0
        /// Bytes beyond ASCII in no such pair (a lead byte whose trail is not one counts once).
        private(set) var strays = 0
        private var lead = false

        mutating func feed(_ chunk: [UInt8]) {
            for b in chunk {
                if lead {
                    lead = false
                    if b >= 0xA1 && b <= 0xFE { syllables += 1; continue }
                    strays += 1
                }
                if b >= 0x80 {
                    if b >= 0xB0 && b <= 0xC8 { lead = true } else { strays += 1 }
                }
            }
        }

        /// At least one syllable, and no other byte beyond ASCII.
        var isHangul: Bool { strays == 0 && !lead && syllables > 0 }

        /// Korean text with a few bytes that are not (a byte pasted from elsewhere, a cut
        /// character): at least 20 syllables and a stray for 10 of them at most (Western
        /// text makes almost no pairs; Cyrillic makes some, with far more strays, and its own
        /// guess converts first). Read as Windows-1252, every syllable would turn into two
        /// signs and the header name no column; read as CP949, the import stops at the stray
        /// byte, naming it.
        var isMostlyHangul: Bool { syllables >= 20 && (strays + (lead ? 1 : 0)) * 10 <= syllables }
    }

    /// How much of a file that is not UTF-8 is UTF-8 all the same: its well-formed multi-byte
    /// characters against the bytes beyond ASCII that are in none. Windows-1252 text seldom
    /// forms one (an accented letter is followed by ASCII, not by a byte 0x80–0xBF), so a
    /// file where they outnumber the rest is UTF-8 with a line from elsewhere (a row pasted in
    /// Latin-1): read as Windows-1252, every one of its UTF-8 characters would turn into two
    /// or three signs (`Café` → `CafÃ©`), with no error.
    struct UTF8Share {
        private(set) var characters = 0
        private(set) var others = 0
        /// The bytes of a sequence the chunk cut off (at most 3).
        private var carry: [UInt8] = []

        mutating func feed(_ chunk: [UInt8]) {
            let bytes = carry + chunk
            carry = []
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                if b < 0x80 { i += 1; continue }
                let length = UTF8Validator.sequenceLength(b)
                if length > 1, i + length > bytes.count, bytes[(i + 1)...].allSatisfy({ $0 & 0xC0 == 0x80 }) {
                    carry = Array(bytes[i...])
                    return
                }
                if length > 1, i + length <= bytes.count, UTF8Validator.isValid(bytes[i..<(i + length)]) {
                    characters += 1
                    i += length
                } else {
                    others += 1
                    i += 1
                }
            }
        }

        /// More UTF-8 characters than bytes outside them.
        var isMostlyUTF8: Bool { characters > others + carry.count }
    }

    /// The byte order mark at the start of `bytes`, if any.
    public static func byteOrderMark(_ bytes: [UInt8]) -> DetectedEncoding? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return DetectedEncoding(encoding: .utf8, bomLength: 3) }
        if bytes.starts(with: [0xFF, 0xFE]) { return DetectedEncoding(encoding: .utf16LE, bomLength: 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return DetectedEncoding(encoding: .utf16BE, bomLength: 2) }
        return nil
    }

    /// UTF-16 without a byte order mark, recognised by NUL bytes in every other position of the
    /// first 512 bytes (ASCII-heavy text, as spreadsheets write it). UTF-8 text has no NULs.
    static func unmarkedUTF16(_ bytes: [UInt8]) -> TextEncoding? {
        let sample = bytes.prefix(512)
        let pairs = sample.count / 2
        guard pairs >= 2 else { return nil }
        var zeroEven = 0, zeroOdd = 0
        for (k, b) in sample.enumerated() where b == 0 {
            if k % 2 == 0 { zeroEven += 1 } else { zeroOdd += 1 }
        }
        if zeroOdd * 10 >= pairs * 4 && zeroEven * 20 < pairs { return .utf16LE }
        if zeroEven * 10 >= pairs * 4 && zeroOdd * 20 < pairs { return .utf16BE }
        return nil
    }

    private static func detect(
        first: [UInt8],
        refusingMixes: Bool = true,
        next: () throws(TextDecodingError) -> [UInt8]?,
        rescan: (_ notUTF8At: Int64?) throws(TextDecodingError) -> LegacyScan,
        converts: (TextEncoding) throws(TextDecodingError) -> Bool
    ) throws(TextDecodingError) -> DetectedEncoding {
        if let bom = byteOrderMark(first), bom.encoding != .utf8 { return bom }
        let bomLength = byteOrderMark(first)?.bomLength ?? 0
        if bomLength == 0, let utf16 = unmarkedUTF16(first) {
            return DetectedEncoding(encoding: utf16, bomLength: 0)
        }
        var validator = UTF8Validator()
        first.withUnsafeBufferPointer { _ = validator.feed($0) }
        while validator.isValid, let chunk = try next(), !chunk.isEmpty {
            chunk.withUnsafeBufferPointer { _ = validator.feed($0) }
        }
        if validator.finish() { return DetectedEncoding(encoding: .utf8, bomLength: bomLength) }
        if bomLength > 0 {
            throw .invalidUTF8AfterBOM(byteOffset: validator.firstInvalidOffset ?? 0)
        }
        let scan = try rescan(validator.firstInvalidOffset)
        // Before any legacy guess: a single-byte one (Windows-1251) converts a mix too. Legacy
        // CJK text is never mostly UTF-8 (few of its pairs form a UTF-8 character).
        if refusingMixes, scan.utf8.isMostlyUTF8, let at = scan.notUTF8 {
            throw .mixedWithUTF8(notUTF8: at, characters: scan.utf8.characters)
        }
        if let guess = scan.guess, try converts(guess) { return DetectedEncoding(encoding: guess, bomLength: 0) }
        if scan.guess != .cp949, scan.hangul.isHangul, try converts(.cp949) { return DetectedEncoding(encoding: .cp949, bomLength: 0) }
        // Korean text that CP949 does not convert whole: its decoding stops at the byte, named.
        if scan.hangul.isMostlyHangul { return DetectedEncoding(encoding: .cp949, bomLength: 0) }
        if let (byte, offset) = scan.undefined { throw .unknownEncoding(byte: byte, byteOffset: offset, notUTF8: scan.notUTF8) }
        return DetectedEncoding(encoding: .windows1252, bomLength: 0)
    }
}
