import CUchardet

/// uchardet's guess at the encoding of text that is not UTF-8, limited to the legacy CJK
/// encodings spreadsheets on Korean, Japanese and Chinese Windows write (`TextEncoding`'s
/// CP949, Shift_JIS, EUC-JP, GB18030, Big5) and the Cyrillic ones (Windows-1251, KOI8-R). Any other answer (Windows-1252, ISO-8859-x,
/// none) is nil: the detector's Windows-1252 rule decides those. A class: it owns the
/// detector, which `deinit` frees.
final class LegacyEncodingGuess {
    private let detector: uchardet_t?

    init() { detector = uchardet_new() }
    deinit { if let detector { uchardet_delete(detector) } }

    /// Feeds the next bytes of the text.
    func feed(_ bytes: [UInt8]) {
        guard let detector, !bytes.isEmpty else { return }
        _ = bytes.withUnsafeBufferPointer { b in
            b.withMemoryRebound(to: CChar.self) { uchardet_handle_data(detector, $0.baseAddress, $0.count) }
        }
    }

    /// Ends the text; the CJK encoding uchardet named, else nil.
    func finish() -> TextEncoding? {
        guard let detector else { return nil }
        uchardet_data_end(detector)
        guard let name = uchardet_get_charset(detector).map({ String(cString: $0) }),
              let encoding = TextEncoding(name: name), Self.candidates.contains(encoding) else { return nil }
        return encoding
    }

    /// The encodings taken from uchardet.
    /// Cyrillic too: every Cyrillic letter is a byte Windows-1252 reads as an accented Latin
    /// one (Москва as `Ìîñêâà`), and uchardet names these reliably, a word of them too; its
    /// Western and Central European guesses are not taken (it names `Café Zürich` ISO-8859-2).
    static let candidates: Set<TextEncoding> = [.cp949, .shiftJIS, .eucJP, .gb18030, .big5, .windows1251, .koi8R]

    /// True when the whole of `chunks` converts from `encoding` without an invalid or cut
    /// character (uchardet guesses from statistics; a guess that fails is not taken).
    static func converts(_ encoding: TextEncoding, _ next: () throws(TextDecodingError) -> [UInt8]?) throws(TextDecodingError) -> Bool {
        guard let name = encoding.iconvName, let converter = IconvConverter(from: name) else { return false }
        while let chunk = try next() {
            do { _ = try converter.convert(chunk) } catch { return false }
        }
        do { try converter.finish() } catch { return false }
        return true
    }
}
